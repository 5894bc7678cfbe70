import Foundation
import KBFiles
import KBModel
import KBStore
import KBSearch

public struct ImportOptions: Sendable {
    /// Refuse the whole import, writing nothing, when any file has an error. Otherwise (keep going)
    /// every good file is imported and every bad one named.
    public var strict = false
    /// A file larger than this is an error, not read: criteria documents are kilobytes (the site's
    /// whole content.json a few megabytes), and a 50 MB file is a mistake, not a document.
    public var maxFileBytes = 16 << 20
    /// A checkout folder makes the knowledge base mirror it: sources below it that are no longer
    /// there (renamed, removed) are removed with their components. False: they stay.
    /// Files named one by one never remove anything.
    public var prune = true
    /// Removes the seed documents built into a11ykb (`(embedded)/seed/...`) in the same
    /// transaction: a knowledge base that now holds a real checkout drops the seed it started with.
    public var replaceSeed = false
    /// An imported wcag.json's success criteria are taken as written even where they contradict
    /// WCAG 2.2 as W3C published it (built into a11ykb). False: the built-in rows are kept, and
    /// each contradiction is said.
    public var trustCatalogueFiles = false
    /// Seconds to wait for another import's write lock; nil: as long as it holds it.
    public var lockWait: TimeInterval?
    /// Told once when the wait for the lock passes a second (a terminal says why nothing happens).
    public var onWaitingForLock: (@Sendable () -> Void)?

    /// Called as the import goes (from several threads; see `ImportProgress`). Nil: no reports.
    public var progress: (@Sendable (ImportProgress) -> Void)?
    /// Told where the import's time goes, stage by stage (`scripts/bench`). Nil: nothing is timed.
    public var stages: ImportStages?

    public init(strict: Bool = false, maxFileBytes: Int = 16 << 20, prune: Bool = true, lockWait: TimeInterval? = nil,
                onWaitingForLock: (@Sendable () -> Void)? = nil, progress: (@Sendable (ImportProgress) -> Void)? = nil,
                stages: ImportStages? = nil) {
        self.strict = strict
        self.maxFileBytes = maxFileBytes
        self.prune = prune
        self.lockWait = lockWait
        self.onWaitingForLock = onWaitingForLock
        self.progress = progress
        self.stages = stages
    }
}

/// A document read from standard input (`import -`): its bytes, and the file name it goes by,
/// which gives its slug when its content names none (as a loose file's does). It is stored as
/// `(stdin)/NAME`: it has no folder, and importing it again under that name replaces it.
public struct StandardInputDocument: Sendable {
    public var name: String
    public var bytes: Data

    public init(name: String, bytes: Data) {
        self.name = name
        self.bytes = bytes
    }

    public static let folder = "(stdin)"

    var document: SourceDocument {
        SourceDocument(path: "\(Self.folder)/\(name)", bytes: bytes, hints: SourceHints(looseFileName: name),
                       role: name.lowercased().hasSuffix(".vtt") ? .transcript : .document)
    }
}

/// How far an import has come, for a progress line. Files are read on every core at once, so
/// reports come from several threads, in no strict order of `done`.
public struct ImportProgress: Sendable, Equatable {
    public enum Stage: Sendable, Equatable {
        /// A strict import's first pass: every file is read to find errors before anything is written.
        case checking
        /// Files read, parsed and normalized (and written, one batch behind).
        case reading
        /// The search index rebuilt once after a large import (schema 0004).
        case indexing
    }

    public var stage: Stage
    /// Files read so far, of `total` (each counted once per stage).
    public var done: Int
    public var total: Int
    /// The file just read (`reading`, `checking`).
    public var path: String?

    public init(stage: Stage, done: Int, total: Int, path: String? = nil) {
        self.stage = stage
        self.done = done
        self.total = total
        self.path = path
    }
}

/// Counts files read across the threads that read them, and reports each to `ImportOptions.progress`.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let stage: ImportProgress.Stage
    let total: Int
    let report: @Sendable (ImportProgress) -> Void

    init(_ stage: ImportProgress.Stage, total: Int, report: @escaping @Sendable (ImportProgress) -> Void) {
        self.stage = stage
        self.total = total
        self.report = report
    }

    func fileRead(_ path: String) {
        lock.lock()
        done += 1
        let progress = ImportProgress(stage: stage, done: done, total: total, path: path)
        lock.unlock()
        report(progress)
    }
}

/// Reads, normalizes and writes documents: files and folders from a user, or the embedded seed.
/// Parsing happens before the database is touched; all writing is one transaction, in which
/// `ImportPlanner` decides what each document changes (from what is stored, read under the write
/// lock) and the store's `EntryWriter` executes it. The summary is made of the plan's outcomes.
///
/// Documents are prepared (read, hashed, parsed, normalized) in batches on every core while the
/// previous batch is written, so memory holds two batches, not the whole import. The read-write
/// connection opens only when the first document to write is ready: an import of unchanged files
/// writes nothing at all.
package struct Importer {
    let knowledgeBase: KnowledgeBase

    package init(_ knowledgeBase: KnowledgeBase) {
        self.knowledgeBase = knowledgeBase
    }

    static let batchSize = 256

    /// Imports files and folders, and `standardInput` (a document read from stdin) after them.
    package func importPaths(_ paths: [String], standardInput: StandardInputDocument? = nil,
                             options: ImportOptions = ImportOptions()) throws -> ImportSummary {
        var collected = FileCollector.collect(paths)
        // The knowledge base (and its -wal, -shm) inside an imported folder is not a document.
        let own = Set(["", "-wal", "-shm", "-journal"].compactMap { FileKind.identity(knowledgeBase.path + $0) })
        collected.files.removeAll { file in FileKind.identity(file.path).map(own.contains) ?? false }
        var summary = ImportSummary()
        summary.skipped = collected.skipped
        summary.ignoredInCheckout = collected.ignoredInCheckout
        summary.errors = collected.errors.map { ImportSummary.Problem(path: $0.path, line: nil, message: $0.reason) }
        var mirror = options.prune ? Mirror(collected) : Mirror()
        // The seed goes only when something is there to replace it: a mistyped path (or a folder
        // holding no document) must not leave the knowledge base empty.
        mirror.dropsSeed = options.replaceSeed && (!collected.files.isEmpty || standardInput != nil)
        return try run(collected.files.map(ImportInput.file) + (standardInput.map { [.memory($0.document)] } ?? []),
                       options: options, summary: summary, mirror: mirror)
    }

    /// Imports documents already in memory (the embedded seed, tests).
    func importDocuments(_ documents: [SourceDocument], options: ImportOptions = ImportOptions(),
                         summary: ImportSummary = ImportSummary()) throws -> ImportSummary {
        try run(documents.map(ImportInput.memory), options: options, summary: summary)
    }

    func run(_ inputs: [ImportInput], options: ImportOptions, summary initial: ImportSummary,
             mirror: Mirror = Mirror()) throws -> ImportSummary {
        let start = ImportStages.now()
        defer { options.stages?.add(.total, since: start) }
        return try run(inputs, options: options, summary: initial, mirror: mirror, stages: options.stages)
    }

    func run(_ inputs: [ImportInput], options: ImportOptions, summary initial: ImportSummary, mirror: Mirror,
             stages: ImportStages?) throws -> ImportSummary {
        var known = try knowledgeBase.sourceHashes()
        let gone = mirror.gone(from: known.keys)
        // What a removal takes away with it is written again in the same import: a source the
        // gone one had superseded, and the captions of the components it held.
        for path in try knowledgeBase.dependents(of: Set(gone)) { known[path] = nil }
        // A page its checkout now names otherwise (a page of its name appeared in, or went from,
        // another category folder: `PageNames`) is read again, unchanged or not, to be renamed.
        let held = try knowledgeBase.componentSlugs()
        for input in inputs {
            guard let slug = input.file.hints.slug.map(Vocabulary.currentSlug), let slugs = held[input.file.path], !slugs.contains(slug) else { continue }
            if let category = input.file.hints.category, slugs.contains(Slug.qualified(slug, by: category)) { continue }
            known[input.file.path] = nil
        }
        var batches = Batches(inputs: Importer.componentsFirst(inputs), known: known, limit: options.maxFileBytes, stages: stages)
        if options.strict {
            batches.counter = options.progress.map { ProgressCounter(.checking, total: inputs.count, report: $0) }
            if let refused = batches.refusal(initial) { return refused }
        }
        batches.counter = options.progress.map { ProgressCounter(.reading, total: inputs.count, report: $0) }
        var summary = initial
        let waitStart = ImportStages.now()
        let firstBatch = batches.firstBatchToWrite(recordingSkipped: &summary)
        stages?.add(.waitPrepare, since: waitStart)
        // Nothing to write and nothing gone: the writer is not even opened.
        guard firstBatch != nil || !gone.isEmpty else { return summary }
        knowledgeBase.waitForLock(limit: options.lockWait, onWaiting: options.onWaitingForLock)
        var committed: ImportSummary?
        do {
            return try write(firstBatch, batches: &batches, mirror: mirror, summary: summary, options: options, stages: stages,
                             committed: &committed)
        } catch let error as StoreError {
            // Committed, but only in the -wal: the import is not done, and says so (status 1).
            guard case .notCheckpointed = error, var summary = committed else { throw error }
            summary.errors.append(ImportSummary.Problem(path: knowledgeBase.path, line: nil, message: error.description))
            return summary
        }
    }

    private func write(_ firstBatch: (Int, [PreparedDocument])?, batches: inout Batches, mirror: Mirror, summary: ImportSummary,
                       options: ImportOptions, stages: ImportStages?, committed: inout ImportSummary?) throws -> ImportSummary {
        var summary = summary
        return try knowledgeBase.writeInTransaction(stages: stages) { writer in
            // What is stored is read under the lock: another import may have written meanwhile.
            var planner = ImportPlanner(try stages.measure(.plan) { try writer.storedState() },
                                        trustCatalogueFiles: options.trustCatalogueFiles)
            let index = try SearchIndex.Import(begin: writer.db)
            // Removals first, so that what they release is written afresh by the batches.
            let removal = planner.remove(mirror.gone(from: planner.sourcePaths))
            summary.record(removal)
            try writer.execute(removal.operations)
            if let (first, prepared) = firstBatch {
                try batches.write(from: first, prepared: prepared, planner: &planner, writer: &writer, index: index,
                                  summary: &summary, progress: options.progress)
            }
            try index.finish()
            try writer.dropUnusedRoots()
            committed = summary
            return summary
        }
    }

    /// The checkout folders an import mirrors, and what was found in them.
    struct Mirror {
        var folders: [String] = []
        var unreadable: [String] = []
        var checkouts: Set<String> = []
        var found: Set<String> = []
        /// The seed's sources count as gone (`ImportOptions.replaceSeed`).
        var dropsSeed = false

        init() {}

        init(_ collected: FileCollector.Result) {
            folders = collected.mirrored
            unreadable = collected.unreadable
            checkouts = collected.checkouts
            found = Set(collected.files.map(\.path))
        }

        /// Source paths that are gone from a mirrored folder: not found by its walk, owned by it (a
        /// path its walk would take: not a file imported by name that the layout ignores, not in a
        /// hidden folder), not below a folder that could not be read, and with nothing at the path
        /// any more (a dangling link or an unreadable file is not gone: what it held is unknown).
        func gone<S: Sequence>(from paths: S) -> [String] where S.Element == String {
            guard !folders.isEmpty || dropsSeed else { return [] }
            func below(_ path: String, _ folder: String) -> Bool { path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/") }
            return paths.filter { path in
                if dropsSeed && DefaultKnowledgeBase.isSeed(path) { return true }
                return !found.contains(path) && !unreadable.contains { below(path, $0) }
                    && folders.contains { FileCollector.owns(path, folder: $0, checkouts: checkouts) }
                    && FileKind.isAbsent(path)
            }.sorted()
        }
    }

    /// Components before captions, so that captions find the component they belong to; otherwise
    /// in the order given.
    static func componentsFirst(_ inputs: [ImportInput]) -> [ImportInput] {
        inputs.enumerated().sorted {
            let (a, b) = ($0.element.file.role == .transcript ? 1 : 0, $1.element.file.role == .transcript ? 1 : 0)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The inputs cut into batches, with what the knowledge base already holds.
    struct Batches {
        let inputs: [ImportInput]
        let known: [String: String]
        let limit: Int
        let batches: [Range<Int>]
        let stages: ImportStages?
        /// Told of every file read, when the caller asked for progress.
        var counter: ProgressCounter?

        init(inputs: [ImportInput], known: [String: String], limit: Int, stages: ImportStages? = nil) {
            self.inputs = inputs
            self.known = known
            self.limit = limit
            self.stages = stages
            batches = stride(from: 0, to: inputs.count, by: Importer.batchSize).map {
                $0..<min($0 + Importer.batchSize, inputs.count)
            }
        }

        func prepare(_ batch: Int) -> [PreparedDocument] {
            PreparedDocument.prepare(inputs, batches[batch], known: known, limit: limit, stages: stages, counter: counter)
        }

        /// The next batch, prepared while the writer writes this one: on every core but the
        /// writer's, so that reading pages never takes the writer's core from it (SQLite's work is
        /// the import's floor), and on the writer's too once it has written its batch.
        func prepareBesideWriter(_ batch: Int) -> BatchPreparation {
            let preparation = BatchPreparation(inputs: inputs, range: batches[batch], known: known, limit: limit, stages: stages,
                                               counter: counter)
            preparation.start(workers: ProcessInfo.processInfo.activeProcessorCount - 1)
            return preparation
        }

        /// A strict import: a first pass finds every error before anything is written. The summary of a
        /// refused import, or nil when the import may run.
        func refusal(_ initial: ImportSummary) -> ImportSummary? {
            var check = initial
            for batch in batches.indices {
                for document in prepare(batch) { document.record(in: &check) }
            }
            guard !check.errors.isEmpty else { return nil }
            check.refused = true
            return check
        }

        /// The first batch with something to write, prepared; batches before it (unchanged,
        /// skipped, failed files) are recorded and need no writer. Nil when nothing is to be written.
        func firstBatchToWrite(recordingSkipped summary: inout ImportSummary) -> (Int, [PreparedDocument])? {
            for batch in batches.indices {
                let prepared = prepare(batch)
                if prepared.contains(where: { $0.writable != nil }) { return (batch, prepared) }
                for document in prepared { document.record(in: &summary) }
            }
            return nil
        }

        /// Plans and writes batch after batch, preparing the next one on other cores meanwhile.
        func write(from first: Int, prepared: [PreparedDocument], planner: inout ImportPlanner, writer: inout EntryWriter,
                   index: SearchIndex.Import, summary: inout ImportSummary, progress: (@Sendable (ImportProgress) -> Void)?) throws {
            var current = prepared
            for batch in first..<batches.count {
                let upcoming = batch + 1 < batches.count ? prepareBesideWriter(batch + 1) : nil
                for document in current {
                    guard let writable = document.writable else {
                        document.record(in: &summary)
                        continue
                    }
                    let plan = stages.measure(.plan) { planner.plan(writable) }
                    summary.record(plan)
                    try index.willWrite()
                    try writer.execute(plan.operations)
                }
                current = upcoming?.finish { stages?.add(.waitPrepare, since: $0) } ?? []
            }
            if index.isBulk { progress?(ImportProgress(stage: .indexing, done: inputs.count, total: inputs.count)) }
            try stages.measure(.fts) { try index.rebuildIfBulk() }
        }
    }
}

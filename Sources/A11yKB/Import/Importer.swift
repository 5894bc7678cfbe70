import Foundation

public struct ImportOptions: Sendable {
    /// Refuse the whole import, writing nothing, when any file has an error. Otherwise (keep going)
    /// every good file is imported and every bad one named.
    public var strict = false
    /// A file larger than this is an error, not read: criteria documents are kilobytes (the site's
    /// whole content.json a few megabytes), and a 50 MB file is a mistake, not a document.
    public var maxFileBytes = 16 << 20

    public init(strict: Bool = false, maxFileBytes: Int = 16 << 20) {
        self.strict = strict
        self.maxFileBytes = maxFileBytes
    }
}

/// Reads, normalizes and writes documents: files and folders from a user, or the embedded seed.
/// Parsing happens before the database is touched; all writing is one transaction.
///
/// Documents are prepared (read, hashed, parsed, normalized) in batches on every core while the
/// previous batch is written, so memory holds two batches, not the whole import. The read-write
/// connection opens only when the first document to write is ready: an import of unchanged files
/// writes nothing at all.
struct Importer {
    let knowledgeBase: KnowledgeBase

    init(_ knowledgeBase: KnowledgeBase) {
        self.knowledgeBase = knowledgeBase
    }

    static let batchSize = 256

    /// Imports files and folders.
    func importPaths(_ paths: [String], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
        let collected = FileCollector.collect(paths)
        var summary = ImportSummary()
        summary.skipped = collected.skipped
        summary.ignoredInCheckout = collected.ignoredInCheckout
        summary.errors = collected.errors.map { ImportSummary.Problem(path: $0.path, line: nil, message: $0.reason) }
        return try run(collected.files.map(ImportInput.file), options: options, summary: summary)
    }

    /// Imports documents already in memory (the embedded seed, tests).
    func importDocuments(_ documents: [SourceDocument], options: ImportOptions = ImportOptions(),
                         summary: ImportSummary = ImportSummary()) throws -> ImportSummary {
        try run(documents.map(ImportInput.memory), options: options, summary: summary)
    }

    func run(_ inputs: [ImportInput], options: ImportOptions, summary initial: ImportSummary) throws -> ImportSummary {
        let plan = Plan(inputs: Importer.componentsFirst(inputs), known: try knowledgeBase.sourceHashes(),
                        limit: options.maxFileBytes)
        if options.strict, let refused = plan.refusal(initial) { return refused }
        var summary = initial
        guard let (first, prepared) = plan.firstBatchToWrite(recordingSkipped: &summary) else { return summary }
        return try knowledgeBase.writeInTransaction { writer in
            try writer.deferComponentDocuments()
            try plan.write(from: first, prepared: prepared, with: &writer, summary: &summary)
            try writer.writePendingComponentDocuments()
            return summary
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
    struct Plan {
        let inputs: [ImportInput]
        let known: [String: String]
        let limit: Int
        let batches: [Range<Int>]

        init(inputs: [ImportInput], known: [String: String], limit: Int) {
            self.inputs = inputs
            self.known = known
            self.limit = limit
            batches = stride(from: 0, to: inputs.count, by: Importer.batchSize).map {
                $0..<min($0 + Importer.batchSize, inputs.count)
            }
        }

        func prepare(_ batch: Int) -> [PreparedDocument] {
            PreparedDocument.prepare(inputs, batches[batch], known: known, limit: limit)
        }

        /// `--strict`: a first pass finds every error before anything is written. The summary of a
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

        /// Writes batch after batch, preparing the next one on other cores meanwhile.
        func write(from first: Int, prepared: [PreparedDocument], with writer: inout EntryWriter,
                   summary: inout ImportSummary) throws {
            var current = prepared
            let bulk = BulkIndexing(existingSources: try writer.sourceCount())
            for batch in first..<batches.count {
                let upcoming = Box<[PreparedDocument]>([])
                let group = DispatchGroup()
                if batch + 1 < batches.count {
                    DispatchQueue.global().async(group: group) { upcoming.value = prepare(batch + 1) }
                }
                for document in current {
                    guard let writable = document.writable else {
                        document.record(in: &summary)
                        continue
                    }
                    try bulk.willWrite(with: writer)
                    try writer.write(writable, summary: &summary)
                }
                group.wait()
                current = upcoming.value
            }
            try bulk.finish(with: writer)
        }
    }

    /// An import as large as what the knowledge base already holds switches the search index's
    /// triggers off and rebuilds it once at the end, in the same transaction: one rebuild beats
    /// row-by-row upkeep (schema 0004).
    final class BulkIndexing {
        let existingSources: Int
        private var written = 0
        private(set) var isOn = false

        init(existingSources: Int) { self.existingSources = existingSources }

        func willWrite(with writer: EntryWriter) throws {
            written += 1
            if !isOn && written >= 50 && written * 2 >= existingSources {
                try writer.setBulkIndexing(true)
                isOn = true
            }
        }

        func finish(with writer: EntryWriter) throws {
            guard isOn else { return }
            try writer.rebuildSearchIndex()
            try writer.setBulkIndexing(false)
        }
    }
}

/// A value handed from a background preparation to the writer.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

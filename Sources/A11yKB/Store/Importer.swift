import Foundation
import GRDB

/// A document's bytes with the path it is known by in `sources`.
public struct SourceDocument: Sendable {
    public var file: PendingFile
    public var bytes: Data

    public init(path: String, bytes: Data, hints: SourceHints = SourceHints(), role: PendingFile.Role = .document) {
        self.file = PendingFile(path: path, hints: hints, role: role)
        self.bytes = bytes
    }
}

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
public struct Importer {
    public let knowledgeBase: KnowledgeBase

    public init(_ knowledgeBase: KnowledgeBase) {
        self.knowledgeBase = knowledgeBase
    }

    /// Imports files and folders.
    public func importPaths(_ paths: [String], options: ImportOptions = ImportOptions()) throws -> ImportSummary {
        let collected = FileCollector.collect(paths)
        var summary = ImportSummary()
        summary.skipped = collected.skipped
        summary.ignoredInCheckout = collected.ignoredInCheckout
        summary.errors = collected.errors.map { ImportSummary.Problem(path: $0.path, line: nil, message: $0.reason) }
        return try run(collected.files.map(Input.file), options: options, summary: summary)
    }

    /// Imports documents already in memory (the embedded seed, tests).
    public func importDocuments(_ documents: [SourceDocument], options: ImportOptions = ImportOptions(),
                                summary: ImportSummary = ImportSummary()) throws -> ImportSummary {
        try run(documents.map(Input.memory), options: options, summary: summary)
    }

    static func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / Double(1 << 20)
        return mb >= 10 || mb == mb.rounded() ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }

    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoPermissionError { return "permission denied" }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return "cannot be read (\(nsError.localizedDescription))"
    }

    /// Where a document's bytes come from: a file, read when its batch is prepared, or memory.
    enum Input: Sendable {
        case file(PendingFile)
        case memory(SourceDocument)

        var file: PendingFile {
            switch self {
            case .file(let file): file
            case .memory(let document): document.file
            }
        }

        func bytes(limit: Int) throws -> Data {
            switch self {
            case .file(let file):
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
                if let size, size > limit {
                    throw ReadError("file too large (\(Importer.megabytes(size)), over the \(Importer.megabytes(limit)) limit for one document); not read")
                }
                return try Data(contentsOf: URL(fileURLWithPath: file.path))
            case .memory(let document):
                return document.bytes
            }
        }
    }

    /// Documents are prepared (read, hashed, parsed, normalized) in batches on every core while the
    /// previous batch is written, so memory holds two batches, not the whole import. All writing is
    /// one transaction, and the read-write connection opens only when the first document to write
    /// is ready: an import of unchanged files writes nothing at all.
    static let batchSize = 256

    func run(_ inputs: [Input], options: ImportOptions, summary initial: ImportSummary) throws -> ImportSummary {
        // Components first, so that captions find the component they belong to.
        let inputs = inputs.enumerated().sorted {
            let (a, b) = ($0.element.file.role == .transcript ? 1 : 0, $1.element.file.role == .transcript ? 1 : 0)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
        let known: [String: String] = try knowledgeBase.reader.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT path, sha256 FROM sources").map { ($0["path"], $0["sha256"]) },
                       uniquingKeysWith: { a, _ in a })
        }
        let batches = stride(from: 0, to: inputs.count, by: Importer.batchSize).map {
            $0..<min($0 + Importer.batchSize, inputs.count)
        }
        var summary = initial
        if options.strict {
            // A first pass finds every error before anything is written; only a clean import runs.
            var check = initial
            for range in batches {
                for document in Importer.prepare(inputs, range, known: known, limit: options.maxFileBytes) {
                    Importer.record(document, in: &check)
                }
            }
            if !check.errors.isEmpty {
                check.refused = true
                return check
            }
        }
        // Batches with nothing to write (unchanged, skipped, failed files) need no writer.
        var index = 0
        var next: [PreparedDocument] = []
        while index < batches.count {
            next = Importer.prepare(inputs, batches[index], known: known, limit: options.maxFileBytes)
            if next.contains(where: \.isWritable) { break }
            for document in next { Importer.record(document, in: &summary) }
            index += 1
        }
        guard index < batches.count else { return summary }
        let first = index
        return try knowledgeBase.writer().writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM sources") ?? 0
                var writer = try EntryWriter(db: db)
                var written = 0
                var bulk = false
                for index in first..<batches.count {
                    let current = next
                    let upcoming = Box<[PreparedDocument]>([])
                    let group = DispatchGroup()
                    if index + 1 < batches.count {
                        let range = batches[index + 1]
                        DispatchQueue.global().async(group: group) {
                            upcoming.value = Importer.prepare(inputs, range, known: known, limit: options.maxFileBytes)
                        }
                    }
                    for document in current {
                        guard document.isWritable else {
                            Importer.record(document, in: &summary)
                            continue
                        }
                        written += 1
                        if !bulk && written >= 50 && written * 2 >= existing {
                            // As large as what the knowledge base holds: one index rebuild at the
                            // end beats row-by-row upkeep.
                            try db.execute(sql: "UPDATE search_control SET bulk = 1")
                            bulk = true
                        }
                        try writer.write(document, summary: &summary)
                    }
                    group.wait()
                    next = upcoming.value
                }
                if bulk {
                    try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('rebuild')")
                    try db.execute(sql: "UPDATE search_control SET bulk = 0")
                }
                return .commit
            }
            return summary
        }
    }

    /// Puts what happened to a document that is not written in the summary.
    static func record(_ document: PreparedDocument, in summary: inout ImportSummary) {
        switch document.outcome {
        case .unchanged: summary.unchanged.append(document.path)
        case .failed(let error):
            summary.errors.append(ImportSummary.Problem(path: document.path, line: error.line, message: error.message))
        case .skipped(let reason): summary.skipped.append(FileCollector.Skip(path: document.path, reason: reason))
        case .entries, .transcript: break
        }
    }

    static func prepare(_ inputs: [Input], _ range: Range<Int>, known: [String: String], limit: Int) -> [PreparedDocument] {
        var prepared = [PreparedDocument?](repeating: nil, count: range.count)
        prepared.withUnsafeMutableBufferPointer { buffer in
            let slots = UnsafeMutableSendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: range.count) { offset in
                let input = inputs[range.lowerBound + offset]
                slots.buffer[offset] = PreparedDocument.prepare(input, knownSHA: known[input.file.path], limit: limit)
            }
        }
        return prepared.compactMap { $0 }
    }
}

/// A value handed from a background preparation to the writer.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// A document parsed and normalized, ready for the writer.
struct PreparedDocument: Sendable {
    enum Outcome: Sendable {
        case unchanged
        case failed(ReadError)
        case skipped(String)
        case entries([NormalizedEntry])
        case transcript(slug: String, family: String, TranscriptReader.Transcript)
    }

    var path: String
    var sha256: String
    var byteCount: Int
    var format: SourceFormat
    var outcome: Outcome

    var isTranscript: Bool {
        if case .transcript = outcome { return true }
        return false
    }

    /// Whether the writer has anything to do with it.
    var isWritable: Bool {
        switch outcome {
        case .entries, .transcript: true
        case .unchanged, .failed, .skipped: false
        }
    }

    static func prepare(_ input: Importer.Input, knownSHA: String?, limit: Int) -> PreparedDocument {
        let document = input.file
        let bytes: Data
        do {
            bytes = try input.bytes(limit: limit)
        } catch let error as ReadError {
            return PreparedDocument(path: document.path, sha256: "", byteCount: 0, format: .magentaV2, outcome: .failed(error))
        } catch {
            return PreparedDocument(path: document.path, sha256: "", byteCount: 0, format: .magentaV2,
                                    outcome: .failed(ReadError(Importer.describe(error))))
        }
        let sha = SHA256.hex(bytes)
        var result = PreparedDocument(path: document.path, sha256: sha, byteCount: bytes.count,
                                      format: .magentaV2, outcome: .unchanged)
        if knownSHA == sha { return result }
        do {
            let text = try TextDecoding.decode(bytes)
            let (format, content) = try DocumentReader.read(text, fileName: (document.path as NSString).lastPathComponent,
                                                            hints: document.hints, isCaption: document.role == .transcript)
            result.format = format
            let entries: [(entry: Entry, hints: SourceHints)]
            switch content {
            case .captions(let transcript):
                let slug = document.hints.slug ?? document.hints.fallbackSlug ?? ""
                result.outcome = .transcript(slug: slug, family: document.hints.family ?? "native", transcript)
                return result
            case .components(let read):
                entries = read
            }
            var normalized: [NormalizedEntry] = []
            for (entry, hints) in entries {
                let entry = try Normalizer.normalize(entry, hints: hints)
                guard entry.isRecognisable else {
                    result.outcome = .skipped("nothing recognisable: no criteria, no platform, aspect or announcement section")
                    return result
                }
                normalized.append(entry)
            }
            result.outcome = .entries(normalized)
        } catch let error as ReadError {
            result.outcome = .failed(error)
        } catch {
            result.outcome = .failed(ReadError("\(error)"))
        }
        return result
    }
}

extension NormalizedEntry {
    /// A document that yields no criteria and no labelled notes is not a criteria document (a
    /// README in a folder of entries, a heading-only file).
    var isRecognisable: Bool {
        !criteria.isEmpty || !announcements.isEmpty
            || guidance.contains { $0.platform != nil || $0.framework != nil || Vocabulary.aspects.contains($0.aspect) && $0.aspect != "general" }
            || gaps.contains { $0.platform != nil || $0.framework != nil }
    }
}

/// Lets `concurrentPerform` fill distinct slots of one buffer.
struct UnsafeMutableSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}

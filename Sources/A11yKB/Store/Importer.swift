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
        let documents: [Result<SourceDocument, ImportSummary.Problem>] = collected.files.map { file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            if let size, size > options.maxFileBytes {
                return .failure(ImportSummary.Problem(
                    path: file.path, line: nil,
                    message: "file too large (\(Importer.megabytes(size)), over the \(Importer.megabytes(options.maxFileBytes)) limit for one document); not read"))
            }
            do {
                return .success(SourceDocument(path: file.path, bytes: try Data(contentsOf: URL(fileURLWithPath: file.path)),
                                               hints: file.hints, role: file.role))
            } catch {
                return .failure(ImportSummary.Problem(path: file.path, line: nil, message: Importer.describe(error)))
            }
        }
        for case .failure(let problem) in documents { summary.errors.append(problem) }
        let readable = documents.compactMap { try? $0.get() }
        return try importDocuments(readable, options: options, summary: summary)
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

    /// Imports documents already in memory (the embedded seed, tests).
    public func importDocuments(_ documents: [SourceDocument], options: ImportOptions = ImportOptions(),
                                summary initial: ImportSummary = ImportSummary()) throws -> ImportSummary {
        var summary = initial
        let known: [String: String] = try knowledgeBase.pool.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT path, sha256 FROM sources").map { ($0["path"], $0["sha256"]) },
                       uniquingKeysWith: { a, _ in a })
        }
        var prepared = [PreparedDocument?](repeating: nil, count: documents.count)
        prepared.withUnsafeMutableBufferPointer { buffer in
            let slots = UnsafeMutableSendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: documents.count) { index in
                slots.buffer[index] = PreparedDocument.prepare(documents[index], knownSHA: known[documents[index].file.path])
            }
        }
        var ready: [PreparedDocument] = []
        for case let document? in prepared {
            switch document.outcome {
            case .unchanged: summary.unchanged.append(document.path)
            case .failed(let error):
                summary.errors.append(ImportSummary.Problem(path: document.path, line: error.line, message: error.message))
            case .skipped(let reason): summary.skipped.append(FileCollector.Skip(path: document.path, reason: reason))
            case .entries, .transcript: ready.append(document)
            }
        }
        if options.strict && !summary.errors.isEmpty {
            summary.refused = true
            return summary
        }
        // Components first, so that captions find the component they belong to.
        ready.sort { ($0.isTranscript ? 1 : 0, $0.path) < ($1.isTranscript ? 1 : 0, $1.path) }
        if ready.isEmpty { return summary }
        summary = try knowledgeBase.writer().writeWithoutTransaction { db in
            var result = summary
            try db.inTransaction(.immediate) {
                var writer = try EntryWriter(db: db)
                for document in ready { try writer.write(document, summary: &result) }
                return .commit
            }
            return result
        }
        return summary
    }
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

    static func prepare(_ document: SourceDocument, knownSHA: String?) -> PreparedDocument {
        let sha = SHA256.hex(document.bytes)
        var result = PreparedDocument(path: document.file.path, sha256: sha, byteCount: document.bytes.count,
                                      format: .magentaV2, outcome: .unchanged)
        if knownSHA == sha { return result }
        do {
            let text = try TextDecoding.decode(document.bytes)
            let format = DocumentReader.detect(text)
            result.format = format
            if document.file.role == .transcript || format == .webVTT {
                result.format = .webVTT
                let transcript = try TranscriptReader.read(text, fileName: (document.file.path as NSString).lastPathComponent)
                let slug = document.file.hints.slug ?? document.file.hints.fallbackSlug ?? ""
                result.outcome = .transcript(slug: slug, family: document.file.hints.family ?? "native", transcript)
                return result
            }
            let entries: [(Entry, SourceHints)]
            if format == .contentJSON {
                entries = try ContentJSONReader.read(text).map { ($0.entry, $0.hints) }
            } else {
                entries = [(try DocumentReader.read(text, format: format), document.file.hints)]
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

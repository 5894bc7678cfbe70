import Foundation
import KBFiles
import KBModel
import KBRead
import KBStore

/// A document's bytes with the path it is known by in `sources` (the embedded seed, tests).
struct SourceDocument: Sendable {
    var file: PendingFile
    var bytes: Data

    init(path: String, bytes: Data, hints: SourceHints = SourceHints(), role: PendingFile.Role = .document) {
        self.file = PendingFile(path: path, hints: hints, role: role)
        self.bytes = bytes
    }
}

/// Where a document's bytes come from: a file, read when its batch is prepared, or memory.
enum ImportInput: Sendable {
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
            if let size = FileKind.size(of: file.path), size > limit {
                throw ReadError("file too large (\(ImportInput.megabytes(size)), over the \(ImportInput.megabytes(limit)) limit for one document); not read")
            }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file.path))
            } catch {
                throw ReadError(ImportInput.describe(error))
            }
            // A file that grew between the look at its size and the read is held to the same limit.
            if data.count > limit {
                throw ReadError("file too large (\(ImportInput.megabytes(data.count)), over the \(ImportInput.megabytes(limit)) limit for one document); not read")
            }
            return data
        case .memory(let document):
            return document.bytes
        }
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
}

/// A document read, hashed, parsed and normalized: ready for the writer, or why it is not.
struct PreparedDocument: Sendable {
    enum Outcome: Sendable {
        case unchanged
        case failed(ReadError)
        case skipped(String)
        case write(WritableDocument)
    }

    var path: String
    var outcome: Outcome

    /// What the writer has to write, if anything.
    var writable: WritableDocument? {
        if case .write(let document) = outcome { return document }
        return nil
    }

    /// Puts what happened to a document that is not written in the summary.
    func record(in summary: inout ImportSummary) {
        switch outcome {
        case .unchanged: summary.unchanged.append(path)
        case .failed(let error):
            summary.errors.append(ImportSummary.Problem(path: path, line: error.line, message: error.message))
        case .skipped(let reason): summary.skipped.append(ImportSummary.Skip(path: path, reason: reason))
        case .write: break
        }
    }

    /// Prepares `inputs[range]` on `workers` threads (every core by default), in order.
    static func prepare(_ inputs: [ImportInput], _ range: Range<Int>, known: [String: String], limit: Int,
                        stages: ImportStages? = nil, counter: ProgressCounter? = nil,
                        workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [PreparedDocument] {
        var prepared = [PreparedDocument?](repeating: nil, count: range.count)
        let workers = max(1, min(workers, range.count))
        prepared.withUnsafeMutableBufferPointer { buffer in
            let slots = UnsafeMutableSendableBuffer(buffer)
            // Worker w takes the documents w, w + workers, ...: documents of a batch are alike in
            // size on average, and no counter is shared.
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for offset in stride(from: worker, to: range.count, by: workers) {
                    let input = inputs[range.lowerBound + offset]
                    slots.buffer[offset] = PreparedDocument.prepare(input, knownSHA: known[input.file.path], limit: limit, stages: stages)
                    counter?.fileRead(input.file.path)
                }
            }
        }
        return prepared.compactMap { $0 }
    }

    static func prepare(_ input: ImportInput, knownSHA: String?, limit: Int, stages: ImportStages? = nil) -> PreparedDocument {
        let file = input.file
        do {
            let bytes = try stages.measure(.read) { try input.bytes(limit: limit) }
            let sha = stages.measure(.hash) { SHA256.hex(bytes) }
            if knownSHA == sha { return PreparedDocument(path: file.path, outcome: .unchanged) }
            let text = try stages.measure(.parse) { try TextDecoding.decode(bytes) }
            let output = try DocumentPipeline.process(text, file: file, stages: stages)
            if let reason = output.skipReason {
                return PreparedDocument(path: file.path, outcome: .skipped(reason))
            }
            return PreparedDocument(path: file.path, outcome: .write(WritableDocument(
                path: file.path, root: file.root, sha256: sha, byteCount: bytes.count, format: output.format, content: output.content,
                notices: output.notices, unaccounted: output.unaccountedLines.count)))
        } catch let error as ReadError {
            return PreparedDocument(path: file.path, outcome: .failed(error))
        } catch {
            return PreparedDocument(path: file.path, outcome: .failed(ReadError("\(error)")))
        }
    }
}

extension NormalizedEntry {
    /// A document that yields no criteria and no labelled notes is not a criteria document (a
    /// README in a folder of entries, a heading-only file).
    var isRecognisable: Bool {
        !criteria.isEmpty || !announcements.isEmpty
            || guidance.contains { $0.platform != nil || $0.framework != nil || $0.aspect.isKnown && $0.aspect != .general }
            || gaps.contains { $0.platform != nil || $0.framework != nil }
            // A how-to-test guide is known for one by where it lies, whatever its notes look like.
            || component.family == .howToTest && factCount > 0
    }
}

/// Lets `concurrentPerform` fill distinct slots of one buffer.
struct UnsafeMutableSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}

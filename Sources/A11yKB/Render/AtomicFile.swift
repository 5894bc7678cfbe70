import Foundation

/// Writes a file so that readers see the old content or the new, never a part: the bytes go to a
/// temporary file beside the target, as they are produced, are flushed, then renamed over it.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { sink in try sink.write(data) }
    }

    /// Runs `body` with a sink into a temporary file beside `path`, then renames the file into
    /// place. If `body` throws, the temporary file is removed and `path` is left as it was.
    public static func write(to path: String, _ body: (ByteSink) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(description: "cannot write \(path): folder \(directory) does not exist")
        }
        let temporary = directory + "/.\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure: String?
        do {
            let sink = ByteSink(fd: fd)
            try body(sink)
            try sink.flush()
            if fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        } catch let error as WriteError {
            failure = error.description.replacingOccurrences(of: "cannot write: ", with: "")
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(failure)")
        }
    }
}

import Foundation

/// Writes a file so that readers see the old content or the new, never a part: the bytes go to a
/// temporary file beside the target, as they are produced, are flushed, then renamed over it.
///
/// Renaming replaces whatever has the name, so the target is looked at first: only a regular
/// file or a new path is written. A folder, a device (`/dev/full` once became a regular file), a
/// FIFO or a socket is refused, and so are the files in `protecting` (the knowledge base itself,
/// which an export to `kb.sqlite` once replaced), however they are named. A symbolic link is
/// followed: its target is written and the link stays. An existing file keeps its mode (and, for
/// root, its owner); a file this process may not write is refused, as `>` would refuse it.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
        /// The path names something that is not a file (a FIFO, a device, a folder): a skin that
        /// can write to standard output instead says how.
        public var notAFile = false

        public init(description: String, notAFile: Bool = false) {
            self.description = description
            self.notAFile = notAFile
        }
    }

    /// `inputs`: the files the command read, which its output may not replace either (`acr render
    /// v.yaml -o v.yaml` once turned the report into HTML; `report r1.csv -o r1.csv` replaced the
    /// testers' results), however they are named.
    public static func write(_ data: Data, to path: String, protecting: [String] = [], inputs: [String] = []) throws {
        try write(to: path, protecting: protecting, inputs: inputs) { sink in try sink.write(data) }
    }

    /// Runs `body` with a sink into a temporary file beside `path`, then renames the file into
    /// place. If `body` throws, the temporary file is removed and `path` is left as it was.
    public static func write(to path: String, protecting: [String] = [], inputs: [String] = [], _ body: (ByteSink) throws -> Void) throws {
        try place(path, protecting: protecting, inputs: inputs) { _, fd in
            let sink = ByteSink(fd: fd)
            try body(sink)
            try sink.flush()
        }
    }

    /// For a writer that makes the file itself, by name (SQLite's `VACUUM INTO`, which writes into
    /// a new or empty file): `body` gets the path of an empty temporary file beside `path`, renamed
    /// into place when it returns, under the same rules for what `path` may name.
    public static func write(to path: String, protecting: [String] = [], byName body: (String) throws -> Void) throws {
        try place(path, protecting: protecting, inputs: []) { temporary, _ in try body(temporary) }
    }

    /// The one way a file is put in place: the target checked, a temporary file beside it filled
    /// by `body` (given its path and descriptor), flushed, given the old file's mode, renamed.
    static func place(_ path: String, protecting: [String], inputs: [String], _ body: (String, Int32) throws -> Void) throws {
        let target = try resolve(path)
        let kind = FileKind(target)
        guard kind.isFileOrNew else {
            throw WriteError(description: "refusing to write \(path): it is \(kind.article), not a regular file", notAFile: true)
        }
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists {
            func same(_ other: String) -> Bool {
                var found = stat()
                return stat(other, &found) == 0 && found.st_dev == existing.st_dev && found.st_ino == existing.st_ino
            }
            if protecting.contains(where: same) {
                throw WriteError(description: "refusing to write \(path): it is the knowledge base \(protecting[0]) (or one of its files)")
            }
            if let input = inputs.first(where: same) {
                throw WriteError(description: "refusing to write \(path): it is \(input == path ? "an input" : "the input \(input)") of this command; write the output elsewhere")
            }
            if access(target, W_OK) != 0 {
                throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
        }
        let directory = FileKind.folder(of: target)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(description: "cannot write \(path): folder \(directory) does not exist")
        }
        let temporary = FileKind.temporary(beside: target, in: directory, ending: "tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure: String?
        do {
            try body(temporary, fd)
        } catch let error as WriteError {
            failure = error.description.replacingOccurrences(of: "cannot write: ", with: "")
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if exists && failure == nil {
            if fchmod(fd, existing.st_mode & 0o7777) != 0 { failure = String(cString: strerror(errno)) }
            // Only root can give a file away; for anyone else the file is theirs already.
            _ = fchown(fd, existing.st_uid, existing.st_gid)
        }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil && rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(failure)")
        }
    }

    /// The file a path names: symbolic links followed to their target (which must exist, or its
    /// folder must: a new file is made there), so that the link itself stays a link.
    static func resolve(_ path: String) throws -> String {
        guard FileKind.isSymbolicLink(path) else { return path }
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        throw WriteError(description: "refusing to write \(path): it is a symbolic link to nothing")
    }
}

import Foundation

/// What a path names, looked at before a11ykb opens or replaces it: a knowledge base and an
/// output file must be regular files (or new paths). Opening a FIFO blocks forever, a device
/// or a folder gives SQLite's "disk I/O error" (and a `/dev/null-journal`), and renaming over one
/// replaces it.
package enum FileKind: Equatable {
    case missing
    case regular
    case directory
    case fifo
    case characterDevice
    case blockDevice
    case socket
    /// A symbolic link whose target does not exist (or loops).
    case danglingLink

    /// A name for a temporary file beside `path` (in `directory`): `.NAME.PID.UUID.ENDING`, with
    /// NAME cut so that the whole, and SQLite's `-journal` after it, stays within a file name's
    /// 255 bytes (a 247-byte knowledge base name once failed on its temporary file's name).
    package static func temporary(beside path: String, in directory: String, ending: String) -> String {
        let name = (path as NSString).lastPathComponent
        let tail = ".\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).\(ending)"
        var kept = ""
        for character in name {
            guard 1 + kept.utf8.count + String(character).utf8.count + tail.utf8.count + "-journal".utf8.count <= 255 else { break }
            kept.append(character)
        }
        return directory + "/." + kept + tail
    }

    /// The file `path` names (device and inode, links followed), whatever it is called.
    package static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// Makes `directory` and the folders above it that are missing. Nil when done, else why not in
    /// words (`/home/u/data is a regular file, not a folder`), not Foundation's "error 512".
    package static func makeFolders(_ directory: String) -> String? {
        var prefix = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            let kind = FileKind(prefix)
            if kind == .directory { continue }
            if kind != .missing { return "\(prefix) is \(kind.article), not a folder" }
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return "cannot make folder \(prefix): \(String(cString: strerror(errno)))" }
        }
        return nil
    }

    /// Whether nothing at all is at `path`, not even a dangling link: what a mirror may call gone.
    /// A path that cannot be looked at (a folder without search permission) is not absent.
    package static func isAbsent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }

    /// The kind of `path`, symbolic links followed.
    package init(_ path: String) {
        var info = stat()
        if stat(path, &info) != 0 {
            guard lstat(path, &info) == 0 else {
                self = .missing
                return
            }
            // Not there for stat, there for lstat: a link to nothing, or a file that another
            // process put in place between the two calls (a new knowledge base being linked in),
            // whose kind lstat just read.
            if info.st_mode & S_IFMT == S_IFLNK {
                self = .danglingLink
                return
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .danglingLink
        }
    }

    /// "a FIFO", "a directory": for messages.
    package var article: String {
        switch self {
        case .missing: "missing"
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .danglingLink: "a symbolic link to nothing"
        }
    }

    /// Whether a11ykb may open or replace it: a regular file, or nothing yet.
    package var isFileOrNew: Bool { self == .regular || self == .missing }

    package static func isSymbolicLink(_ path: String) -> Bool {
        var link = stat()
        return lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
    }

    /// The folder a path is in ("." for a bare name).
    package static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The file system holding `path` has no room left for what SQLite makes beside a knowledge
    /// base it opens (a `-shm` file of 32 KB): under 64 KB this process may use.
    package static func isOnFullDisk(_ path: String) -> Bool {
        var info = statvfs()
        let probe = FileManager.default.fileExists(atPath: path) ? path : folder(of: path)
        guard statvfs(probe, &info) == 0 else { return false }
        let blocks = geteuid() == 0 ? UInt64(info.f_bfree) : UInt64(info.f_bavail)
        return blocks * UInt64(info.f_frsize) < 64 << 10
    }

    /// The size in bytes of what `path` names, nil when nothing is there: of a symbolic link's
    /// target, not of the link (`stat`, not `lstat`: a link must not slip a file past a limit).
    /// The one way a11ykb asks a file's size. Not FileManager's `attributesOfItem`, which also looks
    /// up owner and group names and builds a dictionary: 4 times the cost of reading a small file.
    package static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The file system holding `path` is mounted read-only (ST_RDONLY is 1 on Linux and macOS).
    static func isOnReadOnlyMedia(_ path: String) -> Bool {
        var info = statvfs()
        let probe = FileManager.default.fileExists(atPath: path) ? path : folder(of: path)
        return statvfs(probe, &info) == 0 && (UInt(info.f_flag) & 1) != 0
    }

    /// Why this process cannot write the knowledge base at `path` (SQLite writes the file and, in
    /// WAL mode, `-wal` and `-shm` files beside it), or nil when it can.
    package static func writeProblem(_ path: String) -> String? {
        if isOnReadOnlyMedia(path) { return "it is on a read-only file system" }
        if isOnFullDisk(path) { return "its disk is full" }
        if FileManager.default.fileExists(atPath: path) && access(path, W_OK) != 0 { return "the file is not writable" }
        if access(folder(of: path), W_OK) != 0 { return "its folder \(folder(of: path)) is not writable" }
        return nil
    }

    /// Whether a reader must open `path` immutable: SQLite's read-only connection to a WAL file
    /// needs a `-shm` file beside it, and cannot make one on read-only media or in a folder this
    /// process cannot write. Immutable is only safe when nothing writes the file meanwhile: a
    /// read-only mount, or a file and folder this process cannot write with no `-shm` present
    /// (no connection has it open).
    package static func needsImmutableReader(_ path: String) -> Bool {
        if isOnReadOnlyMedia(path) { return true }
        // A full disk: SQLite cannot make the `-shm` a WAL reader needs (every query once failed
        // with "disk I/O error"). With nothing in the `-wal` the file alone is the whole knowledge
        // base, read as it stands; a `-shm` of full size is another process's, and serves.
        if isOnFullDisk(path) && (size(of: path + "-wal") ?? 0) == 0 && (size(of: path + "-shm") ?? 0) < 32 << 10 { return true }
        return access(path, W_OK) != 0 && access(folder(of: path), W_OK) != 0
            && !FileManager.default.fileExists(atPath: path + "-shm")
    }
}

import Foundation

/// Which file a path names and which state of it: the one notion of a knowledge base's version.
/// A file renamed into place has another device or inode; one copied over in place (`cp` truncates,
/// then writes) keeps its inode but not its size or times; a commit not yet folded into the file
/// shows in its `-wal`. A reader reopens on any change (`ReadHandle`), a server tags its answers
/// with it (an `ETag`), and an index of the data can key on it: a value, compared in one place.
public struct FileVersion: Hashable, Sendable {
    /// The file's device, inode, size, modification and change times (nanoseconds).
    let file: [Int64]
    /// The `-wal` beside it: its size and modification time; empty when there is none.
    let wal: [Int64]

    /// The version of the file at `path` now; nil when nothing is there.
    public init?(_ path: String) {
        guard let file = FileVersion.fields(path) else { return nil }
        self.file = file
        wal = FileVersion.fields(path + "-wal").map { [$0[2], $0[3]] } ?? []
    }

    /// Whether both are the same state of the file itself, whatever its `-wal` holds: a WAL reader
    /// follows commits on its own, but must be opened afresh on a file renamed over or rewritten.
    func sameFile(as other: FileVersion) -> Bool { file == other.file }

    /// A short text for it (FNV-1a, 64 bits, in hexadecimal): a tag, not a secret. `salt` is what
    /// else decides an answer (the renderer's version).
    public func tag(salt: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in ([salt] + (file + wal).map(String.init)).joined(separator: "/").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100000001b3
        }
        return String(hash, radix: 16)
    }

    private static func fields(_ path: String) -> [Int64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size),
                Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)]
    }
}

import A11yKB
import Foundation

/// The knowledge base at the server's path, opened again once the file there is another one
/// (written into place by rename: `export db`, a knowledge base built elsewhere). The server's
/// reader held the old file while `sql`, which opens the path for each query, read the new one:
/// two databases answering one client. Every request now asks the file the path names.
package final class CurrentKnowledgeBase: @unchecked Sendable {
    private let lock = NSLock()
    private var kb: KnowledgeBase
    private var identity: FileIdentity?

    package init(_ kb: KnowledgeBase) {
        self.kb = kb
        identity = FileIdentity(kb.path)
    }

    /// The knowledge base to answer from. A file gone from the path leaves the one open answering;
    /// a new file that cannot be opened yet is the request's error, and the next request tries again.
    package func get() throws -> KnowledgeBase {
        try lock.withLock {
            guard let now = FileIdentity(kb.path), now != identity else { return kb }
            kb = try KnowledgeBase(path: kb.path)
            identity = now
            return kb
        }
    }
}

/// Which file a path names, and which state of it: its device and inode (a file renamed into
/// place), and its size and change time (a file copied over in place keeps its inode, and the
/// reader open on it answered from pages of the old one while other tools read the new). A change
/// the file's own writers make (an import beside the server) reopens it too, which costs one open.
package struct FileIdentity: Equatable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int64
    package let changed: timespec

    package init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        changed = info.st_ctim
    }

    package static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}

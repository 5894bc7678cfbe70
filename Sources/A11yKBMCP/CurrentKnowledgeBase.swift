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

/// Which file a path names: its device and inode.
package struct FileIdentity: Equatable {
    package let device: UInt64
    package let inode: UInt64

    package init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

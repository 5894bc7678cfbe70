import Foundation
import GRDB
import KBFiles

/// The exported database: a compact, self-contained copy of a knowledge base, for publishing
/// (Datasette, a download, a read-only medium).
package enum DatabaseCopy {
    /// The copy is put in place by `AtomicFile`, under the rules of any output file: a regular file
    /// or a new path (a symbolic link followed to its file), never a device, FIFO, socket or folder.
    package static func write(_ kb: KnowledgeBase, to path: String) throws {
        if isKnowledgeBase(kb.path, path) { throw StoreError.wouldOverwriteKnowledgeBase(path) }
        do {
            try AtomicFile.write(to: path, protecting: [kb.path, kb.path + "-wal", kb.path + "-shm"], byName: { temporary in
                // VACUUM INTO reads one snapshot (WAL included) through the read-only connection and
                // writes the (empty) file without free pages, in rollback-journal mode: no -wal to go with it.
                try kb.reader.unsafeReentrantRead { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary]) }
            })
        } catch let error as AtomicFile.WriteError {
            // There is no standard output to offer instead: the file is the point.
            throw AtomicFile.WriteError(description: error.description)
        } catch let error as DatabaseError {
            throw StoreError.cannotCreate(path, KnowledgeBase.reason(error))
        }
    }

    /// Whether `target` is the knowledge base file (or its -wal or -shm), by any name: the same
    /// path once links are resolved, or the same file (device and inode) through a hard link.
    static func isKnowledgeBase(_ kbPath: String, _ target: String) -> Bool {
        let own = ["", "-wal", "-shm"].map { kbPath + $0 }
        let resolvedTarget = resolved(target)
        if own.contains(where: { resolved($0) == resolvedTarget }) { return true }
        guard let targetID = fileID(target) else { return false }
        return own.contains { fileID($0) == targetID }
    }

    /// The absolute path with symbolic links resolved in its folder (the file itself may not exist).
    static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath()
        let file = folder.appendingPathComponent(url.lastPathComponent)
        return file.resolvingSymlinksInPath().path
    }

    static func fileID(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}

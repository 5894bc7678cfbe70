import Foundation
import GRDB

/// `a11ykb export db FILE`: a compact, self-contained copy of a knowledge base, for publishing
/// (Datasette, a download, a read-only medium).
package enum DatabaseCopy {
    package static func write(_ kb: KnowledgeBase, to path: String) throws {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let folder = target.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StoreError.cannotCreate(path, "folder \(folder) does not exist")
        }
        if isKnowledgeBase(kb.path, target.path) { throw StoreError.wouldOverwriteKnowledgeBase(path) }
        let temporary = folder + "/.\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp"
        do {
            // VACUUM INTO reads one snapshot (WAL included) through the read-only connection and
            // writes a new file without free pages, in rollback-journal mode: no -wal to go with it.
            try kb.reader.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary]) }
            let fd = open(temporary, O_RDONLY)
            if fd < 0 || fsync(fd) != 0 {
                let reason = String(cString: strerror(errno))
                if fd >= 0 { close(fd) }
                throw StoreError.cannotCreate(path, reason)
            }
            close(fd)
            if rename(temporary, target.path) != 0 { throw StoreError.cannotCreate(path, String(cString: strerror(errno))) }
        } catch {
            unlink(temporary)
            if let error = error as? DatabaseError { throw StoreError.cannotCreate(path, KnowledgeBase.reason(error)) }
            throw error
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

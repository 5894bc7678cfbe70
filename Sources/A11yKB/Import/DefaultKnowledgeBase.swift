import Foundation

/// Where the knowledge base lives when no `--db` is given, and its first-use seeding.
enum DefaultKnowledgeBase {
    /// `$A11YKB_DB`, else `$XDG_DATA_HOME/a11ykb/kb.sqlite`, else `~/.local/share/a11ykb/kb.sqlite`.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["A11YKB_DB"], !explicit.isEmpty { return explicit }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/a11ykb/kb.sqlite"
    }

    /// The seed documents as import input, under the path `seed/<name>` they have in the repository.
    static var seedDocuments: [SourceDocument] {
        EmbeddedResources.seedDocuments.map { name, bytes in
            SourceDocument(path: "(embedded)/seed/\(name)", bytes: Data(bytes),
                           hints: SourceHints(looseFileName: name))
        }
    }

    /// Opens the default knowledge base, creating and seeding it on first use. The new file is built
    /// beside its final path and hard-linked into place (a link never replaces a file another
    /// process created meanwhile), so nobody ever sees a half-seeded one.
    static func open(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> KnowledgeBase {
        let path = path(environment: environment)
        if FileManager.default.fileExists(atPath: path) { return try KnowledgeBase(path: path) }
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = directory + "/.kb-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        }
        do {
            let fresh = try KnowledgeBase(path: temporary)
            // The import ends with a checkpoint (KnowledgeBase.checkpoint), and closing removes the
            // empty WAL: one link moves everything.
            _ = try Importer(fresh).importDocuments(seedDocuments)
            try fresh.close()
        }
        if link(temporary, path) != 0 && !FileManager.default.fileExists(atPath: path) {
            throw StoreError.cannotCreate(path, String(cString: strerror(errno)))
        }
        return try KnowledgeBase(path: path)
    }
}

import Foundation
import KBResources
import KBFiles
import KBModel
import KBStore
import KBSearch

/// Where the knowledge base lives when none is named, and its first-use seeding.
package enum DefaultKnowledgeBase {
    /// `$A11YKB_DB`, else `$XDG_DATA_HOME/a11ykb/kb.sqlite`, else `~/.local/share/a11ykb/kb.sqlite`.
    /// `HOME` must be an absolute path: an empty one once put the knowledge base under `/`. An
    /// unset `HOME` falls back to the account's home directory.
    package static func path(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let explicit = environment["A11YKB_DB"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/a11ykb/kb.sqlite" }
        let home: String
        switch environment["HOME"] {
        case nil: home = NSHomeDirectory()
        case ""?: throw StoreError.noDefaultPlace("$HOME is empty")
        case let value?: home = value
        }
        guard home.hasPrefix("/") else { throw StoreError.noDefaultPlace("$HOME (\(home)) is not an absolute path") }
        let trimmed = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !trimmed.isEmpty else { throw StoreError.noDefaultPlace("$HOME is the root folder") }
        return trimmed + "/.local/share/a11ykb/kb.sqlite"
    }

    /// The seed documents as import input, under the path `seed/<name>` they have in the repository.
    static var seedDocuments: [SourceDocument] {
        EmbeddedResources.seedDocuments.map { name, bytes in
            SourceDocument(path: "(embedded)/seed/\(name)", bytes: Data(bytes),
                           hints: SourceHints(looseFileName: name))
        }
    }

    /// Opens the default knowledge base, creating and seeding it on first use. The new file is built
    /// beside its final path and hard-linked into place (`KnowledgeBase.create`), so nobody ever
    /// sees a half-seeded one.
    package static func open(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> KnowledgeBase {
        let path = try path(environment: environment)
        // Anything at the path (a FIFO, a folder...) is KnowledgeBase's to accept or refuse.
        if FileKind(path) == .missing {
            try KnowledgeBase.create(path, followUp: SearchIndex.followUp) { fresh in _ = try Importer(fresh).importDocuments(seedDocuments) }
        }
        return try KnowledgeBase(path: path)
    }
}

import Foundation
import GRDB
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

    /// Where the seed's sources are stored: `(embedded)/seed/NAME`, with no root.
    static let seedFolder = "(embedded)/seed"

    /// Whether a stored source path is one of the seed's.
    static func isSeed(_ path: String) -> Bool { path.hasPrefix(seedFolder + "/") }

    /// The seed documents as import input, under the path `seed/<name>` they have in the repository.
    static var seedDocuments: [SourceDocument] {
        EmbeddedResources.seedDocuments.map { name, bytes in
            SourceDocument(path: "\(seedFolder)/\(name)", bytes: Data(bytes),
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
            try KnowledgeBase.create(path, followUps: SearchIndex.followUps) { fresh in _ = try Importer(fresh).importDocuments(seedDocuments) }
        }
        return try KnowledgeBase(path: path)
    }
}

/// What a knowledge base holds, as far as telling a user why a search found nothing goes.
public enum KnowledgeBaseHoldings: Sendable, Equatable {
    /// Nothing was ever imported.
    case nothing
    /// Only the seed documents built into a11ykb (the default knowledge base on first use): the
    /// number of components they give.
    case seedOnly(components: Int)
    /// Documents someone imported (the seed may be there too).
    case imported
}

extension DefaultKnowledgeBase {
    package static func holdings(_ kb: KnowledgeBase) throws -> KnowledgeBaseHoldings {
        try kb.read { db in
            let prefix = seedFolder + "/"
            let imported = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM sources WHERE root_id IS NOT NULL OR substr(path, 1, ?) <> ?)
                """, arguments: [prefix.count, prefix]) ?? false
            if imported { return .imported }
            let components = try Int.fetchOne(db, sql: "SELECT count(*) FROM components") ?? 0
            let sources = try Int.fetchOne(db, sql: "SELECT count(*) FROM sources") ?? 0
            return sources == 0 ? .nothing : .seedOnly(components: components)
        }
    }
}

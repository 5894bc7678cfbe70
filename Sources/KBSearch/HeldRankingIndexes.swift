import Foundation
import GRDB

/// The ranking indexes long-running readers hold (issue 52): one per knowledge-base file, for the
/// data version its reader names. The hook is the version: a reader binds the version of the data
/// it answers from (`version`, a task-local, bound through the façade's
/// `KnowledgeBase.answering(dataVersion:)`), and the first question asked under a version the
/// file's index was not built for builds a new one from its own read snapshot, which then replaces
/// the old one whole. An index is immutable, so a question holding the old one finishes with it
/// and no reader ever sees one half built; the old one is freed with its last question.
///
/// What the version is belongs to the caller (the server's pool and the MCP server name the file's
/// state as they already tell it). Without a version bound (the CLI), search reads everything by
/// SQL, as it always did.
package enum HeldRankingIndexes {
    /// The data version the current question's reader answers from; nil: hold no index.
    @TaskLocal package static var version: String?

    private static let lock = NSLock()
    nonisolated(unsafe) private static var held: [String: (version: String, index: RankingIndex)] = [:]

    /// The index of the file at `path` for the version bound, built from `db` (the asking
    /// question's snapshot) when none is held for that version; nil when no version is bound.
    /// Questions asked while one is built wait for it rather than build their own.
    package static func current(path: String, _ db: Database) throws -> RankingIndex? {
        guard let version else { return nil }
        return try lock.withLock {
            if let index = held[path], index.version == version { return index.index }
            let index = try RankingIndex(db)
            held[path] = (version, index)
            return index
        }
    }

    /// The index held for the file at `path`, whatever its version (for a measurement of its size).
    package static func held(path: String) -> RankingIndex? {
        lock.withLock { held[path]?.index }
    }
}

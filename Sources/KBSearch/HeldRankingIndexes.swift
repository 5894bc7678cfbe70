import Foundation
import GRDB

/// The ranking indexes long-running readers hold (issue 52): one per knowledge-base file, for the
/// data version its reader names. The hook is the version: a reader binds the version of the data
/// it answers from (`version`, a task-local, bound through the façade's
/// `KnowledgeBase.answering(dataVersion:)`), and the first question asked under a version the
/// file's index was not built for builds a new one from its own read snapshot, which then replaces
/// the old one whole. An index is immutable, so a question holding the old one finishes with it
/// and no reader ever sees one half built; the old one is freed with its last question. While it
/// is built, other questions read by SQL.
///
/// What the version is belongs to the caller (the server's pool and the MCP server name the file's
/// state as they already tell it). Without a version bound (the CLI), search reads everything by
/// SQL, as it always did.
package enum HeldRankingIndexes {
    /// The data version the current question's reader answers from; nil: hold no index.
    @TaskLocal package static var version: String?

    /// The most components a file may hold for its index to be held. The index pays where the
    /// same few hundred components are matched again and again (today's corpus, 102 components:
    /// a question's p50 0.5 ms held, 4 ms by SQL, the index 9.3 MB); its memory grows with the
    /// file faster than its gain (the bench's synthetic entries: at 1,000, 0.7 ms against 3.6 ms
    /// for 46 MB counted, 163 MB resident against 39; at 10,000, before the pass was held too,
    /// 12.3 ms against 12.5 for 314 MB counted, 980 MB resident and 6 s to build).
    package static let maximumComponents = 2_000

    private static let lock = NSLock()
    /// Per file, the version its index was built for; a nil index: the file is too large to hold.
    nonisolated(unsafe) private static var held: [String: (version: String, index: RankingIndex?)] = [:]
    /// The version each file's index is being built for, by the question that builds it.
    nonisolated(unsafe) private static var building: [String: String] = [:]

    /// The index of the file at `path` for the version bound, built from `db` (the asking
    /// question's snapshot) when none is held for that version; nil when no version is bound.
    /// One question builds it; questions asked meanwhile are answered by SQL (nil), the same
    /// answers at the SQL path's cost, rather than wait for the build: after an import, every
    /// client of the team server asked at once, and all but one waited the whole build. A file of
    /// more than `maximum` components holds none: every question of that version reads by SQL.
    /// `keep`: what a renderer makes once of each held fact and component (`RankingIndex.init`),
    /// the same for every caller of one file.
    package static func current(path: String, _ db: Database, holdingAtMost maximum: Int = maximumComponents,
                                keep: RankingIndex.Keep = RankingIndex.Keep()) throws -> RankingIndex? {
        guard let version else { return nil }
        enum Turn { case held(RankingIndex?), elsewhere, mine }
        let turn: Turn = lock.withLock {
            if let index = held[path], index.version == version { return .held(index.index) }
            if building[path] == version { return .elsewhere }
            building[path] = version
            return .mine
        }
        switch turn {
        case .held(let index): return index
        case .elsewhere: return nil
        case .mine:
            defer { lock.withLock { if building[path] == version { building[path] = nil } } }
            let components = try Int.fetchOne(db, sql: "SELECT count(*) FROM components") ?? 0
            let index = components <= maximum ? try RankingIndex(db, keep: keep) : nil
            lock.withLock { held[path] = (version, index) }
            return index
        }
    }

    /// The index held for the file at `path`, whatever its version (for a measurement of its size).
    package static func held(path: String) -> RankingIndex? {
        lock.withLock { held[path]?.index ?? nil }
    }
}

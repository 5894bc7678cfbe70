import Foundation
import GRDB
import KBRender
import KBSearch
import KBStore

/// The ranking index a long-running reader holds in memory (issue 52, `KBSearch/RankingIndex`).
extension KnowledgeBase {
    /// Runs `body` with its components-first questions answered from the ranking index held for
    /// this file at `dataVersion`: built by the first question asked under a version (in its read
    /// snapshot), then shared by every question and connection that names the same version. The
    /// answers are those of the SQL path, byte for byte. A reader that answers many questions (the
    /// team server's pool, the MCP server) names the file's state; a single question names none.
    public func answering<T>(dataVersion: String, _ body: () throws -> T) rethrows -> T {
        try HeldRankingIndexes.$version.withValue(dataVersion, operation: body)
    }

    /// Builds the ranking index for `dataVersion` now, when none is held for it: a reader that
    /// starts can build it before its first question rather than during it.
    public func holdRankingIndex(dataVersion: String) throws {
        try answering(dataVersion: dataVersion) { try read { _ = try heldRankingIndex($0) } }
    }

    /// The index held for this file at the version bound (nil: none bound, or too large), built
    /// with what a search's JSON writes of each fact and component once (`ComponentMatch.keptJSON`):
    /// every question that builds it asks here, so that one file's index is made one way.
    func heldRankingIndex(_ db: Database) throws -> RankingIndex? {
        try HeldRankingIndexes.current(path: path, db, keep: RankingIndex.Keep(fact: ComponentMatch.keptJSON, component: ComponentMatch.keptJSON))
    }

    /// The approximate size in memory of the ranking index held for this file, and how many texts
    /// it holds tokenized; nil when none is held.
    public var heldRankingIndexSize: (bytes: Int, texts: Int)? {
        HeldRankingIndexes.held(path: path).map { ($0.approximateBytes, $0.textCount) }
    }
}

extension ReadHandle {
    /// A long-running reader's question (the team server's, the stdio MCP server's): read as
    /// `read(within:)` reads, its searches answered from the ranking index held for the file's
    /// `FileVersion` now, the one version notion the handle reopens by.
    public func answering<T: Sendable>(within seconds: TimeInterval = 0,
                                       _ work: @escaping @Sendable (KnowledgeBase) throws -> T) async throws -> T {
        let version = rankingVersion
        return try await read(within: seconds) { kb in try kb.answering(dataVersion: version) { try work(kb) } }
    }

    /// The same for a caller on its own thread that opens the knowledge base itself (the stdio
    /// server's direct `tools/call`, which reads in its tool's own snapshot): `work`'s searches are
    /// answered from the index held for the file's version now.
    public func answeringFromHeldIndex<T>(_ work: () throws -> T) rethrows -> T {
        try HeldRankingIndexes.$version.withValue(rankingVersion, operation: work)
    }

    /// Builds the ranking index for the file as it is now, on a thread of its own: a reader that
    /// starts (the team server, the MCP server) has it before its first question rather than
    /// building it during that question (about 80 ms for today's corpus). A question asked meanwhile
    /// is answered by SQL; a file that cannot be read now is left to the first question to report.
    public func holdRankingIndexSoon() {
        DispatchQueue.global(qos: .utility).async {
            let version = self.rankingVersion
            try? self.knowledgeBase().holdRankingIndex(dataVersion: version)
        }
    }

    /// The file's version now, as the held index is kept by: taken before the read (see `version`).
    private var rankingVersion: String { version?.tag(salt: "ranking index") ?? "-" }
}

import Foundation
import GRDB

/// Writes prepared documents inside the import's transaction: one source row each, facts replaced
/// per source, the newest format winning when two sources describe one component.
struct EntryWriter {
    let db: Database
    let platformIDs: [String: Int64]
    let frameworkIDs: [String: Int64]
    let now: String

    init(db: Database) throws {
        self.db = db
        platformIDs = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT slug, id FROM platforms").map { ($0[0], $0[1]) })
        frameworkIDs = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT slug, id FROM frameworks").map { ($0[0], $0[1]) })
        now = ISO8601DateFormatter().string(from: Date())
    }

    static let factTables = ["criteria", "guidance", "announcements", "gaps", "code_examples", "component_wcag", "gherkin_steps"]

    mutating func write(_ document: PreparedDocument, summary: inout ImportSummary) throws {
        let sourceID = try upsertSource(document)
        try exec("DELETE FROM notices WHERE source_id = ?", [sourceID])
        switch document.outcome {
        case .entries(let entries):
            var described = Set<Int64>()
            for entry in entries {
                if let id = try write(entry, sourceID: sourceID, document: document, summary: &summary) { described.insert(id) }
                try writeNotices(entry.notices, sourceID: sourceID, path: document.path, summary: &summary)
            }
            // A component this source described before but no longer does.
            let stale = try Row.fetchAll(try db.cachedStatement(sql: "SELECT id, slug FROM components WHERE source_id = ?"), arguments: [sourceID])
                .filter { !described.contains($0["id"]) }
            for row in stale {
                try exec("DELETE FROM components WHERE id = ?", [row["id"] as Int64])
                summary.removed.append(.init(path: document.path, component: row["slug"], format: document.format.rawValue))
            }
        case let .transcript(slug, family, transcript):
            try exec("DELETE FROM announcements WHERE source_id = ?", [sourceID])
            guard let componentID = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT id FROM components WHERE family = ? AND slug = ?"),
                                                       arguments: [family, slug]) else {
                summary.skipped.append(.init(path: document.path, reason: "captions for \(family) component \"\(slug)\", which is not in the knowledge base"))
                try exec("DELETE FROM sources WHERE id = ?", [sourceID])
                return
            }
            if transcript.utterances.isEmpty {
                summary.skipped.append(.init(path: document.path, reason: "caption file holds no cues"))
                return
            }
            let facts = transcript.utterances.map {
                AnnouncementFact(platform: transcript.platform, text: $0.text, context: nil, origin: "transcript",
                                 screenReader: transcript.screenReader, startMs: $0.startMs, endMs: $0.endMs, line: $0.line)
            }
            let offset = try Int.fetchOne(try db.cachedStatement(sql: "SELECT coalesce(max(position) + 1, 0) FROM announcements WHERE component_id = ?"),
                                          arguments: [componentID]) ?? 0
            try insertAnnouncements(facts, componentID: componentID, sourceID: sourceID, firstPosition: offset)
            summary.transcripts.append(.init(path: document.path, component: slug, format: document.format.rawValue))
        case .unchanged, .failed, .skipped:
            break
        }
    }

    private func upsertSource(_ document: PreparedDocument) throws -> Int64 {
        if let id = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT id FROM sources WHERE path = ?"), arguments: [document.path]) {
            try exec("""
                UPDATE sources SET format = ?, sha256 = ?, bytes = ?, imported_at = ?, superseded_by = NULL WHERE id = ?
                """, [document.format.rawValue, document.sha256, document.byteCount, now, id])
            return id
        }
        try exec("INSERT INTO sources (path, format, sha256, bytes, imported_at) VALUES (?, ?, ?, ?, ?)",
                       [document.path, document.format.rawValue, document.sha256, document.byteCount, now])
        return db.lastInsertedRowID
    }

    /// Returns the component's id when this source's facts are the ones kept.
    private func write(_ entry: NormalizedEntry, sourceID: Int64, document: PreparedDocument,
                       summary: inout ImportSummary) throws -> Int64? {
        let c = entry.component
        let item = ImportSummary.Item(path: document.path, component: c.slug, format: document.format.rawValue)
        let existing = try Row.fetchOne(try db.cachedStatement(sql: """
            SELECT c.id, c.source_id, s.format, s.path FROM components c JOIN sources s ON s.id = c.source_id
            WHERE c.family = ? AND c.slug = ?
            """), arguments: [c.family, c.slug])
        let componentID: Int64
        if let existing {
            componentID = existing["id"]
            let ownerID: Int64 = existing["source_id"]
            if ownerID == sourceID {
                summary.replaced.append(item)
            } else {
                let ownerFormat = SourceFormat(rawValue: existing["format"]) ?? .renderedText
                let ownerPath: String = existing["path"]
                if document.format.rank < ownerFormat.rank {
                    try exec("UPDATE sources SET superseded_by = ? WHERE id = ?", [ownerID, sourceID])
                    summary.superseded.append(.init(component: c.slug, winner: ownerPath, superseded: document.path))
                    return nil
                }
                try exec("UPDATE sources SET superseded_by = ? WHERE id = ?", [sourceID, ownerID])
                summary.superseded.append(.init(component: c.slug, winner: document.path, superseded: ownerPath))
            }
            for table in EntryWriter.factTables {
                try exec("DELETE FROM \(table) WHERE component_id = ? AND source_id = ?", [componentID, ownerID])
            }
            try exec("UPDATE components SET title = ?, category = ?, summary = ?, source_id = ? WHERE id = ?",
                           [c.title, c.category, c.summary, sourceID, componentID])
        } else {
            try exec("INSERT INTO components (slug, title, family, category, summary, source_id) VALUES (?, ?, ?, ?, ?, ?)",
                           [c.slug, c.title, c.family, c.category, c.summary, sourceID])
            componentID = db.lastInsertedRowID
            summary.added.append(item)
        }
        try writeFacts(entry, componentID: componentID, sourceID: sourceID)
        return componentID
    }

    private func writeFacts(_ entry: NormalizedEntry, componentID: Int64, sourceID: Int64) throws {
        let criteria = try RowInsert(db, """
            INSERT INTO criteria (component_id, platform_id, kind, label, expectation, position, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, fact) in entry.criteria.enumerated() {
            criteria.bind(1, componentID)
            criteria.bind(2, platformID(fact.platform))
            criteria.bind(3, fact.kind)
            criteria.bind(4, fact.label)
            criteria.bind(5, fact.expectation)
            criteria.bind(6, position)
            criteria.bind(7, sourceID)
            criteria.bind(8, fact.line)
            try criteria.run(db)
        }
        let guidance = try RowInsert(db, """
            INSERT INTO guidance (component_id, platform_id, framework_id, aspect, parent_id, text, position, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var guidanceIDs: [Int64] = []
        guidanceIDs.reserveCapacity(entry.guidance.count)
        for (position, fact) in entry.guidance.enumerated() {
            guidance.bind(1, componentID)
            guidance.bind(2, platformID(fact.platform))
            guidance.bind(3, frameworkID(fact.framework))
            guidance.bind(4, fact.aspect)
            guidance.bind(5, fact.parent.map { guidanceIDs[$0] })
            guidance.bind(6, fact.text)
            guidance.bind(7, position)
            guidance.bind(8, sourceID)
            guidance.bind(9, fact.line)
            try guidance.run(db)
            guidanceIDs.append(db.lastInsertedRowID)
        }
        try insertAnnouncements(entry.announcements, componentID: componentID, sourceID: sourceID, firstPosition: 0)
        let gaps = try db.cachedStatement(sql: """
            INSERT INTO gaps (component_id, platform_id, framework_id, aspect, problem, excerpt, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for fact in entry.gaps {
            try gaps.execute(arguments: [componentID, platformID(fact.platform), frameworkID(fact.framework), fact.aspect,
                                         fact.problem, fact.excerpt, sourceID, fact.line])
        }
        let code = try db.cachedStatement(sql: """
            INSERT INTO code_examples (component_id, platform_id, framework_id, aspect, language, code, position, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, fact) in entry.codeExamples.enumerated() {
            try code.execute(arguments: [componentID, platformID(fact.platform), frameworkID(fact.framework), fact.aspect,
                                         fact.language, fact.code, position, sourceID, fact.line])
        }
        let gherkin = try db.cachedStatement(sql: """
            INSERT INTO gherkin_steps (component_id, scenario, depth, text, position, source_id, line) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, step) in entry.gherkin.enumerated() {
            try gherkin.execute(arguments: [componentID, step.scenario, step.depth, step.text, position, sourceID, step.line])
        }
        // A criterion's title, level and address are filled in by whichever source gives them.
        let criterion = try db.cachedStatement(sql: """
            INSERT INTO wcag_criteria (sc, title, level, url) VALUES (?, ?, ?, ?)
            ON CONFLICT (sc) DO UPDATE SET title = coalesce(wcag_criteria.title, excluded.title),
                level = coalesce(wcag_criteria.level, excluded.level), url = coalesce(wcag_criteria.url, excluded.url)
            """)
        let citation = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO component_wcag (component_id, sc, source_id, line) VALUES (?, ?, ?, ?)
            """)
        for reference in entry.wcag {
            try criterion.execute(arguments: [reference.sc, reference.title, reference.level, reference.url])
            try citation.execute(arguments: [componentID, reference.sc, sourceID, reference.line])
        }
    }

    private func insertAnnouncements(_ facts: [AnnouncementFact], componentID: Int64, sourceID: Int64, firstPosition: Int) throws {
        let statement = try RowInsert(db, """
            INSERT INTO announcements (component_id, platform_id, text, context, origin, screen_reader, start_ms, end_ms,
                                       position, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (offset, fact) in facts.enumerated() {
            statement.bind(1, componentID)
            statement.bind(2, platformID(fact.platform))
            statement.bind(3, fact.text)
            statement.bind(4, fact.context)
            statement.bind(5, fact.origin)
            statement.bind(6, fact.screenReader)
            statement.bind(7, fact.startMs)
            statement.bind(8, fact.endMs)
            statement.bind(9, firstPosition + offset)
            statement.bind(10, sourceID)
            statement.bind(11, fact.line)
            try statement.run(db)
        }
    }

    private func writeNotices(_ notices: [Notice], sourceID: Int64, path: String, summary: inout ImportSummary) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO notices (source_id, kind, line, message) VALUES (?, ?, ?, ?)")
        for notice in notices {
            try statement.execute(arguments: [sourceID, notice.kind.rawValue, notice.line, notice.message])
            summary.notices.append(.init(path: path, line: notice.line, message: notice.message))
        }
    }

    /// Every statement of an import runs thousands of times: prepared once, kept.
    private func exec(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    private func platformID(_ slug: String?) -> Int64? { slug.flatMap { platformIDs[$0] } }
    private func frameworkID(_ slug: String?) -> Int64? { slug.flatMap { frameworkIDs[$0] } }
}

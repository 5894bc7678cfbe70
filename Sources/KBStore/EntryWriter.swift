import Foundation
import GRDB
import KBModel

/// Writes prepared documents inside the import's transaction: one source row each, facts replaced
/// per source, the newest format winning when two sources describe one component.
package struct EntryWriter {
    package let db: Database
    let platformIDs: [String: Int64]
    let frameworkIDs: [String: Int64]
    let now: String
    /// Every stored source by where its file is (`SourceLocation.absolute`): how a file imported
    /// again finds its row.
    var sourceIDs: [String: Int64]
    /// `roots` rows by path.
    var rootIDs: [String: Int64]
    /// Stage timings, when `A11YKB_IMPORT_STAGES` asks for them.
    let stages: ImportStages?

    init(db: Database, stages: ImportStages? = nil) throws {
        self.db = db
        self.stages = stages
        platformIDs = Dictionary(uniqueKeysWithValues: try PlatformRecord.fetchAll(db).map { ($0.slug, $0.id) })
        frameworkIDs = Dictionary(uniqueKeysWithValues: try FrameworkRecord.fetchAll(db).map { ($0.slug, $0.id) })
        now = ISO8601DateFormatter().string(from: Date())
        sourceIDs = try EntryWriter.sourceIDs(db)
        rootIDs = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, path FROM roots").map { ($0["path"], $0["id"]) })
    }

    static func sourceIDs(_ db: Database) throws -> [String: Int64] {
        let rows = try Row.fetchAll(db, sql: "SELECT s.id, \(SourceLocation.absoluteSQL) AS location FROM sources s LEFT JOIN roots r ON r.id = s.root_id")
        return Dictionary(rows.map { ($0["location"], $0["id"]) }, uniquingKeysWith: { a, _ in a })
    }

    /// The tables whose rows belong to one component and one source.
    static let factTables = ["criteria", "guidance", "announcements", "gaps", "code_examples", "component_wcag", "gherkin_steps"]

    package func sourceCount() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sources") ?? 0
    }

    package mutating func write(_ document: WritableDocument, summary: inout ImportSummary) throws {
        let sourceID = try stages.measure(.sources) {
            let id = try upsertSource(document)
            try exec("DELETE FROM notices WHERE source_id = ?", [id])
            return id
        }
        // Before the content: captions of no component delete their source row.
        try writeNotices(document.notices, sourceID: sourceID, path: document.path, summary: &summary)
        if document.unaccounted > 0 { summary.unaccounted.append(.init(path: document.path, lines: document.unaccounted)) }
        switch document.content {
        case .components(let entries):
            try writeComponents(entries, sourceID: sourceID, document: document, summary: &summary)
        case let .transcript(slug, family, announcements):
            try writeTranscript(announcements, slug: slug, family: family, sourceID: sourceID, document: document, summary: &summary)
        }
    }

    private func writeComponents(_ entries: [NormalizedEntry], sourceID: Int64, document: WritableDocument,
                                 summary: inout ImportSummary) throws {
        var described = Set<Int64>()
        for entry in entries {
            if let id = try write(entry, sourceID: sourceID, document: document, summary: &summary) { described.insert(id) }
            try stages.measure(.notices) { try writeNotices(entry.notices, sourceID: sourceID, path: document.path, summary: &summary) }
        }
        // A component this source described before but no longer does.
        let stale = try ComponentRecord.fetchAll(db, sql: "SELECT * FROM components WHERE source_id = ?", arguments: [sourceID])
            .filter { !described.contains($0.id) }
        for component in stale {
            try removeComponent(component.id)
            summary.removed.append(.init(path: document.path, component: component.slug, format: document.format.rawValue))
        }
    }

    /// Deletes a component and its facts. Captions attached to it came from files of their own:
    /// those sources are forgotten (their hash cleared), so that importing them again attaches
    /// them anew instead of skipping them as unchanged.
    private func removeComponent(_ id: Int64) throws {
        try exec("""
            UPDATE sources SET sha256 = '' WHERE id IN (
                SELECT source_id FROM announcements WHERE component_id = ? AND origin = 'transcript')
            """, [id])
        try exec("DELETE FROM components WHERE id = ?", [id])
    }

    /// Where every source the knowledge base holds was imported from (`SourceLocation.absolute`).
    package func sourcePaths() throws -> [String] {
        Array(sourceIDs.keys)
    }

    /// Roots no source is kept under any more go (a checkout removed, or moved and imported again).
    package func dropUnusedRoots() throws {
        try exec("DELETE FROM roots WHERE id NOT IN (SELECT root_id FROM sources WHERE root_id IS NOT NULL)", [])
    }

    /// Removes sources whose files are gone from a mirrored checkout: the components they hold,
    /// their facts in other components (captions), and the rows themselves. A source they had
    /// superseded is forgotten (hash cleared): importing its own folder again brings it back.
    package mutating func remove(sources paths: [String], summary: inout ImportSummary) throws {
        for path in paths {
            guard let sourceID = sourceIDs[path],
                  let source = try Row.fetchOne(db, sql: "SELECT id, format FROM sources WHERE id = ?", arguments: [sourceID]) else { continue }
            let id: Int64 = source["id"]
            let format: String = source["format"]
            let owned = try ComponentRecord.fetchAll(db, sql: "SELECT * FROM components WHERE source_id = ?", arguments: [id])
            let captioned = try String.fetchAll(db, sql: """
                SELECT DISTINCT c.slug FROM announcements a JOIN components c ON c.id = a.component_id
                WHERE a.source_id = ? AND a.component_id NOT IN (SELECT id FROM components WHERE source_id = ?)
                ORDER BY c.slug
                """, arguments: [id, id])
            for component in owned {
                try removeComponent(component.id)
                summary.removed.append(.init(path: path, component: component.slug, format: format))
            }
            for slug in captioned { summary.removed.append(.init(path: path, component: slug, format: format)) }
            for table in EntryWriter.factTables { try exec("DELETE FROM \(table) WHERE source_id = ?", [id]) }
            try exec("UPDATE sources SET sha256 = '' WHERE superseded_by = ?", [id])
            try exec("DELETE FROM sources WHERE id = ?", [id])
            sourceIDs[path] = nil
        }
    }

    private mutating func writeTranscript(_ announcements: [AnnouncementFact], slug: String, family: Family, sourceID: Int64,
                                 document: WritableDocument, summary: inout ImportSummary) throws {
        try exec("DELETE FROM announcements WHERE source_id = ?", [sourceID])
        guard let componentID = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT id FROM components WHERE family = ? AND slug = ?"),
                                                   arguments: [family.rawValue, slug]) else {
            summary.skipped.append(.init(path: document.path, reason: "captions for \(family.rawValue) component \"\(slug)\", which is not in the knowledge base"))
            try exec("DELETE FROM sources WHERE id = ?", [sourceID])
            sourceIDs[document.path] = nil
            return
        }
        if announcements.isEmpty {
            summary.skipped.append(.init(path: document.path, reason: "caption file holds no cues"))
            return
        }
        try replaceSameCaptions(componentID: componentID, slug: slug, sourceID: sourceID, document: document, summary: &summary)
        let offset = try Int.fetchOne(try db.cachedStatement(sql: "SELECT coalesce(max(position) + 1, 0) FROM announcements WHERE component_id = ?"),
                                      arguments: [componentID]) ?? 0
        try stages.measure(.announcements) {
            try insertAnnouncements(announcements, componentID: componentID, sourceID: sourceID, firstPosition: offset)
        }
        summary.transcripts.append(.init(path: document.path, component: slug, format: document.format.rawValue))
    }

    /// A caption belongs to its component, not to the path it came from: the same caption (the
    /// same file name in that component's captions, or the same bytes) imported from another path,
    /// such as a second copy of the checkout, replaces the one there instead of adding its cues
    /// again. The other source stays, superseded, like a markdown source another one replaced.
    private func replaceSameCaptions(componentID: Int64, slug: String, sourceID: Int64, document: WritableDocument,
                                     summary: inout ImportSummary) throws {
        let name = (document.path as NSString).lastPathComponent
        let others = try Row.fetchAll(try db.cachedStatement(sql: """
            SELECT DISTINCT s.id, \(SourceLocation.absoluteSQL) AS path, s.sha256 FROM announcements a
            JOIN sources s ON s.id = a.source_id LEFT JOIN roots r ON r.id = s.root_id
            WHERE a.component_id = ? AND a.origin = 'transcript' AND a.source_id != ?
            """), arguments: [componentID, sourceID])
        for other in others {
            let path: String = other["path"]
            let sha: String = other["sha256"]
            guard (path as NSString).lastPathComponent == name || sha == document.sha256 else { continue }
            let otherID: Int64 = other["id"]
            try exec("DELETE FROM announcements WHERE source_id = ? AND component_id = ?", [otherID, componentID])
            try exec("UPDATE sources SET superseded_by = ? WHERE id = ?", [sourceID, otherID])
            summary.superseded.append(.init(component: slug, winner: document.path, superseded: path))
        }
    }

    private mutating func upsertSource(_ document: WritableDocument) throws -> Int64 {
        let location = document.location
        let rootID = try location.root.map { try self.rootID($0) }
        if let id = sourceIDs[location.absolute] {
            try exec("""
                UPDATE sources SET root_id = ?, path = ?, format = ?, sha256 = ?, bytes = ?, imported_at = ?, superseded_by = NULL
                WHERE id = ?
                """, [rootID, location.path, document.format.rawValue, document.sha256, document.byteCount, now, id])
            return id
        }
        try exec("INSERT INTO sources (root_id, path, format, sha256, bytes, imported_at) VALUES (?, ?, ?, ?, ?, ?)",
                 [rootID, location.path, document.format.rawValue, document.sha256, document.byteCount, now])
        sourceIDs[location.absolute] = db.lastInsertedRowID
        return db.lastInsertedRowID
    }

    private mutating func rootID(_ root: String) throws -> Int64 {
        if let id = rootIDs[root] { return id }
        try exec("INSERT INTO roots (path) VALUES (?)", [root])
        rootIDs[root] = db.lastInsertedRowID
        return db.lastInsertedRowID
    }

    /// Returns the component's id when this source's facts are the ones kept.
    private func write(_ entry: NormalizedEntry, sourceID: Int64, document: WritableDocument,
                       summary: inout ImportSummary) throws -> Int64? {
        let written = try stages.measure(.components) {
            try writeComponent(entry, sourceID: sourceID, document: document, summary: &summary)
        }
        guard let componentID = written else { return nil }
        try writeFacts(entry, componentID: componentID, sourceID: sourceID)
        return componentID
    }

    /// The component's row, its old facts deleted when a source replaces them. Returns the
    /// component's id when this source's facts are the ones to write.
    private func writeComponent(_ entry: NormalizedEntry, sourceID: Int64, document: WritableDocument,
                                summary: inout ImportSummary) throws -> Int64? {
        let c = entry.component
        let item = ImportSummary.Item(path: document.path, component: c.slug, format: document.format.rawValue)
        let owner = try Row.fetchOne(try db.cachedStatement(sql: """
            SELECT c.id, c.source_id, s.format, \(SourceLocation.absoluteSQL) AS path FROM components c
            JOIN sources s ON s.id = c.source_id LEFT JOIN roots r ON r.id = s.root_id
            WHERE c.family = ? AND c.slug = ?
            """), arguments: [c.family.rawValue, c.slug])
        guard let owner else {
            try exec("""
                INSERT INTO components (slug, title, family, category, summary, page_link, condensed_frame, gherkin_frame, source_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [c.slug, c.title, c.family.rawValue, c.category, c.summary, c.pageLink, c.condensedFrame, c.gherkinFrame, sourceID])
            summary.added.append(item)
            return db.lastInsertedRowID
        }
        let componentID: Int64 = owner["id"]
        let ownerID: Int64 = owner["source_id"]
        if ownerID == sourceID {
            summary.replaced.append(item)
        } else {
            let ownerFormat = SourceFormat(rawValue: owner["format"]) ?? .renderedText
            let ownerPath: String = owner["path"]
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
        try exec("""
            UPDATE components SET title = ?, category = ?, summary = ?, page_link = ?, condensed_frame = ?, gherkin_frame = ?,
                source_id = ? WHERE id = ?
            """, [c.title, c.category, c.summary, c.pageLink, c.condensedFrame, c.gherkinFrame, sourceID, componentID])
        return componentID
    }

    private func writeFacts(_ entry: NormalizedEntry, componentID: Int64, sourceID: Int64) throws {
        try stages.measure(.criteria) { try insertCriteria(entry.criteria, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.guidance) { try insertGuidance(entry.guidance, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.announcements) {
            try insertAnnouncements(entry.announcements, componentID: componentID, sourceID: sourceID, firstPosition: 0)
        }
        try stages.measure(.gaps) { try insertGaps(entry.gaps, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.codeExamples) { try insertCodeExamples(entry.codeExamples, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.gherkinSteps) { try insertGherkin(entry.gherkin, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.wcag) { try insertWCAG(entry.wcag, componentID: componentID, sourceID: sourceID) }
    }

    private func insertCriteria(_ facts: [CriterionFact], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO criteria (component_id, platform_id, kind, label, expectation, position, source_id, line, group_title)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .text(fact.kind), .of(fact.label),
                                .text(fact.expectation), .of(position), .int(sourceID), .of(fact.line), .of(fact.group)])
        }
    }

    private func insertGuidance(_ facts: [GuidanceFact], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO guidance (component_id, platform_id, framework_id, aspect, parent_id, text, position, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // A nested note points at its parent's row: the ids of this entry's rows, in order.
        var ids: [Int64] = []
        ids.reserveCapacity(facts.count)
        for (position, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .of(frameworkID(fact.framework)),
                                .text(fact.aspect), .of(fact.parent.map { ids[$0] }), .text(fact.text), .of(position),
                                .int(sourceID), .of(fact.line)])
            ids.append(db.lastInsertedRowID)
        }
    }

    private func insertAnnouncements(_ facts: [AnnouncementFact], componentID: Int64, sourceID: Int64, firstPosition: Int) throws {
        let insert = try RowInsert(db, """
            INSERT INTO announcements (component_id, platform_id, text, context, origin, screen_reader, start_ms, end_ms,
                                       position, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (offset, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .text(fact.text), .of(fact.context),
                                .text(fact.origin.rawValue), .of(fact.screenReader), .of(fact.startMs), .of(fact.endMs),
                                .of(firstPosition + offset), .int(sourceID), .of(fact.line)])
        }
    }

    private func insertGaps(_ facts: [GapFact], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO gaps (component_id, platform_id, framework_id, aspect, problem, excerpt, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for fact in facts {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .of(frameworkID(fact.framework)), .of(fact.aspect),
                                .text(fact.problem.rawValue), .of(fact.excerpt), .int(sourceID), .of(fact.line)])
        }
    }

    private func insertCodeExamples(_ facts: [CodeFact], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO code_examples (component_id, platform_id, framework_id, aspect, language, code, position, source_id, line, quality)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .of(frameworkID(fact.framework)), .of(fact.aspect),
                                .of(fact.language), .text(fact.code), .of(position), .int(sourceID), .of(fact.line),
                                .text(fact.quality.rawValue)])
        }
    }

    private func insertGherkin(_ steps: [GherkinStep], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO gherkin_steps (component_id, scenario, depth, text, position, source_id, line) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, step) in steps.enumerated() {
            try insert.run(db, [.int(componentID), .of(step.scenario), .of(step.depth), .text(step.text), .of(position),
                                .int(sourceID), .of(step.line)])
        }
    }

    private func insertWCAG(_ references: [WCAGReference], componentID: Int64, sourceID: Int64) throws {
        // A criterion's title, level and address are filled in by whichever source gives them.
        let criterion = try RowInsert(db, """
            INSERT INTO wcag_criteria (sc, title, level, url) VALUES (?, ?, ?, ?)
            ON CONFLICT (sc) DO UPDATE SET title = coalesce(wcag_criteria.title, excluded.title),
                level = coalesce(wcag_criteria.level, excluded.level), url = coalesce(wcag_criteria.url, excluded.url)
            """)
        let citation = try RowInsert(db, """
            INSERT OR IGNORE INTO component_wcag (component_id, sc, source_id, line) VALUES (?, ?, ?, ?)
            """)
        for reference in references {
            try criterion.run(db, [.text(reference.sc), .of(reference.title), .of(reference.level), .of(reference.url)])
            try citation.run(db, [.int(componentID), .text(reference.sc), .int(sourceID), .of(reference.line)])
        }
    }

    private func writeNotices(_ notices: [Notice], sourceID: Int64, path: String, summary: inout ImportSummary) throws {
        let insert = try RowInsert(db, "INSERT INTO notices (source_id, kind, line, message) VALUES (?, ?, ?, ?)")
        for notice in notices {
            try insert.run(db, [.int(sourceID), .text(notice.kind.rawValue), .of(notice.line), .text(notice.message)])
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

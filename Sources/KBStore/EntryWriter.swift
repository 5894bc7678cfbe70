import Foundation
import GRDB
import KBModel

/// Executes an import's plan inside its transaction: the `StoreOperation`s `KBImport`'s planner
/// decided, in order. It decides nothing (which source wins, what is stale, what a caption
/// replaces are the planner's); it knows only how each operation becomes rows.
package struct EntryWriter {
    package let db: Database
    let platformIDs: [Platform: Int64]
    let frameworkIDs: [Framework: Int64]
    let now: String
    /// `roots` rows by path.
    var rootIDs: [String: Int64]
    /// The import's observer of where time goes (`ImportOptions.stages`), if any.
    let stages: ImportStages?

    init(db: Database, stages: ImportStages? = nil) throws {
        self.db = db
        self.stages = stages
        platformIDs = try EntryWriter.ids(of: Platform.self, in: try PlatformRecord.fetchAll(db).map { ($0.slug, $0.id) }, db)
        frameworkIDs = try EntryWriter.ids(of: Framework.self, in: try FrameworkRecord.fetchAll(db).map { ($0.slug, $0.id) }, db)
        now = ISO8601DateFormatter().string(from: Date())
        rootIDs = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, path FROM roots").map { ($0["path"], $0["id"]) })
    }

    /// The tables whose rows belong to one component and one source.
    static let factTables = ["inferred_wcag", "tests_nothing", "criteria", "guidance", "announcements", "gaps", "code_examples", "component_wcag", "gherkin_steps",
                             "videos"]

    /// What is stored, for the planner: read under the write lock this writer holds.
    package func storedState() throws -> StoredState {
        try StoredState.read(db)
    }

    package mutating func execute(_ operations: [StoreOperation]) throws {
        for operation in operations { try execute(operation) }
    }

    package mutating func execute(_ operation: StoreOperation) throws {
        switch operation {
        case let .upsertSource(id, location, format, sha256, bytes, isNew):
            try stages.measure(.sources) {
                let rootID = try location.root.map { try self.rootID($0) }
                if isNew {
                    try exec("INSERT INTO sources (id, root_id, path, format, sha256, bytes, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             [id, rootID, location.path, format.rawValue, sha256, bytes, now])
                } else {
                    try exec("""
                        UPDATE sources SET root_id = ?, path = ?, format = ?, sha256 = ?, bytes = ?, imported_at = ?, superseded_by = NULL
                        WHERE id = ?
                        """, [rootID, location.path, format.rawValue, sha256, bytes, now, id])
                    try exec("DELETE FROM notices WHERE source_id = ?", [id])
                }
            }
        case let .addNotices(sourceID, notices):
            try stages.measure(.notices) { try insertNotices(notices, sourceID: sourceID) }
        case let .insertComponent(id, c, sourceID):
            try stages.measure(.components) {
                try exec("""
                    INSERT INTO components (id, slug, title, family, category, tags, summary, page_link, condensed_frame, gherkin_frame,
                                            source_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [id, c.slug, c.title, c.family.rawValue, c.category, c.storedTags, c.summary, c.pageLink, c.condensedFrame,
                          c.gherkinFrame, sourceID])
                // A component of this name answers to it, not a rename to another.
                try exec("DELETE FROM component_renames WHERE family = ? AND slug = ?", [c.family.rawValue, c.slug])
            }
        case let .takeOverComponent(id, c, sourceID, previousSourceID):
            try stages.measure(.components) {
                for table in EntryWriter.factTables {
                    try exec("DELETE FROM \(table) WHERE component_id = ? AND source_id = ?", [id, previousSourceID])
                }
                try exec("""
                    UPDATE components SET title = ?, category = ?, tags = ?, summary = ?, page_link = ?, condensed_frame = ?,
                        gherkin_frame = ?, source_id = ? WHERE id = ?
                    """, [c.title, c.category, c.storedTags, c.summary, c.pageLink, c.condensedFrame, c.gherkinFrame, sourceID, id])
            }
        case let .insertFacts(componentID, sourceID, entry):
            try writeFacts(entry, componentID: componentID, sourceID: sourceID)
        case let .recordRename(family, from, to):
            try stages.measure(.components) {
                // Older renames to `from` now lead to `to`; a slug held by a component again, or
                // renamed to itself, is no rename.
                try exec("UPDATE component_renames SET now_slug = ? WHERE family = ? AND now_slug = ?", [to, family.rawValue, from])
                try exec("INSERT OR REPLACE INTO component_renames (family, slug, now_slug, renamed_at) VALUES (?, ?, ?, ?)",
                         [family.rawValue, from, to, now])
                try exec("""
                    DELETE FROM component_renames WHERE family = ? AND (slug = now_slug
                        OR slug IN (SELECT slug FROM components WHERE family = ?))
                    """, [family.rawValue, family.rawValue])
            }
        case let .supersede(sourceID, winnerID):
            try stages.measure(.components) { try exec("UPDATE sources SET superseded_by = ? WHERE id = ?", [winnerID, sourceID]) }
        case let .forget(sourceIDs):
            for id in sourceIDs { try exec("UPDATE sources SET sha256 = '' WHERE id = ?", [id]) }
        case let .removeComponent(id):
            try exec("DELETE FROM components WHERE id = ?", [id])
        case let .removeSource(id):
            try WCAGCatalogueWriter.forget(sourceID: id, db)
            for table in EntryWriter.factTables { try exec("DELETE FROM \(table) WHERE source_id = ?", [id]) }
            try exec("DELETE FROM rules WHERE source_id = ?", [id])
            try exec("DELETE FROM sources WHERE id = ?", [id])
        case let .removeCaptions(sourceID, componentID?):
            try exec("DELETE FROM announcements WHERE source_id = ? AND component_id = ?", [sourceID, componentID])
        case let .removeCaptions(sourceID, nil):
            try exec("DELETE FROM announcements WHERE source_id = ?", [sourceID])
        case let .replaceRules(sourceID, rules):
            try stages.measure(.components) { try replaceRules(rules, sourceID: sourceID) }
        case let .upsertCatalogue(sourceID, criteria):
            try WCAGCatalogueWriter.forget(sourceID: sourceID, keeping: Set(criteria.map(\.sc)), db)
            try WCAGCatalogueWriter.upsert(criteria, sourceID: sourceID, db)
        case let .appendCaptions(componentID, sourceID, announcements):
            let offset = try Int.fetchOne(try db.cachedStatement(sql: "SELECT coalesce(max(position) + 1, 0) FROM announcements WHERE component_id = ?"),
                                          arguments: [componentID]) ?? 0
            try stages.measure(.announcements) {
                try insertAnnouncements(announcements, componentID: componentID, sourceID: sourceID, firstPosition: offset)
            }
        }
    }

    /// Roots no source is kept under any more go (a checkout removed, or moved and imported again).
    package func dropUnusedRoots() throws {
        try exec("DELETE FROM roots WHERE id NOT IN (SELECT root_id FROM sources WHERE root_id IS NOT NULL)", [])
    }

    private mutating func rootID(_ root: String) throws -> Int64 {
        if let id = rootIDs[root] { return id }
        try exec("INSERT INTO roots (path) VALUES (?)", [root])
        rootIDs[root] = db.lastInsertedRowID
        return db.lastInsertedRowID
    }

    private func writeFacts(_ entry: NormalizedEntry, componentID: Int64, sourceID: Int64) throws {
        let criterionIDs = try stages.measure(.criteria) { try insertCriteria(entry.criteria, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.guidance) { try insertGuidance(entry.guidance, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.announcements) {
            try insertAnnouncements(entry.announcements, componentID: componentID, sourceID: sourceID, firstPosition: 0)
        }
        try stages.measure(.gaps) { try insertGaps(entry.gaps, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.codeExamples) { try insertCodeExamples(entry.codeExamples, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.gherkinSteps) { try insertGherkin(entry.gherkin, componentID: componentID, sourceID: sourceID) }
        try stages.measure(.wcag) {
            try insertWCAG(entry.wcag, componentID: componentID, sourceID: sourceID)
            try insertInferredWCAG(entry, criterionIDs: criterionIDs, componentID: componentID, sourceID: sourceID)
        }
        try insertVideos(entry.videos, componentID: componentID, sourceID: sourceID)
    }

    private func insertVideos(_ videos: [VideoLink], componentID: Int64, sourceID: Int64) throws {
        guard !videos.isEmpty else { return }
        let insert = try RowInsert(db, "INSERT INTO videos (component_id, src, captions, position, source_id, line) VALUES (?, ?, ?, ?, ?, ?)")
        for (position, video) in videos.enumerated() {
            try insert.run(db, [.int(componentID), .text(video.src), .of(video.captions), .of(position), .int(sourceID), .of(video.line)])
        }
    }

    /// The rows' ids, in the entry's order: inferred links point at them.
    private func insertCriteria(_ facts: [CriterionFact], componentID: Int64, sourceID: Int64) throws -> [Int64] {
        let insert = try RowInsert(db, """
            INSERT INTO criteria (component_id, platform_id, kind, label, expectation, position, source_id, line, group_title,
                                  step, heading_path)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var ids: [Int64] = []
        ids.reserveCapacity(facts.count)
        for (position, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .text(fact.kind.rawValue), .of(fact.label),
                                .text(fact.expectation), .of(position), .int(sourceID), .of(fact.line), .of(fact.group),
                                .of(fact.place.step), .of(fact.place.path)])
            ids.append(db.lastInsertedRowID)
        }
        return ids
    }

    private func insertGuidance(_ facts: [GuidanceFact], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO guidance (component_id, platform_id, framework_id, aspect, parent_id, text, position, source_id, line,
                                  step, heading_path)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // A nested note points at its parent's row: the ids of this entry's rows, in order.
        var ids: [Int64] = []
        ids.reserveCapacity(facts.count)
        for (position, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .of(frameworkID(fact.framework)),
                                .text(fact.aspect.rawValue), .of(fact.parent.map { ids[$0] }), .text(fact.text), .of(position),
                                .int(sourceID), .of(fact.line), .of(fact.place.step), .of(fact.place.path)])
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
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .of(frameworkID(fact.framework)), .of(fact.aspect?.rawValue),
                                .text(fact.problem.rawValue), .of(fact.excerpt), .int(sourceID), .of(fact.line)])
        }
    }

    private func insertCodeExamples(_ facts: [CodeFact], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, """
            INSERT INTO code_examples (component_id, platform_id, framework_id, aspect, language, code, position, source_id, line, quality,
                                       caption)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, fact) in facts.enumerated() {
            try insert.run(db, [.int(componentID), .of(platformID(fact.platform)), .of(frameworkID(fact.framework)), .of(fact.aspect?.rawValue),
                                .of(fact.language), .text(fact.code), .of(position), .int(sourceID), .of(fact.line),
                                .text(fact.quality.rawValue), .of(fact.caption)])
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

    /// A source's rules replace what it gave before; their links go with them (ON DELETE CASCADE).
    private func replaceRules(_ rules: [RuleEntry], sourceID: Int64) throws {
        try exec("DELETE FROM rules WHERE source_id = ?", [sourceID])
        let rule = try RowInsert(db, """
            INSERT INTO rules (kind, slug, name, description, rule_type, impact, applicability, expectation, input_aspects,
                               deprecated, url, version, source_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let link = try RowInsert(db, """
            INSERT OR IGNORE INTO rule_sc (rule_id, sc, requirement, secondary, for_conformance, failed, passed, inapplicable, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let tag = try RowInsert(db, "INSERT OR IGNORE INTO rule_tags (rule_id, tag, scheme, line) VALUES (?, ?, ?, ?)")
        let act = try RowInsert(db, "INSERT OR IGNORE INTO rule_act_ids (rule_id, act_id, line) VALUES (?, ?, ?)")
        for r in rules {
            try rule.run(db, [.text(r.kind.rawValue), .text(r.slug), .of(r.name), .of(r.description), .of(r.ruleType), .of(r.impact),
                              .of(r.applicability), .of(r.expectation),
                              .of(r.inputAspects.isEmpty ? nil : r.inputAspects.joined(separator: ", ")),
                              .of(r.deprecated ? 1 : 0), .of(r.url), .of(r.version), .int(sourceID), .of(r.line)])
            let id = db.lastInsertedRowID
            for l in r.scLinks {
                try link.run(db, [.int(id), .text(l.sc), .text(l.requirement), .of(l.secondary ? 1 : 0),
                                  .of(l.forConformance.map { $0 ? 1 : 0 }), .of(l.failed), .of(l.passed), .of(l.inapplicable), .of(l.line)])
            }
            for t in r.tags { try tag.run(db, [.int(id), .text(t.tag), .text(t.scheme), .of(t.line)]) }
            for a in r.actIDs { try act.run(db, [.int(id), .text(a.id), .of(a.line)]) }
        }
    }

    /// One inferred link; the import and the backfill of an older knowledge base write it alike.
    static let insertInferredWCAG = """
        INSERT INTO inferred_wcag (component_id, criterion_id, platform_id, sc, reason, source_id, line) VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// One criterion that tests nothing; the import and the backfill write it alike.
    static let insertTestsNothing = """
        INSERT INTO tests_nothing (component_id, criterion_id, platform_id, reason, source_id, line) VALUES (?, ?, ?, ?, ?, ?)
        """

    private func insertInferredWCAG(_ entry: NormalizedEntry, criterionIDs: [Int64], componentID: Int64, sourceID: Int64) throws {
        let insert = try RowInsert(db, EntryWriter.insertInferredWCAG)
        for link in entry.inferredWCAG {
            try insert.run(db, [.int(componentID), .of(link.criterion.map { criterionIDs[$0] }), .of(platformID(link.platform)),
                                .text(link.sc), .text(link.reason), .int(sourceID), .of(link.criterion.map { entry.criteria[$0].line })])
        }
        guard !entry.testsNothing.isEmpty else { return }
        let nothing = try RowInsert(db, EntryWriter.insertTestsNothing)
        for mark in entry.testsNothing {
            try nothing.run(db, [.int(componentID), .int(criterionIDs[mark.criterion]), .of(platformID(mark.platform)),
                                 .text(mark.reason), .int(sourceID), .of(entry.criteria[mark.criterion].line)])
        }
    }

    private func insertNotices(_ notices: [Notice], sourceID: Int64) throws {
        let insert = try RowInsert(db, "INSERT INTO notices (source_id, kind, line, message) VALUES (?, ?, ?, ?)")
        for notice in notices {
            try insert.run(db, [.int(sourceID), .text(notice.kind.rawValue), .of(notice.line), .text(notice.message)])
        }
    }

    /// Every statement of an import runs thousands of times: prepared once, kept.
    private func exec(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// Every case's row id. A case the table lacks fails the import: writing its facts with a NULL
    /// platform would file them under "every platform".
    static func ids<Value: RawRepresentable & CaseIterable & Hashable>(
        of: Value.Type, in rows: [(slug: String, id: Int64)], _ db: Database
    ) throws -> [Value: Int64] where Value.RawValue == String {
        let bySlug = Dictionary(rows, uniquingKeysWith: { first, _ in first })
        return try Dictionary(uniqueKeysWithValues: Value.allCases.map { value in
            guard let id = bySlug[value.rawValue] else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the knowledge base has no row for \"\(value.rawValue)\"")
            }
            return (value, id)
        })
    }

    // Never nil for a platform the fact has: `ids` found a row for every case.
    private func platformID(_ platform: Platform?) -> Int64? { platform.map { platformIDs[$0]! } }
    private func frameworkID(_ framework: Framework?) -> Int64? { framework.map { frameworkIDs[$0]! } }
}

extension ComponentInfo {
    /// `tags` as the column holds them: slugs separated by a space, NULL for none.
    var storedTags: String? { tags.isEmpty ? nil : tags.joined(separator: " ") }
}

import A11yKB
@testable import KBSearch
@testable import KBImport
@testable import KBQuery
import GRDB
import TestSupport
import XCTest

/// docs/datasette.json names tables, views, columns and an FTS index of the schema, and holds
/// canned SQL; docs/schema.md gives the search SQL for sqlite-utils users. Both must keep working
/// as the schema changes.
final class DatasetteMetadataTests: XCTestCase {
    static let metadataFile = Fixtures.repoRoot.appendingPathComponent("docs/datasette.json")

    func metadata() throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.metadataFile)) as? [String: Any]
        let databases = try XCTUnwrap(json?["databases"] as? [String: Any])
        return try XCTUnwrap(databases["kb"] as? [String: Any], "the metadata is for a file named kb.sqlite")
    }

    func testEveryTableViewColumnAndIndexTheMetadataNamesExists() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let tables = try XCTUnwrap(try metadata()["tables"] as? [String: [String: Any]])
        XCTAssertTrue(tables.keys.contains("v_facts"))
        try kb.reader.read { db in
            for (name, settings) in tables {
                let kind = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ?", arguments: [name])
                XCTAssertNotNil(kind, "\(name) is a table or view of the schema")
                let columns = Set(try db.columns(in: name).map(\.name))
                var named: [String] = settings["facets"] as? [String] ?? []
                for key in ["sort", "sort_desc", "label_column", "fts_pk"] { if let column = settings[key] as? String { named.append(column) } }
                for column in named { XCTAssertTrue(columns.contains(column), "\(name).\(column)") }
                if let fts = settings["fts_table"] as? String {
                    let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [fts]) ?? ""
                    XCTAssertTrue(sql.contains("USING fts5"), "\(fts) is an FTS5 index")
                }
            }
        }
    }

    /// Datasette's search box runs `fts_pk IN (SELECT rowid FROM fts_table WHERE fts_table MATCH ?)`:
    /// on v_facts it finds exactly the facts `a11ykb search` finds.
    func testTheSearchBoxFindsWhatA11ykbSearchFinds() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let v = try XCTUnwrap(try metadata()["tables"] as? [String: [String: Any]])["v_facts"]
        let (table, pk) = (try XCTUnwrap(v?["fts_table"] as? String), try XCTUnwrap(v?["fts_pk"] as? String))
        for query in ["dimmed", "\"double tap\"", "focus*"] {
            let datasette = try kb.reader.read { db in
                try Row.fetchAll(db, sql: "SELECT \(pk), text FROM v_facts WHERE \(pk) IN (SELECT rowid FROM \(table) WHERE \(table) MATCH ?)",
                                 arguments: [query])
            }
            let hits = try kb.search(query, options: SearchOptions(limit: 0)).hits
            XCTAssertGreaterThan(hits.count, 2, query)
            XCTAssertEqual(Set(datasette.map { $0[pk] as Int64 }), Set(hits.map { $0.id * 8 + Int64($0.fact.tag) }), query)
            XCTAssertEqual(Set(datasette.map { $0["text"] as String }), Set(hits.map(\.text)), query)
        }
    }

    func testCannedQueriesRunAndAnswer() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let queries = try XCTUnwrap(try metadata()["queries"] as? [String: [String: Any]])
        XCTAssertEqual(Set(queries.keys), ["criteria_of_a_component", "ios_vs_android", "open_gaps", "who_cites_wcag"])
        func run(_ name: String, _ arguments: [String: String]) throws -> [Row] {
            let sql = try XCTUnwrap(queries[name]?["sql"] as? String)
            return try kb.reader.read { try Row.fetchAll($0, sql: sql, arguments: StatementArguments(arguments)) }
        }
        let criteria = try run("criteria_of_a_component", ["component": "reorder-data-row"])
        XCTAssertEqual(criteria.map { $0["expectation"] as String },
                       try Fixtures.strings(kb, "SELECT expectation FROM v_criteria WHERE component = 'reorder-data-row' ORDER BY position"))
        XCTAssertEqual(criteria.count, 8)

        let sideBySide = try run("ios_vs_android", ["component": "reorder-data-row"])
        let focus = try XCTUnwrap(sideBySide.first { $0["aspect"] == "focus" })
        XCTAssertTrue((focus["ios"] as String?)?.contains("uikit: Use `accessibilityViewIsModal`") == true, focus.description)
        XCTAssertTrue((focus["android"] as String?)?.contains("android-views: `nextFocusDown`") == true, focus.description)
        let state = try XCTUnwrap(sideBySide.first { $0["aspect"] == "state" })
        XCTAssertTrue((state["ios"] as String?)?.contains("Announcement for disabled is \"Dimmed\"") == true, state.description)
        XCTAssertNil(state["android"] as String?, "the source has no Android state notes")
        XCTAssertEqual(sideBySide.map { $0["aspect"] as String }.first, "general", "aspects in source order")

        XCTAssertEqual(try run("open_gaps", ["component": ""]).count, try Fixtures.int(kb, "SELECT count(*) FROM gaps"))
        XCTAssertEqual(try run("open_gaps", ["component": "expandable"]).count, 13)
        XCTAssertEqual(try run("who_cites_wcag", ["sc": "4.1.2"]).count, 0, "the seed cites none; the corpus test has them")
    }

    func testWhoCitesWCAGOnTheCorpus() throws {
        let corpus = try Fixtures.corpus("magentaA11y-2026")
        let kb = try Fixtures.emptyKnowledgeBase(self)
        _ = try kb.importFiles([corpus.path])
        let sql = try XCTUnwrap((try metadata()["queries"] as? [String: [String: Any]])?["who_cites_wcag"]?["sql"] as? String)
        let rows = try kb.reader.read { try Row.fetchAll($0, sql: sql, arguments: ["sc": "4.1.2"]) }
        XCTAssertEqual(rows.count, try Fixtures.int(kb, "SELECT count(*) FROM component_wcag WHERE sc = '4.1.2'"))
        XCTAssertGreaterThan(rows.count, 5)
        XCTAssertTrue(rows.allSatisfy { $0["criterion"] == "Name, Role, Value" })
    }

    /// The SQL docs/schema.md gives sqlite-utils users instead of `sqlite-utils search`.
    func testSchemaDocsSearchSQLFindsAndRanksWhatA11ykbSearchDoes() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let doc = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "-- search.sql:"))
        let sql = String(doc[start.lowerBound...].prefix { $0 != "`" })
        for query in ["dimmed", "state"] {
            let rows = try kb.reader.read { try Row.fetchAll($0, sql: sql, arguments: ["query": query]) }
            let hits = try kb.search(query, options: SearchOptions(limit: 0)).hits
            XCTAssertEqual(rows.count, hits.count, query)
            XCTAssertEqual(rows.map { "\($0["fact"] as String): \($0["text"] as String)" }.sorted(),
                           hits.map { "\($0.fact.rawValue): \($0.text)" }.sorted(), query)
            XCTAssertEqual(rows.first?["text"], hits.first?.text, "\(query): the best hit first")
        }
    }
}

/// The metadata written for another file than kb.sqlite is keyed on its name and says it is for
/// that file (it once said, under `site`, that it was written for kb.sqlite).
final class DatasetteMetadataNameTests: XCTestCase {
    func testMetadataForAnotherFileNamesThatFile() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let site = folder.appendingPathComponent("site.sqlite").path
        _ = try KnowledgeBase.open(forImport: site)
        let kb = try KnowledgeBase.open(existing: site)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(kb.datasetteMetadata.utf8)) as? [String: Any])
        let databases = try XCTUnwrap(json["databases"] as? [String: Any])
        XCTAssertEqual(Array(databases.keys), ["site"])
        let description = try XCTUnwrap((databases["site"] as? [String: Any])?["description"] as? String)
        XCTAssertFalse(description.contains("kb.sqlite"), description)
        XCTAssertTrue(description.contains("site.sqlite"), description)
    }
}

import A11yKB
import KBModel
@testable import KBConformance
@testable import KBQuery
@testable import KBRender
import Foundation
import TestSupport
import XCTest

/// Every document renders every format it declares, and refuses the others in one typed error;
/// its JSON parses, with the keys its renderer documents.
final class DocumentTests: XCTestCase {
    /// Each document of the seeded knowledge base, by name, with its formats rendered.
    struct Rendered {
        var name: String
        var formats: [DocumentFormat]
        var texts: [DocumentFormat: String]
        /// A binary format's bytes (Word), which no text holds.
        var bytes: [DocumentFormat: Data]
        var refuses: (DocumentFormat) -> UnsupportedFormat?
    }

    func rendered<D: Document>(_ name: String, _ document: D, options: DocumentOptions = DocumentOptions()) throws -> Rendered {
        var texts: [DocumentFormat: String] = [:], bytes: [DocumentFormat: Data] = [:]
        for format in D.formats {
            if format.isBinary {
                bytes[format] = try document.renderedData(format, options: options)
                XCTAssertThrowsError(try document.rendered(format, options: options), "\(name): \(format) is no text")
            } else {
                texts[format] = try document.rendered(format, options: options)
                XCTAssertEqual(try document.renderedData(format, options: options), Data(texts[format]!.utf8), "\(name): the bytes are the text")
            }
        }
        return Rendered(name: name, formats: D.formats, texts: texts, bytes: bytes, refuses: { format in
            do {
                _ = try document.renderedData(format, options: options)
                return nil
            } catch let error as UnsupportedFormat {
                return error
            } catch {
                return nil
            }
        })
    }

    static func resultsCSV(_ checklist: Checklist) -> String {
        var csv = "id,fingerprint,result,note\n"
        for (i, item) in checklist.items.enumerated() where item.kind == .criterion {
            csv += "\(item.id),\(item.fingerprint),\(i % 3 == 0 ? "fail" : "pass"),\(i % 3 == 0 ? "a note" : "")\n"
        }
        return csv
    }

    func documents() throws -> [Rendered] {
        let kb = try Fixtures.seededKnowledgeBase(self)
        let facts = try QueryFixtures.allFacts(kb)
        XCTAssertGreaterThan(facts.count, 1)
        let checklist = try kb.checklist(facts.map { "\($0.component.family.rawValue)/\($0.component.slug)" })
        let report = try kb.report(results: Data(Self.resultsCSV(checklist).utf8), name: "results.csv")
        let built = try kb.buildConformanceReport(results: [NamedInput(name: "results.csv", data: Data(Self.resultsCSV(checklist).utf8))],
                                                  axe: [], base: nil)
        var other = built.report
        other.title = "Another title"
        let problems = try ConformanceReports.check(NamedInput(name: "acr.yaml", data: Data(OpenACRWriting.yaml(built.report).utf8)),
                                                    strict: true)
        XCTAssertFalse(problems.isEmpty, "a built report lacks what only a person gives: strict says so")
        var summary = ImportSummary()
        summary.added = [.init(path: "a.md", component: "web/a", format: .magentaV2)]
        summary.standards = [.init(path: "wcag.json", rules: 0, criteria: 87, format: .wcagJSON)]
        summary.notices = [.init(path: "a.md", line: 3, message: "kept as aspect")]
        summary.errors = [.init(path: "b.md", message: "not UTF-8")]
        summary.unaccounted = [.init(path: "a.md", lines: 2)]
        return [
            try rendered("a component", AcceptanceCriteriaDocument(facts[0])),
            try rendered("a component, lines cited", AcceptanceCriteriaDocument(facts[0]), options: DocumentOptions(lines: true)),
            try rendered("components", AcceptanceCriteriaDocument(bundle: facts)),
            try rendered("a checklist", ChecklistDocument(checklist, footer: TeamFooter(contact: "a11y@example.com"), title: "Plan")),
            try rendered("a comparison", try kb.compare(component: "expandable-region"), options: DocumentOptions(byteOrderMark: true)),
            try rendered("the matrix", try kb.matrix(), options: DocumentOptions(cells: .count)),
            try rendered("a results report", TestReportDocument(report, heading: ReportHeading(title: "Report", date: "2026-11-27"))),
            try rendered("a diff", try kb.diff(from: kb.path)),
            try rendered("an import summary", ImportSummaryDocument(summary)),
            try rendered("a conformance report", built.report),
            try rendered("a conformance diff", OpenACRDiff.compare(built.report, other)),
            try rendered("a check's problems", ConformanceCheckResult(problems)),
        ]
    }

    func testEveryDocumentRendersEveryFormatItDeclaresAndRefusesTheOthers() throws {
        for document in try documents() {
            XCTAssertFalse(document.formats.isEmpty, document.name)
            XCTAssertEqual(Set(document.formats).count, document.formats.count, "\(document.name): each format once")
            for format in document.formats {
                if let bytes = document.bytes[format] {
                    XCTAssertEqual(Array(bytes.prefix(2)), Array("PK".utf8), "\(document.name) in \(format): a zip")
                    continue
                }
                let text = try XCTUnwrap(document.texts[format], "\(document.name) in \(format)")
                // JSON Lines of no row is nothing at all.
                if format != .jsonl { XCTAssertFalse(text.isEmpty, "\(document.name) in \(format)") }
                XCTAssertTrue(text.isEmpty || text.utf8.last == 0x0A, "\(document.name) in \(format) ends its last line")
                if format == .json || format == .jsonl {
                    for part in format == .json ? [text] : text.split(separator: "\n").map(String.init) {
                        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(part.utf8)), "\(document.name) in \(format): \(part.prefix(200))")
                    }
                }
                if format == .csv, let header = CSVReader.parse(text.replacingOccurrences(of: "\u{FEFF}", with: "")).first {
                    XCTAssertFalse(header.isEmpty, "\(document.name) in CSV has a header")
                }
            }
            for format in DocumentFormat.allCases where !document.formats.contains(format) {
                XCTAssertEqual(document.refuses(format), UnsupportedFormat(given: format.rawValue, supported: document.formats),
                               "\(document.name) is not written in \(format)")
            }
        }
    }

    /// The keys each document's JSON documents, in their order where a reader sees the order.
    func testEachDocumentsJSONHasItsKeys() throws {
        let documents = Dictionary(uniqueKeysWithValues: try self.documents().map { ($0.name, $0) })
        func object(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(documents[name]!.texts[.json]!.utf8)) as? [String: Any], name)
        }
        func array(_ name: String) throws -> [[String: Any]] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(documents[name]!.texts[.json]!.utf8)) as? [[String: Any]], name)
        }
        func keysInOrder(_ name: String, _ keys: [String], file: StaticString = #filePath, line: UInt = #line) {
            let text = documents[name]!.texts[.json]!
            let positions = keys.map { text.range(of: "\"\($0)\": ")?.lowerBound }
            XCTAssertFalse(positions.contains(nil), "\(name): \(keys) in \(text.prefix(300))", file: file, line: line)
            XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), "\(name): keys in order", file: file, line: line)
        }
        let component = ["component", "criteria", "guidance", "announcements", "gaps", "code_examples"]
        XCTAssertEqual(Set(try object("a component").keys), Set(component))
        keysInOrder("a component", component)
        XCTAssertEqual(try array("components").map { Set($0.keys) }, Array(repeating: Set(component), count: try array("components").count))
        XCTAssertEqual(Set(try object("a checklist").keys),
                       ["platform", "framework", "criteria", "items", "notes_as_items", "missing", "components", "footer"])
        XCTAssertEqual(Set(try object("a comparison").keys), ["component", "columns", "rows"])
        keysInOrder("a comparison", ["component", "slug", "title", "family", "category", "source", "columns", "rows"])
        XCTAssertTrue(try array("the matrix").allSatisfy { ["component", "family", "category", "title"].allSatisfy($0.keys.contains) })
        XCTAssertEqual(Set(try array("a results report").first?.keys ?? [:].keys),
                       ["scope", "name", "title", "passed", "failed", "blocked", "n/a", "not tested", "conformance", "detail"])
        XCTAssertEqual(try array("a diff").count, 0, "a knowledge base against itself: nothing changed")
        let summary = ["refused", "added", "replaced", "superseded", "removed", "standards", "transcripts", "unchanged", "skipped",
                       "ignored_in_checkout", "unaccounted_lines", "unaccounted", "notices", "errors"]
        XCTAssertEqual(Set(try object("an import summary").keys), Set(summary))
        keysInOrder("an import summary", summary)
        XCTAssertEqual(try object("an import summary")["unaccounted_lines"] as? Int, 2)
        XCTAssertTrue(try object("a conformance report").keys.contains("chapters"))
        XCTAssertEqual(try array("a conformance diff").map { Set($0.keys) }, [["chapter", "criterion", "component", "field", "old", "new"]])
        keysInOrder("a conformance diff", ["chapter", "criterion", "component", "field", "old", "new"])
        XCTAssertTrue(try array("a check's problems").allSatisfy { Set($0.keys) == ["kind", "chapter", "criterion", "component", "message"] })
    }

    /// A document's formats are the words a skin takes: each one's name, its list in a sentence,
    /// a word that is none refused with the formats there are.
    func testAFormatIsReadByItsName() throws {
        XCTAssertEqual(ChecklistDocument.formatNames, ["markdown", "jira", "csv", "gherkin", "json", "jira-csv"])
        XCTAssertEqual(AcceptanceCriteriaDocument.formatList, "markdown, condensed, gherkin or json")
        XCTAssertEqual(Matrix.formatList, "csv or json")
        XCTAssertEqual(try ChecklistDocument.format(named: "jira-csv"), .jiraCSV)
        XCTAssertThrowsError(try Matrix.format(named: "table")) { error in
            XCTAssertEqual(error as? UnsupportedFormat, UnsupportedFormat(given: "table", supported: [.csv, .json]))
        }
        XCTAssertThrowsError(try Comparison.writer(.html)) { error in
            XCTAssertEqual((error as? UnsupportedFormat)?.given, "html")
        }
        for format in TabularFormat.allCases { XCTAssertEqual(DocumentFormat(format).tabular, format) }
        XCTAssertEqual(Set(DocumentFormat.allCases.map(\.rawValue)).count, DocumentFormat.allCases.count)
    }
}

/// `JSONValue(encoding:)`: the one way an `Encodable` becomes JSON, and the bytes it writes are the
/// ones the hand-built trees it replaced wrote.
final class JSONEncodingTests: XCTestCase {
    struct Sample: Encodable {
        struct Inner: Encodable { var b: Int; var a: String? }
        var zeta: String
        var alpha: Int?
        var list: [Inner]
        var flag: Bool
        var ratio: Double
        var tree: JSONValue
        var platform: Platform?

        enum CodingKeys: String, CodingKey { case zeta, alpha, list, flag, ratio, tree, platform = "the_platform" }
    }

    func testKeysComeInCodingKeysOrderAndNilIsNull() {
        let value = Sample(zeta: "z\n\"", alpha: nil, list: [.init(b: 1, a: nil), .init(b: 2, a: "x")], flag: true, ratio: 0.5,
                           tree: .object([("k", .array([.int(1)]))]), platform: .ios)
        XCTAssertEqual(JSONValue(encoding: value).rendered(pretty: false),
                       #"{"zeta":"z\n\"","alpha":null,"list":[{"b":1,"a":null},{"b":2,"a":"x"}],"flag":true,"ratio":0.5,"tree":{"k":[1]},"the_platform":"ios"}"#)
        XCTAssertEqual(JSONValue(encoding: [String]()), .array([]))
        XCTAssertEqual(JSONValue(encoding: Optional<Sample.Inner>.none), .null)
        XCTAssertEqual(JSONValue(encoding: JSONValue.string("as it is")), .string("as it is"))
    }

    /// The trees the renderers built by hand before their values were `Encodable`, byte for byte.
    func testEncodedValuesWriteTheBytesTheHandBuiltTreesWrote() throws {
        let kb = try Fixtures.seededKnowledgeBase(self)
        for facts in try QueryFixtures.allFacts(kb) {
            let c = facts.component
            XCTAssertEqual(JSONValue(encoding: c).rendered(),
                           JSONValue.object([("slug", .string(c.slug)), ("title", .string(c.title)), ("family", .string(c.family.rawValue)),
                                             ("category", .optional(c.category)), ("source", .string(c.source))]).rendered())
            XCTAssertEqual(AcceptanceCriteria.componentJSON(facts).rendered(), JSONValue.object([
                ("slug", .string(c.slug)), ("title", .string(c.title)), ("family", .string(c.family.rawValue)),
                ("category", .optional(c.category)), ("source", .string(c.source)), ("platforms", .array(facts.platforms.map { .string($0.rawValue) })),
            ]).rendered())
            XCTAssertEqual(JSONValue(encoding: facts.criteria).rendered(), JSONValue.array(facts.criteria.map {
                .object([("kind", .string($0.kind.rawValue)), ("label", .optional($0.label)), ("expectation", .string($0.expectation)),
                         ("platform", .optional($0.platform?.rawValue)), ("line", .int(Int64($0.line)))])
            }).rendered())
            XCTAssertEqual(JSONValue(encoding: facts.announcements).rendered(), JSONValue.array(facts.announcements.map {
                .object([("platform", .optional($0.platform?.rawValue)), ("text", .string($0.text)), ("context", .optional($0.context)),
                         ("origin", .string($0.origin.rawValue)), ("screen_reader", .optional($0.screenReader)), ("source", .string($0.source)),
                         ("line", .int(Int64($0.line)))])
            }).rendered())
            XCTAssertEqual(JSONValue(encoding: facts.codeExamples).rendered(), JSONValue.array(facts.codeExamples.map {
                .object([("platform", .optional($0.platform?.rawValue)), ("framework", .optional($0.framework?.rawValue)), ("aspect", .optional($0.aspect?.rawValue)),
                         ("language", .optional($0.language)), ("code", .string($0.code)), ("quality", .string($0.quality.rawValue)),
                         ("line", .int(Int64($0.line)))])
            }).rendered())
            XCTAssertEqual(JSONValue(encoding: facts.gherkin).rendered(), JSONValue.array(facts.gherkin.map {
                .object([("scenario", .optional($0.scenario)), ("depth", .int(Int64($0.depth))), ("text", .string($0.text)),
                         ("line", .int(Int64($0.line)))])
            }).rendered())
        }

        let checklist = try kb.checklist(["expandable-region", "table-row-button"], platform: .ios, notesAsItems: true)
        XCTAssertFalse(checklist.items.isEmpty)
        for item in checklist.items {
            XCTAssertEqual(JSONValue(encoding: item).rendered(), JSONValue.object([
                ("id", .string(item.id)), ("fingerprint", .string(item.fingerprint)), ("kind", .string(item.kind.rawValue)),
                ("component", .string(item.component)), ("platform", .optional(item.platform?.rawValue)), ("framework", .optional(item.framework?.rawValue)),
                ("group", .string(item.group)), ("label", .optional(item.label)), ("expectation", .string(item.expectation)),
                ("announcements", .array(item.announcements.map(JSONValue.string))),
                ("success_criteria", .array(item.successCriteria.written.map(JSONValue.string))),
                ("source", .string(item.source)), ("line", .int(Int64(item.line))),
            ]).rendered())
        }
        for footer in [TeamFooter(), TeamFooter(contact: "a11y@example.com", ticketLink: "https://example.com/a11y")] {
            XCTAssertEqual(JSONValue(encoding: footer).rendered(),
                           JSONValue.object([("contact", .optional(footer.contact)), ("ticket_link", .optional(footer.ticketLink))]).rendered())
        }

        var s = ImportSummary()
        s.added = [.init(path: "a.md", component: "web/a", format: .magentaV2)]
        s.replaced = [.init(path: "b.md", component: "web/b", format: .jekyll)]
        s.superseded = [.init(component: "web/b", winner: "b.md", superseded: "b.jekyll.md")]
        s.standards = [.init(path: "wcag.json", rules: 3, criteria: 87, format: .wcagJSON)]
        s.transcripts = [.init(path: "c.vtt", component: "native/c", format: .webVTT)]
        s.unchanged = ["d.md"]
        s.skipped = [.init(path: "e.md", reason: "a template")]
        s.ignoredInCheckout = 4
        s.unaccounted = [.init(path: "a.md", lines: 2)]
        s.notices = [.init(path: "a.md", line: 3, message: "kept as aspect")]
        s.errors = [.init(path: "f.md", message: "not UTF-8")]
        func items(_ list: [ImportSummary.Item]) -> JSONValue {
            .array(list.map { .object([("path", .string($0.path)), ("component", .string($0.component)), ("format", .string($0.format.rawValue))]) })
        }
        func problems(_ list: [ImportSummary.Problem]) -> JSONValue {
            .array(list.map { .object([("path", .string($0.path)), ("line", .optional($0.line)), ("message", .string($0.message))]) })
        }
        let handBuilt: JSONValue = .object([
            ("refused", .bool(s.refused)), ("added", items(s.added)), ("replaced", items(s.replaced)),
            ("superseded", .array(s.superseded.map {
                .object([("component", .string($0.component)), ("winner", .string($0.winner)), ("superseded", .string($0.superseded))])
            })),
            ("removed", items(s.removed)),
            ("standards", .array(s.standards.map {
                .object([("path", .string($0.path)), ("format", .string($0.format.rawValue)), ("rules", .int(Int64($0.rules))),
                         ("criteria", .int(Int64($0.criteria)))])
            })),
            ("transcripts", items(s.transcripts)), ("unchanged", .array(s.unchanged.map(JSONValue.string))),
            ("skipped", .array(s.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("ignored_in_checkout", .int(Int64(s.ignoredInCheckout))), ("unaccounted_lines", .int(Int64(s.unaccountedLines))),
            ("unaccounted", .array(s.unaccounted.map { .object([("path", .string($0.path)), ("lines", .int(Int64($0.lines)))]) })),
            ("notices", problems(s.notices)), ("errors", problems(s.errors)),
        ])
        XCTAssertEqual(ImportSummaryRendering.json(s).rendered(), handBuilt.rendered())

        var added = OpenACRReport()
        added.chapters = [.init(id: "success_criteria_level_a", criteria: [.init(num: "1.1.1", components: [.init(name: "web", adherence: .init(level: "supports"))])])]
        let diff = OpenACRDiff.compare(OpenACRReport(), added)
        let change = try XCTUnwrap(diff.changes.first)
        XCTAssertEqual(diff.changes.count, 1)
        XCTAssertEqual(ConformanceDataRendering.json(diff).rendered(), JSONValue.array([.object([
            ("chapter", .optional(change.chapter)), ("criterion", .optional(change.criterion)), ("component", .optional(change.component)),
            ("field", .string(change.field.rawValue)), ("old", .optional(change.old)), ("new", .optional(change.new)),
        ])]).rendered())
        let problem = OpenACRProblem(.strict, chapter: "success_criteria_level_a", criterion: nil, component: "web", "no note")
        XCTAssertEqual(ConformanceDataRendering.json(problems: [problem]).rendered(), JSONValue.array([.object([
            ("kind", .string(problem.kind.rawValue)), ("chapter", .optional(problem.chapter)), ("criterion", .optional(problem.criterion)),
            ("component", .optional(problem.component)), ("message", .string(problem.message)),
        ])]).rendered())
        let pending = ConformanceBuild.Pending(chapter: "success_criteria_level_aa", criterion: "1.4.3", title: "Contrast (Minimum)",
                                               component: "web", rows: ["r1"], guides: ["how-to-test/color-contrast"],
                                               automatedPasses: ["color-contrast"], settle: "test the checklist rows r1")
        XCTAssertEqual(JSONValue(encoding: [pending]).rendered(), JSONValue.array([.object([
            ("chapter", .string(pending.chapter)), ("criterion", .string(pending.criterion)), ("title", .string(pending.title)),
            ("component", .string(pending.component)), ("rows", .array(pending.rows.map(JSONValue.string))),
            ("guides", .array(pending.guides.map(JSONValue.string))),
            ("automated_passes", .array(pending.automatedPasses.map(JSONValue.string))), ("settle", .string(pending.settle)),
        ])]).rendered())
    }
}

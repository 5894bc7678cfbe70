/// A tester's results (the checklist's CSV with its result column filled) read against the
/// knowledge base: per component and per WCAG success criterion, what passed, failed and was not
/// tested, in the words conformance reports use. A row whose id the knowledge base no longer
/// holds, or whose wording changed since it was exported, is named, never counted.
import Foundation
import GRDB
import KBModel
import KBSearch

public struct TestReport: Sendable {
    public enum Result: String, Sendable, CaseIterable {
        case pass, fail, blocked
        case notApplicable = "n/a"

        /// What a tester writes: `pass`, `Passed`, `FAIL`, `N/A`, `na`; nil for an empty cell.
        public init?(written: String) {
            let word = written.trimmingCharacters(in: .whitespaces).lowercased()
            switch word {
            case "pass", "passed", "ok": self = .pass
            case "fail", "failed": self = .fail
            case "blocked": self = .blocked
            case "n/a", "na", "not applicable": self = .notApplicable
            default: return nil
            }
        }
    }

    /// VPAT's conformance levels: the rule is `Evidence.level`, shared with conformance reports.
    public typealias Conformance = AdherenceLevel
    /// A row's counts: passed, failed, blocked, n/a and not tested.
    public typealias Tally = Evidence

    public struct Row: Sendable, Equatable {
        /// `family/slug`, or a success criterion number.
        public var name: String
        public var title: String
        /// Its rows' counts; a success criterion's with what the evidence files add (`CriterionFindings.tally`).
        public var tally: Tally
        /// What the evidence files say of a success criterion; nil for a component, or where no
        /// evidence file was read.
        public var findings: CriterionFindings?
        public init(name: String, title: String, tally: Tally, findings: CriterionFindings? = nil) {
            (self.name, self.title, self.tally, self.findings) = (name, title, tally, findings)
        }
    }

    public struct Problem: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case unknownID = "no such item"
            case reworded = "wording changed since exported"
            case unreadableResult = "result not one of pass, fail, blocked, n/a"
            case missingID = "no id"
            case duplicate = "listed again: only its first row counts"
        }
        public var line: Int
        public var id: String
        public var kind: Kind
        public var detail: String
    }

    public var components: [Row]
    /// Every active success criterion up to `level` (untested ones not evaluated), then any other
    /// the counted items test; in numeric order.
    public var successCriteria: [Row]
    /// Counted items that test no success criterion (their rows say they test nothing, or
    /// neither they nor their component is linked to one).
    public var withoutSuccessCriteria: Int
    public var problems: [Problem]
    public var total: Tally
    /// The results file, as named; nil for text given without a name.
    public var file: String?
    /// Whether any row gave a fingerprint: without them a row reworded since the CSV was made
    /// cannot be told apart, and is counted as it stands.
    public var fingerprintsChecked: Bool
    /// The conformance target the criteria were listed for.
    public var level: WCAGLevel
    /// Every counted row with its item, in the file's order: what a conformance report is built from.
    public var outcomes: [Outcome]
    /// The evidence files read beside the results, as their tool and file (`Lighthouse 13.4.1: flow.json`).
    public var evidenceFiles: [String] = []
    /// The level of everything together: the rows and what the evidence files add to each criterion.
    public var overall: Tally { successCriteria.compactMap(\.findings).reduce(total) { $0 + $1.tally } }
    /// The rows that failed or were blocked, with the testers' notes.
    public var failures: [Outcome] { outcomes.filter { $0.result == .fail || $0.result == .blocked } }

    /// One counted row of a results file.
    public struct Outcome: Sendable, Equatable {
        public var item: ChecklistItem
        /// nil: not tested.
        public var result: Result?
        public var note: String
        /// The file it was read from, as named; nil for text given without a name.
        public var file: String?
        public var line: Int
        /// The page or screen the row was tested on, where the results file has a `page` (or
        /// `screen`) column; nil where it has none or the cell is empty.
        public var page: String?
    }

    /// One filled results file: its header names at least `id`, `fingerprint` and `result`.
    public struct Entry: Sendable {
        public var line: Int
        public var id: String
        public var fingerprint: String
        public var result: String
        public var note: String
        /// The `page` or `screen` cell, trimmed; empty where the file has no such column.
        public var page: String = ""
    }

    /// A results file's bytes, as a spreadsheet may have saved them (UTF-8 or UTF-16, comma,
    /// semicolon or tab), to its rows; a quote that never closes is an error naming its line.
    public static func read(_ data: Data, name: String) throws -> [Entry] {
        let text = try ResultsText.decode(data, name: name)
        let records: [[String]]
        do { records = try CSVRecords.parse(text, delimiter: CSVRecords.delimiter(of: text)) } catch let error as CSVRecords.UnterminatedQuote {
            throw QueryError.invalidOption("\(name) line \(error.line): a quoted field opens and never closes (a stray \" in a note?)")
        }
        let entries = try TestReport.entries(records)
        guard !entries.isEmpty else { throw QueryError.invalidOption("\(name) holds no rows") }
        return entries
    }

    /// Reads the results' records (header first, as `CSVRecords.parse` gives them).
    public static func entries(_ records: [[String]]) throws -> [Entry] {
        guard let header = records.first?.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else { return [] }
        guard let id = header.firstIndex(of: "id"), let result = header.firstIndex(of: "result") else {
            throw QueryError.invalidOption("the results have no \"id\" and \"result\" columns (header: \(header.prefix(6).joined(separator: ", "))); fill the checklist's CSV")
        }
        let fingerprint = header.firstIndex(of: "fingerprint"), note = header.firstIndex(of: "note")
        let page = header.firstIndex(of: "page") ?? header.firstIndex(of: "screen")
        func cell(_ r: [String], _ i: Int?) -> String { i.flatMap { $0 < r.count ? r[$0] : nil } ?? "" }
        return records.dropFirst().enumerated().compactMap { n, r in
            if r.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return nil }
            return Entry(line: n + 2, id: cell(r, id).trimmingCharacters(in: .whitespaces), fingerprint: cell(r, fingerprint),
                         result: cell(r, result), note: cell(r, note), page: cell(r, page).trimmingCharacters(in: .whitespaces))
        }
    }

    /// `findings`: what evidence files say per success criterion (`CriterionEvidence`), added to
    /// each criterion's rows; a criterion they speak of gets a row whatever its level. nil: no
    /// evidence file was read (the rows then carry no findings).
    package static func build(_ db: Database, _ entries: [Entry], file: String? = nil, level: WCAGLevel = .aa,
                              findings: [SCNumber: CriterionFindings]? = nil) throws -> TestReport {
        // The items of every component the ids name, whatever the stack they were exported for:
        // the components' facts and links read once for all of them.
        let names = Array(Set(entries.compactMap { ComponentName($0.id) }))
        var items: [String: ChecklistItem] = [:]
        if !names.isEmpty {
            let facts = try ComponentFacts.loadAll(db, where: names.map { _ in "(c.family = ? AND c.slug = ?)" }.joined(separator: " OR "),
                                                   arguments: StatementArguments(names.flatMap { [$0.family.rawValue, $0.slug] }))
            let links = try TestedSuccessCriteria.load(db, componentIDs: facts.map(\.component.id))
            for f in facts {
                for (item, _) in Checklist.items(of: f, links: links) { items[item.id] = item }
            }
        }
        var components: [String: Row] = [:], order: [String] = []
        var criteria: [SCNumber: Tally] = [:]
        var problems: [Problem] = []
        var outcomes: [Outcome] = []
        var total = Tally(), without = 0
        // A row is listed again when its id comes twice for one page: one item tested on several
        // pages or screens is one row per page.
        var seen: Set<[String]> = []
        for entry in entries {
            guard !entry.id.isEmpty else {
                problems.append(Problem(line: entry.line, id: "", kind: .missingID, detail: "")); continue
            }
            guard let item = items[entry.id] else {
                problems.append(Problem(line: entry.line, id: entry.id, kind: .unknownID, detail: "")); continue
            }
            guard seen.insert([entry.id, entry.page]).inserted else {
                problems.append(Problem(line: entry.line, id: entry.id, kind: .duplicate, detail: "")); continue
            }
            if !entry.fingerprint.isEmpty && entry.fingerprint != item.fingerprint {
                problems.append(Problem(line: entry.line, id: entry.id, kind: .reworded,
                                        detail: "now: " + (item.label.map { "\($0): " } ?? "") + item.expectation))
                continue
            }
            let written = entry.result.trimmingCharacters(in: .whitespaces)
            let result = TestReport.Result(written: written)
            if result == nil && !written.isEmpty {
                problems.append(Problem(line: entry.line, id: entry.id, kind: .unreadableResult, detail: written)); continue
            }
            if components[item.component] == nil {
                components[item.component] = Row(name: item.component, title: item.componentTitle, tally: Tally())
                order.append(item.component)
            }
            components[item.component]!.tally.add(result)
            total.add(result)
            outcomes.append(Outcome(item: item, result: result, note: entry.note, file: file, line: entry.line,
                                    page: entry.page.isEmpty ? nil : entry.page))
            if item.successCriteria.isEmpty { without += 1 }
            for sc in item.successCriteria { criteria[sc, default: Tally()].add(result) }
        }
        var titles: [SCNumber: String] = [:], listed: [SCNumber] = []
        for row in try GRDB.Row.fetchAll(db, sql: "SELECT sc, title, level, status FROM wcag_criteria WHERE title IS NOT NULL") {
            guard let sc = SCNumber(row["sc"] as String) else { continue }
            titles[sc] = row["title"]
            if (row["status"] as String?) == "active", let l = (row["level"] as String?).flatMap(WCAGLevel.init(rawValue:)), l <= level {
                listed.append(sc)
            }
        }
        let shown = Set(listed).union(criteria.keys).union(findings.map { Array($0.keys) } ?? []).sorted()
        return TestReport(components: order.map { components[$0]! },
                          successCriteria: shown.map { sc in
                              let found = findings.map { $0[sc] ?? CriterionFindings() }
                              return Row(name: sc.description, title: titles[sc] ?? "", tally: (criteria[sc] ?? Tally()) + (found?.tally ?? Tally()),
                                         findings: found)
                          },
                          withoutSuccessCriteria: without, problems: problems, total: total, file: file,
                          fingerprintsChecked: entries.contains { !$0.fingerprint.isEmpty }, level: level, outcomes: outcomes)
    }
}

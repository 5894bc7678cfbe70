import KBModel
import KBQuery
import KBSearch

/// One success criterion and everything that tests it, as one document: the listing (`table`),
/// markdown, or its tests as a list (CSV, JSON, JSON Lines: a row per component or rule).
public struct CriterionTestsDocument: Document, Sendable {
    public var tests: CriterionTests

    public init(_ tests: CriterionTests) { self.tests = tests }

    public static let formats: [DocumentFormat] = [.table, .markdown, .csv, .json, .jsonl]

    /// Its tests as a list: a row per component or rule.
    public var table: Tabular { StandardsRendering.tabular(tests) }

    /// Where W3C explains it: Understanding, How to Meet, and the ACT rules' pages.
    public var standards: JSONValue { StandardsRendering.routes(tests.criterion) }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        switch format {
        case .markdown: StandardsRendering.text(tests, markdown: true)
        case .csv, .json, .jsonl: table.rendered(format.tabular!, options: .init(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet))
        default: StandardsRendering.text(tests)
        }
    }
}

/// What tests each success criterion up to a level, as one document: the table with its totals
/// and the reminder that coverage is not conformance (`table`), markdown, or the criteria as a
/// list (CSV, JSON, JSON Lines), where the totals are the skin's to say (`totals`).
public struct CoverageDocument: Document, Sendable {
    public var coverage: Coverage

    public init(_ coverage: Coverage) { self.coverage = coverage }

    public static let formats: [DocumentFormat] = [.table, .markdown, .csv, .json, .jsonl]

    /// The criteria as a list: a row per success criterion.
    public var table: Tabular { StandardsRendering.tabular(coverage) }

    /// How many criteria each kind of test covers, as a sentence.
    public var totals: String { StandardsRendering.totals(coverage) }

    /// Covering a criterion with tests is not conformance: said wherever coverage is.
    public static var notConformance: String { StandardsRendering.notConformance }

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        // A coverage row's cells are lists of components: 40 columns keep a terminal's table readable.
        let list = TabularWriter.Options(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet, maxColumnWidth: 40)
        switch format {
        case .markdown: return StandardsRendering.markdown(coverage)
        case .csv, .json, .jsonl: return table.rendered(format.tabular!, options: list)
        default: return table.rendered(.table, options: list) + totals + ".\n" + Self.notConformance + "\n"
        }
    }
}

/// The automated rules matching a question (`search`'s rules alone), as one document: the
/// listing (`table`) or the rules as a list.
public struct RuleSearchDocument: Document, Sendable {
    public var rules: Shown<RuleHit>
    /// The listing's heading style, which the skin chooses.
    public var heading: @Sendable (String) -> String

    public init(_ rules: Shown<RuleHit>, heading: @escaping @Sendable (String) -> String = { $0 }) {
        self.rules = rules
        self.heading = heading
    }

    public static let formats: [DocumentFormat] = [.table, .csv, .json, .jsonl]

    public func render(_ format: DocumentFormat, options: DocumentOptions) -> String {
        guard let list = format.tabular, list != .table else { return StandardsRendering.text(rules, heading: heading) }
        return rules.items.tabular.rendered(list, options: .init(byteOrderMark: options.byteOrderMark, forSpreadsheet: options.forSpreadsheet))
    }
}

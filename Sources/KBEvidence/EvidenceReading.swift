import Foundation
import KBModel
import KBQuery
import KBSearch

/// The evidence formats a11ykb reads, each told from the file's content, never its name.
public enum EvidenceFormat: String, Sendable, CaseIterable, Codable {
    /// What `axe.run()` returns, or a list of them (`@axe-core/cli`).
    case axe
    /// A Lighthouse report (LHR) or a user flow's result, whose steps are pages.
    case lighthouse
    /// pa11y-ci's JSON reporter (`{total, passes, errors, results: {url: [issue]}}`) and pa11y's own.
    case pa11y
    /// SARIF 2.1.0 (axe-sarif-converter's, any tool's).
    case sarif
    /// W3C EARL in JSON-LD: a flat list of assertions, linked nodes, or subjects holding their assertions.
    case earl
    /// The WCAG-EM Report Tool's evaluation export (data formats v1 to v3, the v2 tool's).
    case wcagEM = "wcag-em"
    /// IBM Equal Access accessibility-checker's JSON results.
    case ibm
    /// Accessibility Insights for Web: a saved assessment (`.a11ywebassessment`) or its JSON export.
    case accessibilityInsights = "accessibility-insights"
    /// The DHS Trusted Tester ICT Review Test Results workbook (`.xlsm`, a zip of SpreadsheetML).
    case trustedTester = "trusted-tester"
    /// The Section 508 Conformance Reporting Tool's (SCRT, once ACRT) Trusted Tester results JSON.
    case scrt
    /// The checklist's CSV with its result column filled: read against the knowledge base (`TestReport`).
    case resultsCSV = "results-csv"

    /// A zip's first bytes: an Excel workbook is one.
    static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
}

/// Evidence files to the one model: which format a file is, and its reader. Every reader is held
/// to the same limits (size, nesting) before it reads a byte of structure.
public enum EvidenceReading {
    /// Larger files are refused unread: a Lighthouse flow is 2 MB, an axe run of 50,000 nodes about 50 MB.
    public static let maxBytes = 128 << 20
    /// JSON nested deeper than this is refused (the parser recurses per level); real files nest under 30.
    public static let maxNesting = 200

    /// The format of `data`, from its content; nil: none a11ykb reads.
    public static func detect(_ data: Data) -> EvidenceFormat? {
        if data.starts(with: EvidenceFormat.zipMagic) { return TrustedTesterReader.isWorkbook(data) ? .trustedTester : nil }
        if looksLikeAxe(data) { return .axe }
        guard let json = JSON.parse(data) else { return looksLikeResultsCSV(data) ? .resultsCSV : nil }
        return detect(json)
    }

    static func detect(_ json: JSON) -> EvidenceFormat? {
        if SCRTReader.isSCRT(json) { return .scrt }
        if json["lighthouseVersion"].exists || json["steps"].items.contains(where: { $0["lhr"].isObject }) { return .lighthouse }
        if json["runs"].isArray && (json["version"].string?.hasPrefix("2.") ?? false || json["$schema"].string?.contains("sarif") ?? false) { return .sarif }
        if json["assessmentData"].isObject || json["results"].items.contains(where: { $0["wcagNumber"].exists }) { return .accessibilityInsights }
        if json["results"].items.contains(where: { $0["ruleId"].exists && $0["value"].isArray }) && json["summary"].isObject { return .ibm }
        if json["results"].isObject && json["total"].exists { return .pa11y }
        if json["issues"].isArray && (json["pageUrl"].exists || json["documentTitle"].exists) { return .pa11y }
        if json.isArray && !json.items.isEmpty && json.items.allSatisfy({ $0["code"].exists && $0["typeCode"].exists }) { return .pa11y }
        let graph = json["@graph"].exists ? json["@graph"].items : json.items
        if graph.contains(where: { node in node["auditResult"].isArray }) || json["auditResult"].isArray { return .wcagEM }
        if graph.contains(where: EARLReader.isAssertionOrSubject) { return .earl }
        if json.items.contains(where: { $0["violations"].isArray || $0["incomplete"].isArray }) { return .axe }
        return nil
    }

    /// An axe run, or a list of them, told from each run's keys alone (`JSONSpans`), before any
    /// tree is built: a run is mostly its passes, and `explain` reads only what failed. A run
    /// names `violations` or `incomplete` and none of the keys the other formats are told by.
    static func looksLikeAxe(_ data: Data) -> Bool {
        guard data.count <= maxBytes, JSONNesting.depth(data) <= maxNesting else { return false }
        let runs: [Range<Int>?] = JSONSpans.members(data) != nil ? [nil] : (JSONSpans.elements(data) ?? [])
        return !runs.isEmpty && runs.allSatisfy { range in
            guard let keys = JSONSpans.members(data, in: range)?.map(\.key) else { return false }
            return (keys.contains("violations") || keys.contains("incomplete")) && !keys.contains(where: otherFormatsKeys.contains)
        }
    }

    /// The top-level keys `detect` tells the other JSON formats by.
    static let otherFormatsKeys: Set<String> = ["lighthouseVersion", "steps", "runs", "assessmentData", "results", "auditResult", "@graph", "issues"]

    /// A results CSV's header names at least `id` and `result`.
    static func looksLikeResultsCSV(_ data: Data) -> Bool {
        guard data.prefix(4) != Data(EvidenceFormat.zipMagic), let text = try? ResultsText.decode(data, name: "") else { return false }
        let firstLine = text.prefix(4096).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let cells = (try? CSVRecords.parse(firstLine, delimiter: CSVRecords.delimiter(of: firstLine)))?.first ?? []
        let names = Set(cells.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return names.contains("id") && names.contains("result")
    }

    /// The file's evidence; `format` forces a reader. A file of no known format is one error naming
    /// the formats read. The results CSV is read against the knowledge base, not here.
    public static func read(_ data: Data, file: String, format forced: EvidenceFormat? = nil) throws -> EvidenceRecord {
        guard data.count <= maxBytes else { throw QueryError.invalidOption("\(file) is larger than \(maxBytes >> 20) MB: no evidence file is; not read") }
        if forced == .axe || (forced == nil && detect(data) == .axe) { return try AxeReader.read(data, file: file) }
        if forced == .trustedTester || (forced == nil && data.starts(with: EvidenceFormat.zipMagic)) { return try workbook(data, file: file) }
        guard let json = JSON.parse(data) else {
            if forced == nil && looksLikeResultsCSV(data) { return try refuseCSV(file) }
            if forced == .resultsCSV { return try refuseCSV(file) }
            throw unknown(file, data, forced: forced)
        }
        guard let format = forced ?? detect(json) else { throw unknown(file, data, forced: nil) }
        let record: EvidenceRecord?
        switch format {
        case .axe, .trustedTester: record = nil
        case .lighthouse: record = LighthouseReader.read(json, file: file)
        case .pa11y: record = Pa11yReader.read(json, file: file)
        case .sarif: record = SARIFReader.read(json, file: file)
        case .earl: record = EARLReader.read(json, file: file)
        case .wcagEM: record = WCAGEMReader.read(json, file: file)
        case .ibm: record = IBMReader.read(json, file: file)
        case .accessibilityInsights: record = AccessibilityInsightsReader.read(json, file: file)
        case .scrt: record = SCRTReader.read(json, file: file)
        case .resultsCSV: return try refuseCSV(file)
        }
        guard let record else { throw QueryError.invalidOption("\(file) is not \(format.rawValue) evidence: its fields are not that tool's") }
        return record
    }

    /// A zip: the Trusted Tester workbook, or one line saying why not (over a limit: a zip bomb is never unpacked).
    static func workbook(_ data: Data, file: String) throws -> EvidenceRecord {
        do {
            if let record = try TrustedTesterReader.read(data, file: file) { return record }
        } catch Workbook.Problem.tooLarge(let what) {
            throw QueryError.invalidOption("\(file) is a zip that \(what): no evidence file does; not read")
        } catch Workbook.Problem.notAWorkbook {
        }
        throw unknown(file, data, forced: nil)
    }

    static func refuseCSV(_ file: String) throws -> EvidenceRecord {
        throw QueryError.invalidOption("\(file) is a results CSV: it is read against the knowledge base, with the other results")
    }

    /// One line: what the file is not, and what is read.
    static func unknown(_ file: String, _ data: Data, forced: EvidenceFormat?) -> QueryError {
        let json = JSON.parse(data)
        let what = data.prefix(4) == Data(EvidenceFormat.zipMagic) ? "a zip holding no Trusted Tester results workbook (a sheet headed Test IDs and Test Results)"
            : forced != nil && json == nil ? "not JSON"
            : JSON.nesting(data) > maxNesting ? "JSON nested deeper than \(maxNesting) levels" : "of no evidence format a11ykb reads"
        return QueryError.invalidOption("\(file) is \(what); read: " + EvidenceFormat.allCases.map(\.rawValue).joined(separator: ", "))
    }
}

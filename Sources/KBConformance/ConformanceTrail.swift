import KBModel
import KBQuery

/// Where each level of a built report came from, for an auditor: the results rows (file, line,
/// row id, page, result, the tester's note) and the automated rules (file, page, rule, outcome,
/// nodes) behind it, and the base report's word where it gave one. The remarks a buyer reads
/// hold none of this, so that the same findings from renamed files give the same remarks; the
/// trail is where the files are named.
public struct ConformanceTrail: Sendable, Equatable, Encodable {
    public struct Row: Sendable, Equatable, Encodable {
        public var file: String?
        public var line: Int
        public var id: String
        public var page: String?
        /// `pass`, `fail`, `blocked`, `n/a`, or `not tested`.
        public var result: String
        public var note: String

        enum CodingKeys: String, CodingKey { case file, line, id, page, result, note }

        init(_ o: TestReport.Outcome) {
            (file, line, id, page, note) = (o.file, o.line, o.item.id, o.page, o.note)
            result = o.result?.rawValue ?? "not tested"
        }
    }

    public struct Rule: Sendable, Equatable, Encodable {
        public var file: String
        public var page: String?
        public var rule: String
        /// `failed`, `cannot tell`, or `passed`.
        public var outcome: String
        public var nodes: Int
        /// The tool that ran it, with its version: `axe-core 4.10.2`, `Lighthouse 13.4.1`.
        public var tool: String

        enum CodingKeys: String, CodingKey { case file, page, rule, outcome, nodes, tool }
    }

    public struct Record: Sendable, Equatable, Encodable {
        public var chapter: String
        public var criterion: String
        public var component: String
        public var level: AdherenceLevel
        /// What the evidence alone gives; nil where the chapter takes no evidence.
        public var evidenceLevel: AdherenceLevel?
        /// The base report's level, where it states one.
        public var baseLevel: AdherenceLevel?
        public var rows: [Row]
        public var rules: [Rule]
        /// For a functional performance criterion: the success criteria its level rests on.
        public var basedOn: [String]

        enum CodingKeys: String, CodingKey {
            case chapter, criterion, component, level, evidenceLevel = "evidence_level", baseLevel = "base_level", rows, rules
            case basedOn = "based_on"
        }
    }

    public var records: [Record]

    public init(records: [Record]) { self.records = records }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(records)
    }
}

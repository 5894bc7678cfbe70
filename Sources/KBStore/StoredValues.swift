import Foundation
import GRDB
import KBModel

/// A value a knowledge base stores as text from a closed set (a platform's or framework's slug, a
/// family, a conformance level, a success criterion's number, a rule's kind) that is none of the
/// set: a file edited by hand or written by another program. Every read of such a column goes
/// through `Row.platform(_:)` and its siblings, which refuse it with this error: it is never read
/// as some other value, nor as NULL, which the schema reads as "every platform". (A criterion's
/// kind and an aspect are open sets: any text is one.)
public struct UnknownStoredValue: Error, LocalizedError, Equatable, CustomStringConvertible {
    /// What the column holds.
    public var kind: StoredValueKind
    /// The column as the query named it (`platform`, `sc`).
    public var column: String
    public var value: String

    public init(kind: StoredValueKind, column: String, value: String) {
        (self.kind, self.column, self.value) = (kind, column, value)
    }

    public var description: String {
        "the knowledge base holds \"\(value)\" as a \(kind.rawValue) (column \(column)), which is no \(kind.rawValue) a11ykb knows; "
            + "refusing to read it as another (was it edited by hand, or written by another program?)"
    }

    public var errorDescription: String? { description }
}

/// The closed sets a column may hold, each by the words an error names it with.
public enum StoredValueKind: String, Sendable, Equatable {
    case platform, framework, family, link
    case ruleKind = "rule kind"
    case conformanceLevel = "conformance level"
    case successCriterion = "success criterion"
}

extension Row {
    /// The text of `column` read into a closed set; nil for NULL, `UnknownStoredValue` for text
    /// that is none of the set.
    package func closed<Value>(_ column: String, kind: StoredValueKind, _ read: (String) -> Value?) throws -> Value? {
        guard let text = self[column] as String? else { return nil }
        guard let value = read(text) else { throw UnknownStoredValue(kind: kind, column: column, value: text) }
        return value
    }

    /// The same, for a column that is never NULL: NULL is as unknown as any other word.
    package func required<Value>(_ column: String, kind: StoredValueKind, _ read: (String) -> Value?) throws -> Value {
        guard let value = try closed(column, kind: kind, read) else {
            throw UnknownStoredValue(kind: kind, column: column, value: "NULL")
        }
        return value
    }

    /// A platform's slug (`platforms.slug`); nil: every platform.
    package func platform(_ column: String = "platform") throws -> Platform? {
        try closed(column, kind: .platform) { Platform(rawValue: $0) }
    }

    /// A framework's slug (`frameworks.slug`); nil: every framework.
    package func framework(_ column: String = "framework") throws -> Framework? {
        try closed(column, kind: .framework) { Framework(rawValue: $0) }
    }

    /// A component's family (`components.family`), which is never NULL.
    package func family(_ column: String = "family") throws -> Family {
        try required(column, kind: .family) { Family(rawValue: $0) }
    }

    /// An automated rule's kind (`rules.kind` and the views' `kind` of a rule), which is never NULL.
    package func ruleKind(_ column: String = "kind") throws -> RuleKind {
        try required(column, kind: .ruleKind) { RuleKind(rawValue: $0) }
    }

    /// A conformance level (`wcag_criteria.level`); nil where the catalogue gives none (4.1.1).
    package func level(_ column: String = "level") throws -> WCAGLevel? {
        try closed(column, kind: .conformanceLevel) { WCAGLevel(rawValue: $0) }
    }

    /// A success criterion's number (`wcag_criteria.sc` and the columns that refer to it), written
    /// as a number is (`1.4.3`, not `01.4.3`), so that it finds the same rows again.
    package func successCriterion(_ column: String = "sc") throws -> SCNumber {
        try required(column, kind: .successCriterion) { SCNumber(exactly: $0) }
    }

    /// Success criteria's numbers joined by commas (`group_concat(sc)`); none for NULL.
    package func successCriteria(_ column: String) throws -> [SCNumber] {
        guard let text = self[column] as String? else { return [] }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let sc = SCNumber(exactly: part) else {
                throw UnknownStoredValue(kind: .successCriterion, column: column, value: String(part))
            }
            return sc
        }
    }
}

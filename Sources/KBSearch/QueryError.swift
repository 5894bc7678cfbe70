import Foundation
import KBModel

/// Why a question cannot be answered as asked: a filter or option the knowledge base does not
/// know, a component that is not there, SQL that is refused or fails. One line each, for stderr.
public enum QueryError: Error, LocalizedError, HintedError, Equatable {
    /// A filter's or option's value is not one the knowledge base knows (platform `windows`, limit -1).
    case invalidOption(String)
    /// No component by that name; the slugs near it, none when none is near.
    case unknownComponent(String, suggestions: [String])
    /// No component by that name in a knowledge base that holds no component at all.
    case noComponents(String)
    /// The name answers only to components of another family than the platform or framework
    /// chosen (`tabs` with iOS: web/tabs); `elsewhere` names them.
    case notInFamily(String, family: Family, elsewhere: [String])
    /// A component named for a stack has nothing for it (no criterion or note of that platform).
    case nothingForStack(String, stack: String)
    /// No category by that name; the closest, if any.
    case unknownCategory(String, closest: [String])
    /// Several components answer to that name (same slug in both families).
    case ambiguousComponent(String, candidates: [String])
    /// An export of a table or view the schema does not have.
    case unknownTable(String, known: [String])
    /// Read-only SQL refused a statement before running anything.
    case refused(String)
    /// SQLite's own message for SQL that failed.
    case sqlFailed(String)
    /// A query stopped at its time limit.
    case timedOut(seconds: Double)
    /// Read-only SQL's rows past the cap on output bytes.
    case outputTooLarge(maxBytes: Int)
    /// The asker withdrew the question before it was answered (`Cancellation`).
    case cancelled

    public func message(_ hint: HintWording) -> String {
        switch self {
        case .invalidOption(let message): return message
        case let .unknownComponent(query, suggestions):
            if suggestions.isEmpty {
                return "no component \"\(query)\", and no name near it" + (hint(.listComponents).map { " (\($0))" } ?? "")
            }
            return "no component \"\(query)\"; closest: \(suggestions.joined(separator: ", "))"
        case .noComponents(let query):
            return "no component \"\(query)\" in the knowledge base (it holds none" + (hint(.importComponents).map { "; \($0)" } ?? "") + ")"
        case let .notInFamily(query, family, elsewhere):
            return "no \(family.rawValue) component \"\(query)\"; only \(elsewhere.joined(separator: ", ")) answer\(elsewhere.count == 1 ? "s" : "") to that name"
        case let .nothingForStack(component, stack):
            return "\(component) has nothing for \(stack): no criterion or note of it"
        case let .unknownCategory(name, closest):
            return "no category \"\(name)\"" + (closest.isEmpty ? "" : "; closest: \(closest.joined(separator: ", "))")
                + (hint(.listCategories).map { " (\($0))" } ?? "")
        case let .ambiguousComponent(query, candidates):
            return "\"\(query)\" names more than one component: \(candidates.joined(separator: ", ")); say which with FAMILY/SLUG"
                + (hint(.nameFamily).map { " or \($0)" } ?? "")
        case let .unknownTable(name, known):
            return "no table or view \"\(name)\"; one of: matrix, \(known.joined(separator: ", "))"
        case .refused(let message): return message
        case .sqlFailed(let message): return "SQL error: \(message)"
        case .timedOut(let seconds):
            // A limit the server derives from a deadline is 0.9997…: said to three significant digits.
            let text = String(format: "%.3g", seconds) + " s"
            return "query stopped after the \(text) time limit" + (hint(.raiseTimeout).map { "; \($0)" } ?? "")
        case .outputTooLarge(let maxBytes):
            return "query stopped: its rows passed the \(QueryError.size(maxBytes)) output cap; add a LIMIT"
                + (hint(.raiseOutputCap).map { ", select fewer columns, or \($0)" } ?? " or select fewer columns")
        case .cancelled:
            return "the question was withdrawn before it was answered"
        }
    }

    public var errorDescription: String? { description }

    /// `64 MB`, `1.5 GB`, `512 KB`, `100 bytes`.
    static func size(_ bytes: Int) -> String {
        for (unit, scale) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= scale {
            let value = Double(bytes) / Double(scale)
            return value == value.rounded() ? "\(Int(value)) \(unit)" : String(format: "%.1f", value) + " \(unit)"
        }
        return "\(bytes) bytes"
    }
}

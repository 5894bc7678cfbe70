import Foundation
import Yams

/// What any YAML a11ykb reads may cost, whoever wrote it: front matter, a base report, anyone's
/// OpenACR file. Checked before (nesting) and after (values reached through aliases) composing.
package enum YAMLLimits {
    /// A composed document shares an anchor's node wherever an alias names it, but everything that
    /// reads it walks each use: 450 bytes of anchors nine wide and ten deep are 3 billion values.
    /// Real front matter holds a few hundred.
    package static let maxNodes = 100_000
    /// Flow lists and maps (`[[[`) compose by recursion, on a worker thread's small stack.
    package static let maxNesting = 200

    /// Why a YAML text could not be read, as one line a person can act on: the problem and its
    /// place, cut to `limit` characters. Yams' own descriptions quote the document (a 5 MB file
    /// with a key given twice made a 5 MB one-line error, said twice over MCP).
    package static func describe(_ error: Error, limit: Int = 300) -> String {
        let text: String
        switch error as? YamlError {
        case let .scanner(_, problem, mark, _)?, let .parser(_, problem, mark, _)?, let .composer(_, problem, mark, _)?:
            text = "line \(mark.line), column \(mark.column): \(problem)"
        case let .reader(problem, offset, _, _)?:
            text = problem + (offset.map { " at byte \($0)" } ?? "")
        case let .duplicatedKeysInMapping(duplicates, context)?:
            text = "line \(context.mark.line): a key given twice: " + duplicates.sorted().prefix(5).joined(separator: ", ")
        default:
            text = String(describing: error)
        }
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return flat.count > limit ? String(flat.prefix(limit)) + "…" : flat
    }

    /// Whether walking `node` meets at most `budget` values; stops counting once it is spent.
    package static func fits(_ node: Node, budget: Int) -> Bool {
        var left = budget
        var pending = [node]
        while let next = pending.popLast() {
            left -= 1
            if left < 0 { return false }
            switch next {
            case .mapping(let mapping):
                for (key, value) in mapping { pending.append(key); pending.append(value) }
            case .sequence(let sequence):
                pending.append(contentsOf: sequence)
            default: break
            }
            if pending.count > left { return false }
        }
        return true
    }

    /// The line (counted from 0) where flow brackets first nest deeper than `maxNesting`. Brackets
    /// inside quotes count too: a few hundred of them open in one front matter is no real page.
    package static func flowNestingTooDeep(_ yaml: String) -> Int? {
        var depth = 0
        var line = 0
        for byte in yaml.utf8 {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxNesting { return line }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            case 0x0A: line += 1
            default: break
            }
        }
        return nil
    }

    /// `Yams.compose` within the limits: refused with a reason a person can act on.
    package static func compose(_ yaml: String) throws -> Node? {
        if let line = flowNestingTooDeep(yaml) {
            throw YAMLLimitError(description: "line \(line + 1): lists or maps nest more than \(maxNesting) deep")
        }
        let node = try Yams.compose(yaml: yaml)
        if let node, !fits(node, budget: maxNodes) {
            throw YAMLLimitError(description: "the YAML expands to more than \(maxNodes) values (aliases repeating an anchor)")
        }
        return node
    }
}

package struct YAMLLimitError: Error, CustomStringConvertible {
    package var description: String
}

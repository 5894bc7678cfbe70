/// What became of one line of a source (a trace's line, and the import's count of lines it could
/// not account for).
public enum LineDisposition: String, Sendable, Codable, CaseIterable, Comparable {
    /// Nothing read this line: something the importer may have lost.
    case unaccounted
    /// Read and set aside, with a reason a reader of the page would agree with (a blank line, a live
    /// HTML demo, front-matter metadata).
    case skipped
    /// A heading, group line or label that scopes the facts below it, or the page's own identity.
    case structure
    /// Became (part of) a row of a fact table.
    case fact

    var rank: Int {
        switch self {
        case .unaccounted: 0
        case .skipped: 1
        case .structure: 2
        case .fact: 3
        }
    }

    public static func < (lhs: LineDisposition, rhs: LineDisposition) -> Bool { lhs.rank < rhs.rank }
}

/// One use of a line, as the layer that consumed it recorded it.
package enum LineRole: Sendable, Equatable, Hashable {
    /// A row of `table`; `kind` is its kind, aspect or language (`keyboard`, `name`, `html`).
    case fact(table: String, kind: String?)
    /// Which heading, group or label it is: `heading: platform ios`, `group: keyboard`.
    case structure(String)
    case skipped(String)
    /// Read by a reader, yet no layer after it kept anything of it.
    case unaccounted(String)

    package var disposition: LineDisposition {
        switch self {
        case .fact: .fact
        case .structure: .structure
        case .skipped: .skipped
        case .unaccounted: .unaccounted
        }
    }

    /// `criteria keyboard`, `heading: platform ios`, `blank line`.
    package var detail: String {
        switch self {
        case let .fact(table, kind): kind.map { "\(table) \($0)" } ?? table
        case let .structure(what): what
        case let .skipped(reason): reason
        case let .unaccounted(why): why
        }
    }
}

/// The bookkeeping of one document's lines. Every layer that consumes lines records here what it
/// did with them where it does it (the outline parser its blank lines, comments and HTML demos, the
/// walker its headings and labels, the normalizer the rows it makes), so an account can never
/// drift from what the importer really did. A line nobody recorded is unaccounted.
///
/// Every import keeps one per document, so it is an array by line (most lines have one role; the
/// few with a second, a note that is also a WCAG citation, keep it aside). The array starts at the
/// first line marked: one component of a content.json holds lines far down the file, and a ledger
/// per component reaching back to line 1 grows with the square of the file.
package struct LineLedger: Sendable, Equatable {
    /// The first role of each line, by line number less `base` less one.
    private var first: [LineRole?] = []
    /// The lines before the first one the array holds.
    private var base = 0
    /// Further roles of the lines that have more than one.
    private var more: [Int: [LineRole]] = [:]

    package init() {}

    package var isEmpty: Bool { more.isEmpty && !first.contains { $0 != nil } }

    package static func == (lhs: LineLedger, rhs: LineLedger) -> Bool {
        let last = max(lhs.base + lhs.first.count, rhs.base + rhs.first.count)
        return lhs.more == rhs.more && (0..<last).allSatisfy { lhs.firstRole($0 + 1) == rhs.firstRole($0 + 1) }
    }

    /// Records a use of `line`. A role already recorded is not repeated.
    package mutating func mark(_ line: Int, _ role: LineRole) {
        guard line > 0 else { return }
        if first.isEmpty { base = line - 1 }
        if line <= base {
            first.insert(contentsOf: repeatElement(nil, count: base - line + 1), at: 0)
            base = line - 1
        }
        let index = line - base - 1
        if index >= first.count { first.append(contentsOf: repeatElement(nil, count: index + 1 - first.count)) }
        guard let known = first[index] else {
            first[index] = role
            return
        }
        guard known != role else { return }
        if var list = more[line] {
            if !list.contains(role) { list.append(role) }
            more[line] = list
        } else {
            more[line] = [role]
        }
    }

    package mutating func mark(_ lines: ClosedRange<Int>, _ role: LineRole) {
        for line in lines { mark(line, role) }
    }

    /// Records `role` for a block of lines: its first line always, the lines after it unless a
    /// layer before set them aside (a blank line between nested expectations stays a blank line).
    package mutating func markSpan(_ lines: ClosedRange<Int>, _ role: LineRole) {
        mark(lines.lowerBound, role)
        guard lines.count > 1 else { return }
        for line in (lines.lowerBound + 1)...lines.upperBound where !isSkipped(line) {
            mark(line, role)
        }
    }

    /// Records `role` only for lines no layer has recorded yet (blank lines after everything else).
    package mutating func markUnclaimed(_ lines: ClosedRange<Int>, _ role: LineRole) {
        for line in lines where firstRole(line) == nil { mark(line, role) }
    }

    package mutating func merge(_ other: LineLedger) {
        if isEmpty {
            self = other
            return
        }
        for (index, role) in other.first.enumerated() {
            if let role { mark(other.base + index + 1, role) }
        }
        for (line, list) in other.more {
            for role in list { mark(line, role) }
        }
    }

    private func firstRole(_ line: Int) -> LineRole? {
        line > base && line <= base + first.count ? first[line - base - 1] : nil
    }

    private func isSkipped(_ line: Int) -> Bool {
        guard let role = firstRole(line) else { return false }
        return role.disposition == .skipped || (more[line]?.contains { $0.disposition == .skipped } ?? false)
    }

    package func roles(of line: Int) -> [LineRole] {
        guard let role = firstRole(line) else { return [] }
        return [role] + (more[line] ?? [])
    }

    /// The strongest use of a line decides it: a line that became a fact is a fact line, even if
    /// it also held a label. A line nobody recorded is unaccounted, and so is one that a layer
    /// found it could not read, whatever else came of the line (a JSON string's other parts).
    package func disposition(of line: Int) -> LineDisposition {
        guard let role = firstRole(line) else { return .unaccounted }
        guard let others = more[line] else { return role.disposition }
        let all = [role] + others
        if all.contains(where: { $0.disposition == .unaccounted }) { return .unaccounted }
        return all.map(\.disposition).max() ?? .unaccounted
    }

    /// The lines of `1...lineCount` that are unaccounted for.
    package func unaccounted(lineCount: Int) -> [Int] {
        guard lineCount > 0 else { return [] }
        return (1...lineCount).filter { disposition(of: $0) == .unaccounted }
    }

    /// This ledger's lines carried onto the lines they stand for in another file (content.json:
    /// every line of a component's markdown is one JSON string on one line). A target line is
    /// unaccounted when any line carried onto it is, so that a fact from one part of a JSON string
    /// never hides what was lost from another.
    package func relocated(through map: [Int], lineCount: Int) -> LineLedger {
        var out = LineLedger()
        guard lineCount > 0 else { return out }
        for line in 1...min(lineCount, map.count) {
            let list = roles(of: line)
            for role in list.isEmpty ? [.unaccounted("nothing read this part of the string")] : list {
                out.mark(map[line - 1], role)
            }
        }
        return out
    }
}

/// What a user types as a search, parsed into a small tree and translated into FTS5
/// syntax that cannot fail: every word and phrase is sent to FTS5 as a quoted string, so that
/// punctuation (`ctrl+tab`, `accessibilityLabel(_:)`, `android:enabled=true`, a stray `-` or `(`)
/// is searched as text instead of being read as FTS5 syntax.
///
/// The language:
/// - `dimmed button`: every word must match (stemmed: `dimmed` finds `dim`, `dims`);
/// - `"double tap"`: a phrase, its words next to each other and in order;
/// - `dim*`, `"double ta"*`: a prefix;
/// - `aria-hidden="true"`: an attribute's quoted value is part of its word, as in `aria-hidden=true`;
/// - `toggle OR switch`: either (`OR` in capitals; it binds loosest);
/// - `dimmed NOT android`, `dimmed -android`: leave out what matches the word after `NOT`
///   (`NOT` applies within its run of words, and needs a word to keep in that run);
/// - `(toggle OR switch) state`: parentheses group; `AND` may be written but is implied.
///
/// Lenient where the intent is plain: an unclosed quote runs to the end of the query, an unclosed
/// parenthesis closes there, a `)` with nothing open and punctuation with no word in it are
/// ignored. A query that cannot mean anything (`OR dimmed`, `NOT dimmed`, `()`, nothing but
/// punctuation) is a `SyntaxError` with a one-line message.
public struct SearchQuery: Sendable, Equatable {
    package indirect enum Node: Sendable, Equatable {
        /// A word as typed; sent quoted, so FTS5 splits it into tokens the way it split the facts.
        case word(String, prefix: Bool)
        /// The text between double quotes.
        case phrase(String, prefix: Bool)
        /// Every child matches.
        case all([Node])
        /// Any child matches.
        case any([Node])
        /// `keep` matches and none of `drop` does.
        case exclude(keep: Node, drop: [Node])
    }

    public struct SyntaxError: Error, CustomStringConvertible, Equatable {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// At most this many words and phrases in one query.
    package static let maxTerms = 64
    /// At most this many parentheses inside one another.
    package static let maxDepth = 16

    public var input: String
    package var root: Node
    /// What the parser repaired (an unclosed quote or parenthesis), for a note to the user.
    public var repairs: [String]

    /// The FTS5 MATCH expression.
    package var fts5: String { SearchQuery.fts5(root) }

    /// The words and phrases that must match (not those after NOT), in query order.
    package var positiveTerms: [Node] { SearchQuery.positives(root) }

    /// Whether any word or phrase, after NOT too, is a prefix (FTS5 then merges the lists of the
    /// words it begins each time the match runs).
    package var hasPrefix: Bool { SearchQuery.hasPrefix(root) }

    package init(_ input: String) throws(SyntaxError) {
        self.input = input
        var parser = Parser(tokens: SearchQuery.lex(input))
        root = try parser.parseQuery()
        repairs = parser.repairs
        if parser.termCount > SearchQuery.maxTerms {
            throw SyntaxError("query too long: \(parser.termCount) words and phrases, at most \(SearchQuery.maxTerms)")
        }
    }

    // MARK: - Lexing

    enum Token: Equatable {
        case word(String, prefix: Bool)
        case phrase(String, prefix: Bool, closed: Bool)
        case open, close
        case and, or, not
        case minus
    }

    /// Splits the input into words, phrases, parentheses and operators. Control characters
    /// (including NUL) count as spaces.
    static func lex(_ input: String) -> [Token] {
        let scalars = Array(input.unicodeScalars.map { isSpace($0) ? " " : $0 })
        var tokens: [Token] = []
        var i = 0
        var depth = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == " " { i += 1; continue }
            if c == "\"" {
                var j = i + 1
                while j < scalars.count && scalars[j] != "\"" { j += 1 }
                let text = String(String.UnicodeScalarView(scalars[(i + 1)..<min(j, scalars.count)]))
                let closed = j < scalars.count
                i = closed ? j + 1 : j
                var prefix = false
                if closed && i < scalars.count && scalars[i] == "*" { prefix = true; i += 1 }
                tokens.append(.phrase(text, prefix: prefix, closed: closed))
                continue
            }
            if c == "(" {
                tokens.append(.open); depth += 1; i += 1; continue
            }
            if c == ")" {
                // A `)` that starts a word closes a group, or is noise when none is open.
                if depth > 0 { tokens.append(.close); depth -= 1 }
                i += 1
                continue
            }
            // A word runs to a space or a quote. Parentheses inside it belong to it
            // (`accessibilityLabel(_:)`); `)` at its end beyond those it opened close groups.
            var j = i
            while j < scalars.count && scalars[j] != " " && scalars[j] != "\"" { j += 1 }
            var word = Array(scalars[i..<j])
            // An attribute and its quoted value (`aria-hidden="true"`) are one word, as
            // `aria-hidden=true` is: the quotes are the markup's, not a phrase (issue 49).
            if word.count > 1, word.last == "=", j < scalars.count, scalars[j] == "\"",
               let end = scalars[(j + 1)...].firstIndex(of: "\"") {
                word += scalars[(j + 1)..<end]
                j = end + 1
            }
            var closing = 0
            let opened = word.filter { $0 == "(" }.count
            var closed = word.filter { $0 == ")" }.count
            while let last = word.last, last == ")", depth - closing > 0, closed > opened {
                word.removeLast()
                closing += 1
                closed -= 1
            }
            i = j
            let text = String(String.UnicodeScalarView(word))
            switch text {
            case "AND": tokens.append(.and)
            case "OR": tokens.append(.or)
            case "NOT": tokens.append(.not)
            default:
                if text.hasPrefix("-") && hasTokenCharacters(text) {
                    tokens.append(.minus)
                    tokens.append(wordToken(String(text.dropFirst())))
                } else {
                    tokens.append(wordToken(text))
                }
            }
            for _ in 0..<closing { tokens.append(.close); depth -= 1 }
        }
        return tokens
    }

    private static func wordToken(_ text: String) -> Token {
        if text.hasSuffix("*") {
            let stem = String(text.reversed().drop { $0 == "*" }.reversed())
            return .word(stem, prefix: hasTokenCharacters(stem))
        }
        return .word(text, prefix: false)
    }

    package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether FTS5's unicode61 tokenizer would find a token in `text`: a letter or a digit.
    static func hasTokenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    // MARK: - Parsing

    struct Parser {
        var tokens: [Token]
        var index = 0
        var repairs: [String] = []
        var termCount = 0
        var depth = 0

        var current: Token? { index < tokens.count ? tokens[index] : nil }

        mutating func parseQuery() throws(SyntaxError) -> Node {
            guard let node = try parseOr() else {
                if tokens.isEmpty { throw SyntaxError("nothing to search for: give a word, a \"phrase\" or a prefix*") }
                throw SyntaxError("nothing to search for: the query holds no letters or digits outside operators")
            }
            // The lexer drops a `)` with nothing open, so nothing is left over; should anything be,
            // say so rather than search for part of the query.
            if index < tokens.count { throw SyntaxError("cannot read the query past its term \(termCount)") }
            return node
        }

        /// `andExpr (OR andExpr)*`; nil when the run holds no searchable term at all.
        mutating func parseOr() throws(SyntaxError) -> Node? {
            var arms: [Node] = []
            var sawOr = false
            if current == .or { throw SyntaxError("OR needs a search term on each side, e.g. toggle OR switch") }
            while true {
                let arm = try parseAnd()
                if let arm { arms.append(arm) }
                guard current == .or else { break }
                if arm == nil { throw SyntaxError("OR needs a search term on each side, e.g. toggle OR switch") }
                index += 1
                sawOr = true
                if current == nil || current == .close || current == .or {
                    throw SyntaxError("OR needs a search term on each side, e.g. toggle OR switch")
                }
            }
            if arms.isEmpty { return nil }
            if sawOr && arms.count == 1 { return arms[0] }
            return arms.count == 1 ? arms[0] : .any(arms)
        }

        /// A run of units up to OR, `)` or the end: kept terms all match, NOT-ed ones are left out.
        mutating func parseAnd() throws(SyntaxError) -> Node? {
            var keep: [Node] = []
            var drop: [Node] = []
            var negate = false
            var sawNegation = false
            loop: while let token = current {
                switch token {
                case .or, .close:
                    break loop
                case .and:
                    index += 1
                case .not, .minus:
                    if negate { throw SyntaxError("NOT NOT: say what to leave out once, e.g. dimmed NOT android") }
                    negate = true
                    sawNegation = true
                    index += 1
                case .open:
                    index += 1
                    depth += 1
                    if depth > SearchQuery.maxDepth {
                        throw SyntaxError("too many nested parentheses: at most \(SearchQuery.maxDepth)")
                    }
                    let inner = try parseOr()
                    depth -= 1
                    if current == .close {
                        index += 1
                    } else {
                        repairs.append("closed the unbalanced \"(\" at the end of the query")
                    }
                    guard let inner else {
                        throw SyntaxError("empty parentheses: put search terms inside, e.g. (toggle OR switch)")
                    }
                    if negate { drop.append(inner) } else { keep.append(inner) }
                    negate = false
                case let .word(text, prefix):
                    index += 1
                    guard SearchQuery.hasTokenCharacters(text) else { continue }
                    termCount += 1
                    if negate { drop.append(.word(text, prefix: prefix)) } else { keep.append(.word(text, prefix: prefix)) }
                    negate = false
                case let .phrase(text, prefix, closed):
                    index += 1
                    if !closed { repairs.append("closed the unbalanced '\"' at the end of the query") }
                    guard SearchQuery.hasTokenCharacters(text) else { continue }
                    termCount += 1
                    if negate { drop.append(.phrase(text, prefix: prefix)) } else { keep.append(.phrase(text, prefix: prefix)) }
                    negate = false
                }
            }
            if negate {
                throw SyntaxError("NOT needs a word after it, e.g. dimmed NOT android")
            }
            if keep.isEmpty {
                if sawNegation || !drop.isEmpty {
                    throw SyntaxError("NOT needs something to keep: say what to search for first, e.g. dimmed NOT android")
                }
                return nil
            }
            let kept = keep.count == 1 ? keep[0] : .all(keep)
            return drop.isEmpty ? kept : .exclude(keep: kept, drop: drop)
        }
    }

    // MARK: - Translation

    static func quoted(_ text: String) -> String {
        // Foundation's replacing, only for a text holding a quote: a question quotes every form
        // of every word, and the search it made cost ten times the quoting.
        "\"" + (text.utf8.contains(UInt8(ascii: "\"")) ? text.replacingOccurrences(of: "\"", with: "\"\"") : text) + "\""
    }

    static func fts5(_ node: Node) -> String {
        switch node {
        case let .word(text, prefix), let .phrase(text, prefix):
            return quoted(text) + (prefix ? " *" : "")
        case .all(let children):
            return children.map { group($0) }.joined(separator: " AND ")
        case .any(let children):
            return children.map { group($0) }.joined(separator: " OR ")
        case let .exclude(keep, drop):
            let dropped = drop.count == 1 ? group(drop[0]) : "(" + drop.map { group($0) }.joined(separator: " OR ") + ")"
            return group(keep) + " NOT " + dropped
        }
    }

    private static func group(_ node: Node) -> String {
        switch node {
        case .word, .phrase: fts5(node)
        default: "(" + fts5(node) + ")"
        }
    }

    static func hasPrefix(_ node: Node) -> Bool {
        switch node {
        case let .word(_, prefix), let .phrase(_, prefix): prefix
        case .all(let children), .any(let children): children.contains(where: hasPrefix)
        case let .exclude(keep, drop): hasPrefix(keep) || drop.contains(where: hasPrefix)
        }
    }

    static func positives(_ node: Node) -> [Node] {
        switch node {
        case .word, .phrase: [node]
        case .all(let children), .any(let children): children.flatMap(positives)
        case .exclude(let keep, _): positives(keep)
        }
    }

    /// The query with each whole word (not a prefix, not in a phrase) that `spelling` names
    /// searched as the spelling it gives; what was typed (`input`) is kept.
    package func respelt(_ spelling: [String: String]) -> SearchQuery {
        func respell(_ node: Node) -> Node {
            switch node {
            case let .word(text, prefix: false): .word(spelling[text] ?? text, prefix: false)
            case .word, .phrase: node
            case .all(let children): .all(children.map(respell))
            case .any(let children): .any(children.map(respell))
            case let .exclude(keep, drop): .exclude(keep: respell(keep), drop: drop.map(respell))
            }
        }
        var query = self
        query.root = respell(root)
        return query
    }
}

extension SearchQuery {
    /// The query with each phrase of `phrases` (as typed, not a prefix) searched as its words
    /// (issue 49): a phrase no page holds (`"Learn more"`) should not empty the answer. The words
    /// join the run the phrase stood in, so a query of words and such phrases reads as plain
    /// language; what was typed (`input`) is kept.
    package func phrasesAsWords(_ phrases: Set<String>) -> SearchQuery {
        func words(_ node: Node) -> [Node] {
            guard case let .phrase(text, prefix: false) = node, phrases.contains(text) else { return [loosen(node)] }
            let words = text.split(whereSeparator: { $0 == " " }).map(String.init).filter(SearchQuery.hasTokenCharacters)
            return words.isEmpty ? [node] : words.map { .word($0, prefix: false) }
        }
        func loosen(_ node: Node) -> Node {
            switch node {
            case .word: node
            case let .phrase(text, prefix):
                if prefix || !phrases.contains(text) { node } else {
                    words(node).count == 1 ? words(node)[0] : .all(words(node))
                }
            case .all(let children): .all(children.flatMap(words))
            case .any(let children): .any(children.map(loosen))
            case let .exclude(keep, drop): .exclude(keep: loosen(keep), drop: drop)
            }
        }
        var query = self
        let root = loosen(root)
        if case let .all(children) = root, children.count == 1 { query.root = children[0] } else { query.root = root }
        return query
    }
}

extension SearchQuery.Node {
    /// The text of a word or phrase as typed (with `*` for a prefix); nil for an operator node.
    package var termText: String? {
        switch self {
        case let .word(text, prefix): text + (prefix ? "*" : "")
        case let .phrase(text, prefix): "\"" + text + "\"" + (prefix ? "*" : "")
        default: nil
        }
    }
}

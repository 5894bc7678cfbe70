import Foundation

/// What a comparison reads in a report's remarks: the remark as two are compared (the evidence's
/// file names and positions left out) and the ticket ids it names.
public enum RemarkText {
    /// A remark as two are compared: what names the evidence rather than the product is taken out,
    /// so that two builds of the same findings from renamed or reordered files compare equal.
    /// - a bracketed reference that names a file, a line or a results row (`[web-r12.csv line 55,
    ///   web/link:keyboard:web:enter]`) is dropped (a markdown link `[text](url)` is kept);
    /// - a file name, not in a web address (`axe-r1.json`, `web-r12-filled.csv`: a name ending in .csv, .json, .jsonl,
    ///   .yaml, .yml, .html, .htm, .xml, .xlsx or .txt) reads as `(file)`;
    /// - a position (`line 55`, `lines 3, 7 and 9`, `row 4`) reads as `line` or `row`;
    /// - runs of white space are one space, and the ends are trimmed.
    /// Counts (`1 of 3 tested rows`), ticket ids, rule ids and every other word still count.
    public static func comparable(_ remark: String) -> String {
        var text = Pattern.evidenceReference.replace(remark) { reference in
            Pattern.fileName.all(reference).contains(where: isFileName) || [Pattern.position, Pattern.rowID].contains { $0.matches(reference) } ? "" : reference
        }
        text = Pattern.fileName.replace(text) { isFileName($0) ? "(file)" : $0 }
        text = Pattern.position.replace(text) { $0.lowercased().hasPrefix("row") ? "row" : "line" }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func isFileName(_ match: String) -> Bool { !match.lowercased().hasPrefix("http") }

    /// The ticket ids a remark names, in the order first named: a tracker's key, capitals (and
    /// digits) before a hyphen and a number, as Jira writes them (`SHOP-123`, `A11Y-124`).
    public static func tickets(in remark: String) -> [String] {
        var seen: [String] = []
        for id in Pattern.ticket.all(remark) where !seen.contains(id) { seen.append(id) }
        return seen
    }

    /// A regular expression made once (NSRegularExpression is immutable and documented as safe to
    /// share between threads).
    struct Pattern: @unchecked Sendable {
        let expression: NSRegularExpression

        init(_ source: String, caseInsensitive: Bool = false) {
            // The patterns are this file's constants: one that does not compile is a bug here.
            do { expression = try NSRegularExpression(pattern: source, options: caseInsensitive ? [.caseInsensitive] : []) } catch {
                preconditionFailure("RemarkText's pattern \(source) does not compile: \(error)")
            }
        }

        /// A file name, or a web address (matched so that a page's name in it is left alone).
        static let fileName = Pattern(#"https?://\S+|[\w.-]+\.(?:csv|jsonl?|ya?ml|html?|xml|xlsx|txt)\b"#, caseInsensitive: true)
        static let position = Pattern(#"\b(?:lines?|rows?) \d+(?:(?:\s*[-–,]\s*|\s+and\s+)\d+)*"#, caseInsensitive: true)
        /// A results row's id: `web/link:keyboard:web:enter`.
        static let rowID = Pattern(#"\b[a-z]+/[a-z0-9-]+:[a-z0-9-]+:"#)
        static let evidenceReference = Pattern(#"\s*\[[^\[\]\n]*\](?!\()"#)
        static let ticket = Pattern(#"(?<![A-Za-z0-9_-])[A-Z][A-Z0-9]+-[0-9]+(?![A-Za-z0-9_])"#)

        func matches(_ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }

        func all(_ text: String) -> [String] {
            expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
        }

        /// `text` with each match replaced by what `by` makes of it.
        func replace(_ text: String, by: (String) -> String) -> String {
            var out = "", last = text.startIndex
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text) else { continue }
                out += text[last..<range.lowerBound] + by(String(text[range]))
                last = range.upperBound
            }
            return out + text[last...]
        }
    }
}

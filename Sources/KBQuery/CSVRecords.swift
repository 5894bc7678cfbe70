import Foundation
import KBSearch

/// RFC 4180 records, read back: quoted fields with doubled quotes and line breaks, CRLF or LF,
/// a leading byte order mark ignored. A quote opened and never closed is an error that names the
/// line it opened on: read leniently, one stray quote in a note would swallow every later row.
public enum CSVRecords {
    public struct UnterminatedQuote: Error, Equatable {
        /// The 1-based line the quoted field starts on.
        public var line: Int
    }

    public static func parse(_ text: String, delimiter: Unicode.Scalar = ",") throws -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, afterQuote = false, any = false
        var line = 1, quoteLine = 0
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" { line += 1 }
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count && scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { quoted = false; afterQuote = true }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" && field.isEmpty && !afterQuote {
                quoted = true; any = true; quoteLine = line
            } else if c == delimiter {
                record.append(field); field = ""; afterQuote = false; any = true
            } else if c == "\r" || c == "\n" {
                if c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1; line += 1 }
                record.append(field); records.append(record)
                record = []; field = ""; afterQuote = false; any = false
            } else {
                field.unicodeScalars.append(c); any = true
            }
            i += 1
        }
        if quoted { throw UnterminatedQuote(line: quoteLine) }
        if any || !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    /// The separator a spreadsheet used: a comma, or, where the first line holds none outside
    /// quotes, a semicolon (Excel in locales whose decimal mark is a comma) or a tab.
    public static func delimiter(of text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false
        for c in text.unicodeScalars {
            if c == "\"" { quoted.toggle(); continue }
            if !quoted && (c == "\n" || c == "\r") { break }
            if !quoted, counts[c] != nil { counts[c]! += 1 }
        }
        if counts[","]! > 0 { return "," }
        return counts[";"]! >= counts["\t"]! && counts[";"]! > 0 ? ";" : counts["\t"]! > 0 ? "\t" : ","
    }
}

/// A results file's bytes to text: UTF-8 (with or without its byte order mark) or UTF-16 with
/// one; anything else is refused saying how to save it, never read as mojibake.
public enum ResultsText {
    /// Larger files are refused unread: a plan of every component is a few MB.
    public static let maxBytes = 64 << 20

    public static func decode(_ data: Data, name: String) throws -> String {
        guard data.count <= maxBytes else { throw QueryError.invalidOption("\(name) is larger than \(maxBytes >> 20) MB: no results file is") }
        let head = [UInt8](data.prefix(2))
        if head == [0xFF, 0xFE] || head == [0xFE, 0xFF] {
            guard let text = String(data: data, encoding: .utf16) else { throw QueryError.invalidOption("\(name) is not valid UTF-16") }
            return text
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw QueryError.invalidOption("\(name) is not UTF-8 text (Latin-1 or another code page?): save it as CSV UTF-8")
        }
        return text
    }
}

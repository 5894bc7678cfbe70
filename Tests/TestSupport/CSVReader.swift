// Test helpers exist in debug builds only: `swift build -c release` builds every target, and
// this one imports XCTest and A11yKB for testing, which release builds (static stdlib) lack.
#if DEBUG
import Foundation

/// An RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF between records.
public enum CSVReader {
    public static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.unicodeScalars.append("\""); chars = chars.dropFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""
            } else if c == "\r" && chars.first == "\n" {
                chars = chars.dropFirst()
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
#endif

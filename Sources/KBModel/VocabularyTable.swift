import Foundation

/// The vocabulary's tab-separated files (vocabulary/*.tsv), read one way: a line starting with `#`
/// and a blank line are comments; every other line is its fields, each trimmed, with its line
/// number (1-based) for the reader that names a malformed row.
package enum VocabularyTable {
    package struct Row {
        package let line: Int
        package let fields: [String]

        /// The field at `index`, nil when the row is shorter or the field is empty.
        package subscript(optional index: Int) -> String? {
            index < fields.count && !fields[index].isEmpty ? fields[index] : nil
        }
    }

    package static func rows(_ text: String) -> [Row] {
        // Bytes, not Characters: a query reads the alias table at start-up, and splitting and
        // trimming it as Characters cost as much as the whole search of a rare word.
        var rows: [Row] = []
        for (index, line) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if line.first == UInt8(ascii: "#") { continue }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(trimmed)
            if fields.allSatisfy(\.isEmpty) { continue }
            rows.append(Row(line: index + 1, fields: fields))
        }
        return rows
    }

    /// A field without the white space around it: ASCII's trimmed byte by byte, any other (a
    /// no-break space) as Foundation's `whitespacesAndNewlines` says.
    static func trimmed(_ field: Substring.UTF8View) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var bytes = field[...]
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        let text = String(Substring(bytes))
        if let first = bytes.first, let last = bytes.last, first >= 0x80 || last >= 0x80 {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text
    }
}

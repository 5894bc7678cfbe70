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

        /// The family field at `index` (`native`, `web`, `how-to-test`, or `*` for every family):
        /// `.some(nil)` for every family, nil when the field names no family (a defect of the
        /// row, which its reader skips).
        package func family(_ index: Int) -> Family?? {
            guard let written = self[optional: index], written != "*" else { return .some(nil) }
            return Family(rawValue: written).map { .some($0) }
        }

        /// The field's words, split at spaces: the vocabulary's lists (`web software`, `302.1 302.2`);
        /// none when the row is shorter. By bytes, as the rows are read.
        package func words(_ index: Int) -> [String] {
            guard index < fields.count else { return [] }
            return Array(fields[index].utf8).split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    package static func rows(_ text: String) -> [Row] {
        // Bytes of one array, in one pass, not the String's views: a query reads the alias table
        // at start-up, and `wcag` the OpenACR catalogs (111 KB). Split as Characters, or through
        // the String's UTF-8 view, which indexes the String at every step, the catalogs alone were
        // a quarter of each `wcag 1.4.3` answer's work.
        let bytes = Array(text.utf8)
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        var rows: [Row] = []
        var lineStart = 0, number = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
            number += 1
            if lineStart == lineEnd || bytes[lineStart] != UInt8(ascii: "#") {
                var fields: [String] = []
                fields.reserveCapacity(8)
                var fieldStart = lineStart
                for index in lineStart...lineEnd where index == lineEnd || bytes[index] == tab {
                    fields.append(trimmed(bytes[fieldStart..<index]))
                    fieldStart = index + 1
                }
                if fields.contains(where: { !$0.isEmpty }) { rows.append(Row(line: number, fields: fields)) }
            }
            lineStart = lineEnd + 1
        }
        return rows
    }

    /// A field without the white space around it: ASCII's trimmed byte by byte, any other (a
    /// no-break space) as Foundation's `whitespacesAndNewlines` says.
    static func trimmed(_ field: ArraySlice<UInt8>) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var bytes = field
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        let text = String(decoding: bytes, as: UTF8.self)
        if let first = bytes.first, let last = bytes.last, first >= 0x80 || last >= 0x80 {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return text
    }
}

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
        var rows: [Row] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            rows.append(Row(line: index + 1, fields: fields))
        }
        return rows
    }
}

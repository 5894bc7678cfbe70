/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break, quotes doubled,
/// CRLF between records, UTF-8.
public enum CSV {
    public static func field(_ value: String) -> String {
        if value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return value
    }

    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    public static func document(header: [String], rows: [[String]], byteOrderMark: Bool = false) -> String {
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out += record(header)
        for row in rows { out += record(row) }
        return out
    }
}

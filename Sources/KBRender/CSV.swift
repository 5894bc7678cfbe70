/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break, quotes doubled,
/// CRLF between records, UTF-8.
///
/// A spreadsheet reads a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as
/// a formula (CSV injection: `=HYPERLINK(...)` in an imported criterion). As OWASP advises, such a
/// cell is written with a `'` before it, and quoted: the spreadsheet shows the text as written.
/// JSON and JSON Lines keep every value verbatim.
public enum CSV {
    public static func field(_ value: String) -> String {
        var out = [UInt8]()
        appendField(value.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `field` (UTF-8 bytes), quoted when it must be, to `out`.
    public static func appendField<C: Collection>(_ field: C, to out: inout [UInt8]) where C.Element == UInt8 {
        let formula = field.first.map(startsFormula) ?? false
        // Bytes, not Characters: a matrix export quotes millions of cells.
        guard formula || field.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            out.append(contentsOf: field)
            return
        }
        out.append(0x22)
        if formula { out.append(0x27) }
        for byte in field {
            out.append(byte)
            if byte == 0x22 { out.append(0x22) }
        }
        out.append(0x22)
    }

    /// `=`, `+`, `-`, `@`, tab, carriage return: what OWASP lists as a formula's first character.
    static func startsFormula(_ byte: UInt8) -> Bool {
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    /// Appends one record, CRLF-terminated.
    public static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x2C) }
            appendField(field.utf8, to: &out)
        }
        out.append(0x0D)
        out.append(0x0A)
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

/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break, quotes doubled,
/// CRLF between records, UTF-8.
///
/// A spreadsheet reads a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as
/// a formula (CSV injection: `=HYPERLINK(...)` in an imported criterion). CSV for a spreadsheet
/// (`forSpreadsheet`: `DocumentOptions.forSpreadsheet`, asked with the byte order mark, and always
/// for a checklist a tester fills in) writes such a cell as OWASP advises: quoted, with a `'`
/// before it, so that the text shows as written. CSV for programs (`sql`, an export) keeps every
/// value as it is (a matrix cell is a `- ` list), as JSON does.
public enum CSV {
    public static func field(_ value: String, forSpreadsheet: Bool = false) -> String {
        var out = [UInt8]()
        appendField(value.utf8, to: &out, forSpreadsheet: forSpreadsheet)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `field` (UTF-8 bytes), quoted when it must be, to `out`.
    public static func appendField<C: Collection>(_ field: C, to out: inout [UInt8], forSpreadsheet: Bool = false)
        where C.Element == UInt8 {
        // Control characters but tab and line breaks are dropped (`TerminalText`): CSV is printed
        // on terminals too. 0xC2 leads every C1 control in UTF-8 (and a few letters): looked at closely.
        if field.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F || $0 == 0xC2 }) {
            let text = String(decoding: field, as: UTF8.self)
            let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 == "\r" || $0 == "\n" || $0 == "\t" || !TerminalText.isControl($0) }))
            if kept.utf8.count != field.count { return appendField(Array(kept.utf8), to: &out, forSpreadsheet: forSpreadsheet) }
        }
        let formula = forSpreadsheet && (field.first.map(startsFormula) ?? false)
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
    public static func appendRecord(_ fields: [String], to out: inout [UInt8], forSpreadsheet: Bool = false) {
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x2C) }
            appendField(field.utf8, to: &out, forSpreadsheet: forSpreadsheet)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    public static func record(_ fields: [String], forSpreadsheet: Bool = false) -> String {
        fields.map { field($0, forSpreadsheet: forSpreadsheet) }.joined(separator: ",") + "\r\n"
    }

    public static func document(header: [String], rows: [[String]], byteOrderMark: Bool = false) -> String {
        var out = byteOrderMark ? "\u{FEFF}" : ""
        out += record(header, forSpreadsheet: byteOrderMark)
        for row in rows { out += record(row, forSpreadsheet: byteOrderMark) }
        return out
    }
}

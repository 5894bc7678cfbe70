/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break, quotes doubled,
/// CRLF between records, UTF-8.
public enum CSV {
    public static func field(_ value: String) -> String {
        // Bytes, not Characters: a matrix export quotes millions of cells.
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        var out = [UInt8]()
        out.reserveCapacity(value.utf8.count + 8)
        out.append(0x22)
        for byte in value.utf8 {
            out.append(byte)
            if byte == 0x22 { out.append(0x22) }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `field` (UTF-8 bytes), quoted when it must be, to `out`.
    public static func appendField<C: Collection>(_ field: C, to out: inout [UInt8]) where C.Element == UInt8 {
        guard field.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            out.append(contentsOf: field)
            return
        }
        out.append(0x22)
        for byte in field {
            out.append(byte)
            if byte == 0x22 { out.append(0x22) }
        }
        out.append(0x22)
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

/// RFC 4180 records, read back: quoted fields with doubled quotes and line breaks, CRLF or LF,
/// a leading byte order mark ignored.
public enum CSVRecords {
    public static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, afterQuote = false, any = false
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count && scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { quoted = false; afterQuote = true }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" && field.isEmpty && !afterQuote {
                quoted = true; any = true
            } else if c == "," {
                record.append(field); field = ""; afterQuote = false; any = true
            } else if c == "\r" || c == "\n" {
                if c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1 }
                record.append(field); records.append(record)
                record = []; field = ""; afterQuote = false; any = false
            } else {
                field.unicodeScalars.append(c); any = true
            }
            i += 1
        }
        if any || !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}

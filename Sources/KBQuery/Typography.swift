/// Wording compared the way a reader compares it: a change of quotes, dashes, spaces or the case
/// of a key name (`Ctl+tab` → `ctl+tab`, `"` → `”`) is typography, not a new requirement. `diff`
/// and `plan show` tell the two apart, and show typography only when asked.
package enum Typography {
    package static func normalized(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.lowercased().unicodeScalars {
            let c: Unicode.Scalar
            switch scalar {
            case "\u{2018}", "\u{2019}", "\u{201A}", "\u{2032}", "`": c = "'"
            case "\u{201C}", "\u{201D}", "\u{201E}", "\u{2033}": c = "\""
            case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}": c = "-"
            case "\u{2026}": out += "..."; space = false; continue
            default: c = scalar
            }
            if c.properties.isWhitespace {
                space = true
                continue
            }
            if space && !out.isEmpty { out += " " }
            space = false
            out.unicodeScalars.append(c)
        }
        while out.hasSuffix(".") { out.removeLast() }
        return out
    }

    /// Whether two items say the same but for typography.
    package static func same(_ a: ChecklistItem, _ b: ChecklistItem) -> Bool {
        normalized(a.label ?? "") == normalized(b.label ?? "") && normalized(a.expectation) == normalized(b.expectation)
            && a.platform == b.platform && a.framework == b.framework
    }
}

import KBModel
import KBQuery

/// 4.1.1 Parsing, which no test settles: W3C's 2023 errata to WCAG 2.0 and 2.1 make it always
/// satisfied for content written in HTML or XML, and WCAG 2.2 removed it as obsolete (the Revised
/// Section 508 Standards incorporate WCAG 2.0, so an edition that reports Section 508 still
/// answers it, by the errata). The level a report gives it where nothing else does, and the note
/// that says why: the builder writes both for web content, and a rendering of any report says the
/// note once.
public enum ParsingCriterion {
    public static let sc = SCNumber(4, 1, 1)

    static let errata = "W3C's 2023 errata to WCAG 2.0 and 2.1 say that this criterion is always satisfied for content written in HTML or XML."

    /// Nil for an edition of no known WCAG version.
    public static func rule(for catalog: OpenACRCatalog) -> (level: AdherenceLevel, note: String)? {
        switch catalog.wcagVersion {
        case "2.0", "2.1": return (.supports, errata)
        case "2.2":
            let with508 = catalog.standards.contains { $0.family == .section508 }
            return with508
                ? (.supports, "WCAG 2.2 made this criterion obsolete and removed it. The Revised Section 508 Standards incorporate WCAG 2.0, whose 2023 errata say that it is always satisfied for content written in HTML or XML.")
                : (.notApplicable, "WCAG 2.2 made this criterion obsolete and removed it.")
        default: return nil
        }
    }
}

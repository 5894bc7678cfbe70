import GRDB
import KBModel
import KBSearch
import KBStore

/// A WCAG success criterion a component cites, and where the citation is written.
public struct WCAGCitation: Sendable, Equatable, RowDecodable {
    public var component: String
    public var title: String
    public var family: Family
    public var criterion: SCNumber
    /// `Name, Role, Value`.
    public var criterionTitle: String?
    public var level: WCAGLevel?
    public var url: String?
    public var source: String
    public var line: Int

    init(row: Row) throws {
        component = row["component"]
        title = row["title"]
        family = try row.family()
        criterion = try row.successCriterion()
        criterionTitle = row["criterion_title"]
        level = try row.level()
        url = row["url"]
        source = row["source"]
        line = row["line"]
    }

    /// Citations by component, then in the criterion's numeric order (1.4.3 before 1.4.10).
    package static func list(_ db: Database, componentID: Int64?, family: Family?, criterion: SCNumber?) throws -> [WCAGCitation] {
        var filters = SQLFilters()
        if let componentID { filters.add("cw.component_id = ?", componentID) }
        if let family { filters.add("c.family = ?", family.rawValue) }
        if let criterion { filters.add("cw.sc = ?", criterion.description) }
        let citations = try WCAGCitation.fetchAll(db, sql: """
            SELECT c.slug AS component, c.title, c.family, cw.sc, w.title AS criterion_title, w.level, w.url,
                   s.path AS source, cw.line
            FROM component_wcag cw JOIN components c ON c.id = cw.component_id JOIN wcag_criteria w ON w.sc = cw.sc
            JOIN sources s ON s.id = cw.source_id
            WHERE \(filters.sql)
            """, arguments: filters.arguments)
        return citations.sorted { a, b in
            if a.family != b.family { return a.family < b.family }
            if a.component != b.component { return a.component < b.component }
            return a.criterion < b.criterion
        }
    }

    /// A success criterion as a user writes it to find its citations: `1.4.3`, `SC 1.4.3`,
    /// `WCAG 1.4.3`. Nil for digits and dots that are no success criterion's number (`1.4`,
    /// `1.4.1000`), which no component cites; anything else is refused.
    public static func criterion(written text: String) throws -> SCNumber? {
        let number = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "wcag", with: "").replacingOccurrences(of: "sc", with: "")
            .trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw QueryError.invalidOption("a WCAG success criterion is a number such as 1.4.3 (got \"\(text)\")")
        }
        return SCNumber(exactly: number)
    }
}

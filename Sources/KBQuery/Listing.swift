import GRDB
import KBModel

/// The listing of what the knowledge base holds: components, categories, platforms and frameworks with how many facts each holds.
public enum Listing {
    public enum Subject: String, Sendable, CaseIterable { case components, categories, platforms, frameworks }

    /// `family` and `category` narrow components and categories; platforms and frameworks are listed whole.
    package static func table(_ db: Database, _ subject: Subject, family: Family? = nil, category: String? = nil) throws -> ResultSet {
        let sql: String
        var arguments: StatementArguments = []
        let (condition, filterArguments) = try ComponentSelection.filter(db, category: category, family: family)
        switch subject {
        case .components:
            arguments = filterArguments
            sql = """
                SELECT c.slug AS component, c.family, c.category, c.title,
                       (SELECT count(*) FROM criteria x WHERE x.component_id = c.id) AS criteria,
                       (SELECT count(*) FROM guidance x WHERE x.component_id = c.id) AS guidance,
                       (SELECT count(*) FROM announcements x WHERE x.component_id = c.id) AS announcements,
                       (SELECT count(*) FROM gaps x WHERE x.component_id = c.id) AS gaps
                FROM components c WHERE \(condition) ORDER BY c.family, c.slug
                """
        case .categories:
            // A component without a category (a loose file outside a checkout) is counted under NULL.
            arguments = filterArguments
            sql = """
                SELECT c.category, c.family, count(*) AS components,
                       sum((SELECT count(*) FROM criteria x WHERE x.component_id = c.id)) AS criteria,
                       sum((SELECT count(*) FROM guidance x WHERE x.component_id = c.id)) AS guidance,
                       sum((SELECT count(*) FROM announcements x WHERE x.component_id = c.id)) AS announcements,
                       sum((SELECT count(*) FROM gaps x WHERE x.component_id = c.id)) AS gaps
                FROM components c WHERE \(condition) GROUP BY c.family, c.category ORDER BY c.family, c.category IS NULL, c.category
                """
        case .platforms:
            sql = """
                SELECT p.slug AS platform, p.name, p.screen_reader,
                       (SELECT count(DISTINCT component_id) FROM (
                            SELECT component_id FROM criteria WHERE platform_id = p.id UNION ALL
                            SELECT component_id FROM guidance WHERE platform_id = p.id UNION ALL
                            SELECT component_id FROM announcements WHERE platform_id = p.id)) AS components,
                       (SELECT count(*) FROM criteria x WHERE x.platform_id = p.id) AS criteria,
                       (SELECT count(*) FROM guidance x WHERE x.platform_id = p.id) AS guidance,
                       (SELECT count(*) FROM announcements x WHERE x.platform_id = p.id) AS announcements,
                       (SELECT count(*) FROM gaps x WHERE x.platform_id = p.id) AS gaps
                FROM platforms p ORDER BY p.id
                """
        case .frameworks:
            sql = """
                SELECT f.slug AS framework, f.name, p.slug AS platform,
                       (SELECT count(DISTINCT component_id) FROM guidance x WHERE x.framework_id = f.id) AS components,
                       (SELECT count(*) FROM guidance x WHERE x.framework_id = f.id) AS guidance,
                       (SELECT count(*) FROM code_examples x WHERE x.framework_id = f.id) AS code_examples,
                       (SELECT count(*) FROM gaps x WHERE x.framework_id = f.id) AS gaps
                FROM frameworks f JOIN platforms p ON p.id = f.platform_id ORDER BY f.id
                """
        }
        return try ResultSet.fetch(db.makeStatement(sql: sql), arguments: arguments)
    }
}

extension Listing {
    /// What the shell completes: component slugs, category names, platform and framework slugs,
    /// each once, sorted.
    package static func names(_ db: Database, _ subject: Subject) throws -> [String] {
        switch subject {
        case .components: try String.fetchAll(db, sql: "SELECT DISTINCT slug FROM components ORDER BY slug")
        case .categories: try ComponentSelection.categories(db)
        case .platforms: try String.fetchAll(db, sql: "SELECT slug FROM platforms ORDER BY id")
        case .frameworks: try String.fetchAll(db, sql: "SELECT slug FROM frameworks ORDER BY id")
        }
    }
}

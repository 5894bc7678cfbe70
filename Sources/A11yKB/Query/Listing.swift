import GRDB

/// `a11ykb list`: components, platforms and frameworks with how many facts each holds.
public enum Listing {
    public enum Subject: String, Sendable, CaseIterable { case components, platforms, frameworks }

    static func table(_ db: Database, _ subject: Subject, family: Family? = nil) throws -> ResultSet {
        let sql: String
        var arguments: StatementArguments = []
        switch subject {
        case .components:
            sql = """
                SELECT c.slug AS component, c.family, c.category, c.title,
                       (SELECT count(*) FROM criteria x WHERE x.component_id = c.id) AS criteria,
                       (SELECT count(*) FROM guidance x WHERE x.component_id = c.id) AS guidance,
                       (SELECT count(*) FROM announcements x WHERE x.component_id = c.id) AS announcements,
                       (SELECT count(*) FROM gaps x WHERE x.component_id = c.id) AS gaps
                FROM components c \(family == nil ? "" : "WHERE c.family = ?") ORDER BY c.family, c.slug
                """
            if let family { arguments = [family.rawValue] }
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

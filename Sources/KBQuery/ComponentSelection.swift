import GRDB
import KBModel
import KBSearch

/// Several components at once: the tester's checklist (several named, or a whole category),
/// and the categories themselves (listed, or narrowing a listing of components).
package enum ComponentSelection {
    /// The named components, in the order given, each once. Every name is resolved before anything
    /// is loaded, so one unknown name fails the whole request (with the closest slugs). `context`
    /// (the platform or framework asked for) settles a name both families hold.
    package static func named(_ db: Database, _ names: [String], family: Family?, context: [String] = []) throws -> [ComponentFacts] {
        var ids: [Int64] = []
        for name in names {
            let id = try ComponentLookup.resolve(db, name, family: family, context: context)
            if !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else { return [] }
        let loaded = try ComponentFacts.loadAll(db, where: "c.id IN (\(ids.map(String.init).joined(separator: ",")))", arguments: [])
        let byID = Dictionary(uniqueKeysWithValues: loaded.map { ($0.component.id, $0) })
        return ids.compactMap { byID[$0] }
    }

    /// Every component of a category and/or family, by family then slug (as `list components`).
    package static func matching(_ db: Database, category: String?, family: Family?) throws -> [ComponentFacts] {
        let (condition, arguments) = try filter(db, category: category, family: family)
        return try ComponentFacts.loadAll(db, where: condition, arguments: arguments)
    }

    /// The SQL condition on `components c` for a category and family; the category is checked
    /// against those the knowledge base holds.
    static func filter(_ db: Database, category: String?, family: Family?) throws -> (String, StatementArguments) {
        var conditions = ["1"]
        var arguments: StatementArguments = []
        if let category {
            conditions.append("c.category = ?")
            arguments += [try resolveCategory(db, category)]
        }
        if let family {
            conditions.append("c.family = ?")
            arguments += [family.rawValue]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// The category as stored, for what a user types (`Page level`, `page-level`); an unknown one
    /// is refused with the categories there are.
    static func resolveCategory(_ db: Database, _ text: String) throws -> String {
        let known = try categories(db)
        let slug = Vocabulary.slugify(text)
        if let match = known.first(where: { $0 == text || Vocabulary.slugify($0) == slug }) { return match }
        if known.isEmpty { throw QueryError.invalidOption("no category \"\(text)\": the knowledge base has no categorised components") }
        let closest = ComponentLookup.closest(slug, among: known)
        throw QueryError.unknownCategory(text, closest: closest)
    }

    static func categories(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT category FROM components WHERE category IS NOT NULL ORDER BY category")
    }
}

import Foundation
import GRDB
import KBModel

/// Saved test plans and the team footer (migration 0012): written here, read by the questions.
/// A plan keeps its components by family and slug, so it outlives any import.
package enum PlanStore {
    /// Saves `plan` under its name; answers when the plan it replaced was saved (nil: it is new).
    @discardableResult
    package static func save(_ kb: KnowledgeBase, _ plan: SavedPlan) throws -> String? {
        try kb.writer(for: "saving a plan").write { db in
            let replaced = try String.fetchOne(db, sql: "SELECT saved_at FROM plans WHERE name = ?", arguments: [plan.name])
            try db.execute(sql: "DELETE FROM plans WHERE name = ?", arguments: [plan.name])
            try db.execute(sql: "INSERT INTO plans (name, platform, framework, saved_at, notes_as_items) VALUES (?, ?, ?, ?, ?)",
                           arguments: [plan.name, plan.platform?.rawValue, plan.framework?.rawValue, plan.savedAt, plan.notesAsItems])
            let id = db.lastInsertedRowID
            for (i, component) in plan.components.enumerated() {
                let parts = component.split(separator: "/", maxSplits: 1).map(String.init)
                try db.execute(sql: "INSERT INTO plan_components (plan_id, position, family, slug) VALUES (?, ?, ?, ?)",
                               arguments: [id, i + 1, parts[0], parts[1]])
            }
            return replaced
        }
    }

    /// Whether a plan of that name was there to remove.
    package static func remove(_ kb: KnowledgeBase, name: String) throws -> Bool {
        try kb.writer(for: "removing a plan").write { db in
            try db.execute(sql: "DELETE FROM plans WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    package static func all(_ db: Database) throws -> [SavedPlan] {
        let plans = try Row.fetchAll(db, sql: "SELECT id, name, platform, framework, saved_at, notes_as_items FROM plans ORDER BY name")
        return try plans.map { row in
            let components = try String.fetchAll(db, sql: """
                SELECT family || '/' || slug FROM plan_components WHERE plan_id = ? ORDER BY position
                """, arguments: [row["id"] as Int64])
            return SavedPlan(name: row["name"], platform: try row.platform(), framework: try row.framework(),
                             savedAt: row["saved_at"], components: components, notesAsItems: row["notes_as_items"])
        }
    }

    package static func named(_ db: Database, _ name: String) throws -> SavedPlan? {
        try all(db).first { $0.name == name }
    }

    package static func footer(_ db: Database) throws -> TeamFooter {
        let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM team_footer")
        var footer = TeamFooter()
        for row in rows {
            let value: String = row["value"]
            switch row["key"] as String {
            case "contact": footer.contact = value
            default: footer.ticketLink = value
            }
        }
        return footer
    }

    /// Sets the footer's lines given (an empty string clears that line).
    package static func setFooter(_ kb: KnowledgeBase, contact: String?, ticketLink: String?) throws {
        try kb.writer(for: "setting the footer").write { db in
            for (key, value) in [("contact", contact), ("ticket_link", ticketLink)] {
                guard let value else { continue }
                if value.isEmpty {
                    try db.execute(sql: "DELETE FROM team_footer WHERE key = ?", arguments: [key])
                } else {
                    try db.execute(sql: "INSERT OR REPLACE INTO team_footer (key, value) VALUES (?, ?)", arguments: [key, value])
                }
            }
        }
    }
}

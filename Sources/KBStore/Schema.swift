import GRDB
import KBResources

/// The numbered migrations of `migrations/`, applied in ONE immediate transaction.
///
/// GRDB's `DatabaseMigrator` reads which migrations are applied before it takes the write lock,
/// then runs each in a transaction of its own: two processes opening a new file at once both saw
/// "nothing applied", and the second failed with "table sources already exists". Here the lock is
/// taken first (`BEGIN IMMEDIATE`; a second process waits in SQLite's busy handler), the applied
/// list is read under it, and the whole schema commits at once: one process migrates, the others
/// find the work done, and no reader ever sees half a schema. The bookkeeping table is GRDB's
/// `grdb_migrations`, so files written by earlier versions read the same.
package enum Schema {
    /// What is derived after a migration that SQL alone cannot fill, by the migration's name:
    /// called inside the migrating transaction after that migration applied. The store registers
    /// its own (`followUps`); a layer above it (0007's word forms need a stemmer, its vocabulary
    /// table the file built into a11ykb) passes its registry to whoever opens the file, the store
    /// knowing no such layer. A name no migration has is refused before anything runs, so a
    /// renamed migration cannot lose its follow-up in silence.
    package typealias FollowUps = [String: @Sendable (Database) throws -> Void]

    /// The store's own follow-ups: the built-in WCAG catalogue (0011), the inferred links that
    /// 0017's rows of what tests nothing change.
    static let followUps: FollowUps = [
        "0011_standards": { db in try WCAGCatalogueWriter.loadBuiltIn(db) },
        InferredWCAGBackfill.migration: { db in try InferredWCAGBackfill.run(db) },
    ]

    /// The store's follow-ups and a layer's, each name checked against the migrations.
    static func registry(_ layer: FollowUps) throws -> FollowUps {
        let known = Set(names)
        if let unknown = (Array(followUps.keys) + Array(layer.keys)).sorted().first(where: { !known.contains($0) }) {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a follow-up names no migration: \(unknown)")
        }
        // A migration both register runs the store's first, then the layer's.
        return followUps.merging(layer) { store, layer in { db in try store(db); try layer(db) } }
    }

    static var names: [String] { EmbeddedResources.migrations.map(\.name) }

    /// Applies every migration `db` lacks. True when it applied any.
    @discardableResult
    static func migrate(_ writer: DatabaseQueue, followUps layer: FollowUps) throws -> Bool {
        let followUps = try registry(layer)
        return try writer.writeWithoutTransaction { db in
            // A migration that rebuilds a table (0010) drops the old one while other tables refer
            // to it: foreign keys are off while migrating (they cannot change inside a
            // transaction) and checked before committing, as SQLite's ALTER TABLE page prescribes.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            var applied = false
            try db.inTransaction(.immediate) {
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let done = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                for migration in EmbeddedResources.migrations where !done.contains(migration.name) {
                    try db.execute(sql: String(decoding: migration.sql, as: UTF8.self))
                    try followUps[migration.name]?(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.name])
                    applied = true
                }
                if applied, let broken = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
                    throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY,
                                        message: "migrating left a row of \(broken[0] as String? ?? "?") pointing at nothing")
                }
                return applied ? .commit : .rollback
            }
            return applied
        }
    }

    /// What the file's schema is, read without writing.
    struct State {
        /// Every migration this a11ykb knows is applied.
        var complete: Bool
        /// Migrations applied that this a11ykb does not know (a newer a11ykb wrote the file).
        var unknown: [String]
        /// Tables but no migration bookkeeping: another application's database.
        var foreign: Bool
    }

    static func state(_ db: Database) throws -> State {
        let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
        guard try db.hasTable("grdb_migrations") else { return State(complete: false, unknown: [], foreign: tableCount > 0) }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        let known = Set(names)
        return State(complete: known.isSubset(of: Set(applied)), unknown: applied.filter { !known.contains($0) }, foreign: false)
    }
}

package extension Database {
    /// Whether the main schema holds a table of this name (SQLite's names ignore case). One row of
    /// `sqlite_master`: GRDB's `tableExists` first reads the whole schema into Swift values, which
    /// in a short command (a search, `show`) cost more than the question itself.
    func hasTable(_ name: String) throws -> Bool {
        try Bool.fetchOne(self, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE)",
                          arguments: [name]) ?? false
    }
}

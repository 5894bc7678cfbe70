import Foundation
import GRDB

/// An a11ykb database: opened, checked, migrated. Writes go through one `DatabasePool` (WAL, so
/// readers see a consistent snapshot while an import writes).
public final class KnowledgeBase: Sendable {
    public let path: String
    public let pool: DatabasePool

    public enum OpenError: Error, CustomStringConvertible {
        case notADatabase(String)
        case notAKnowledgeBase(String)
        case newerSchema(String, [String])
        case cannotCreate(String, String)

        public var description: String {
            switch self {
            case .notADatabase(let path): "\(path) is not an SQLite database; refusing to touch it"
            case .notAKnowledgeBase(let path): "\(path) is an SQLite database but not an a11ykb knowledge base; refusing to touch it"
            case let .newerSchema(path, unknown):
                "\(path) was written by a newer a11ykb (schema \(unknown.joined(separator: ", "))); upgrade a11ykb to use it"
            case let .cannotCreate(path, reason): "cannot create \(path): \(reason)"
            }
        }
    }

    /// Opens (creating when absent) the knowledge base at `path`, bringing its schema up to date.
    public init(path: String) throws {
        self.path = path
        try KnowledgeBase.checkHeader(path)
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw OpenError.cannotCreate(path, error.localizedDescription)
            }
        }
        pool = try DatabasePool(path: path, configuration: KnowledgeBase.configuration(readonly: false))
        try KnowledgeBase.migrateIfNeeded(pool, path: path)
    }

    static func configuration(readonly: Bool) -> Configuration {
        var config = Configuration()
        config.readonly = readonly
        config.foreignKeysEnabled = true
        // A second a11ykb waits for a writer instead of failing with "database is locked".
        config.busyMode = .timeout(10)
        config.label = "a11ykb"
        return config
    }

    /// An existing file that is not SQLite is refused before SQLite can do anything to it.
    static func checkHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }
        if header != Data("SQLite format 3\0".utf8) { throw OpenError.notADatabase(path) }
    }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for migration in EmbeddedResources.migrations {
            let sql = String(decoding: migration.sql, as: UTF8.self)
            migrator.registerMigration(migration.name) { db in try db.execute(sql: sql) }
        }
        return migrator
    }()

    static func migrateIfNeeded(_ pool: DatabasePool, path: String) throws {
        let state: (complete: Bool, superseded: Bool, foreign: Bool) = try pool.read { db in
            let hasMigrations = try db.tableExists("grdb_migrations")
            let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            if !hasMigrations { return (false, false, tableCount > 0) }
            return (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db), false)
        }
        if state.foreign { throw OpenError.notAKnowledgeBase(path) }
        if state.superseded {
            let unknown = try pool.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                    .filter { !migrator.migrations.contains($0) }
            }
            throw OpenError.newerSchema(path, unknown)
        }
        if !state.complete { try migrator.migrate(pool) }
    }

    /// Rows per table, for `stats` and tests.
    public func counts() throws -> [(table: String, rows: Int)] {
        try pool.read { db in
            try KnowledgeBase.factTables.map { table in
                (table, try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0)
            }
        }
    }

    public static let factTables = ["sources", "components", "platforms", "frameworks", "criteria", "guidance",
                                    "announcements", "gaps", "code_examples", "gherkin_steps", "wcag_criteria",
                                    "component_wcag", "notices"]
}

import Foundation
import GRDB

/// An a11ykb database: opened, checked, migrated. The file is in WAL mode, so a reader in another
/// process sees a consistent snapshot while an import writes.
///
/// One process runs one command, so each `KnowledgeBase` holds one serial connection: read-write
/// for imports, read-only for queries. (A `DatabasePool` writes to the file every time it opens,
/// which a query must never do, and its reader pool buys nothing in a one-shot process.)
public final class KnowledgeBase: Sendable {
    public let path: String
    public let pool: DatabaseQueue
    public let isReadOnly: Bool

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
        pool = try DatabaseQueue(path: path, configuration: KnowledgeBase.configuration(readonly: false))
        isReadOnly = false
        try KnowledgeBase.migrateIfNeeded(pool, path: path)
    }

    private init(path: String, readOnlyQueue: DatabaseQueue) {
        self.path = path
        self.pool = readOnlyQueue
        self.isReadOnly = true
    }

    /// Opens the knowledge base at `path` for queries only: a read-only connection that never writes
    /// to the file. A missing file first becomes an empty knowledge base, and an older schema is
    /// brought up to date, through a short-lived read-write connection.
    public static func reading(path: String) throws -> KnowledgeBase {
        try checkHeader(path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 {
            let queue = try DatabaseQueue(path: path, configuration: configuration(readonly: true))
            if try schemaState(queue, path: path) { return KnowledgeBase(path: path, readOnlyQueue: queue) }
            try queue.close()
        }
        try KnowledgeBase(path: path).pool.close()
        return KnowledgeBase(path: path, readOnlyQueue: try DatabaseQueue(path: path, configuration: configuration(readonly: true)))
    }

    static func configuration(readonly: Bool) -> Configuration {
        var config = Configuration()
        config.readonly = readonly
        if !readonly { config.journalMode = .wal }
        config.foreignKeysEnabled = true
        // A second a11ykb waits for a writer instead of failing with "database is locked".
        config.busyMode = .timeout(10)
        config.label = "a11ykb"
        if !readonly {
            config.prepareDatabase { db in
                // An import is one transaction over every page it touches: a page cache that holds
                // them spares writing pages to the WAL again and again before the commit. WAL with
                // synchronous NORMAL stays consistent after a crash; it syncs at checkpoints.
                try db.execute(sql: "PRAGMA cache_size = -131072; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY")
            }
        }
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

    /// Whether the schema is current; throws for a database that is not ours or is newer than us.
    static func schemaState(_ queue: DatabaseQueue, path: String) throws -> Bool {
        try queue.read { db in
            guard try db.tableExists("grdb_migrations") else {
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
                if tables > 0 { throw OpenError.notAKnowledgeBase(path) }
                return false
            }
            if try migrator.hasBeenSuperseded(db) {
                let unknown = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                    .filter { !migrator.migrations.contains($0) }
                throw OpenError.newerSchema(path, unknown)
            }
            return try migrator.hasCompletedMigrations(db)
        }
    }

    static func migrateIfNeeded(_ queue: DatabaseQueue, path: String) throws {
        if try !schemaState(queue, path: path) { try migrator.migrate(queue) }
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

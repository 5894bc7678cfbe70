import Foundation
import GRDB

/// An a11ykb database: opened, checked, migrated.
///
/// Opening writes nothing: `reader` is a read-only connection, and the read-write connection is
/// opened by `writer()` only when something is about to be written (GRDB's WAL set-up writes a
/// transaction of its own on every read-write open). A query, `stats`, `sql`, a refused or an
/// unchanged import therefore leave the file's bytes as they were. The exceptions are creating a
/// new knowledge base and bringing an older schema up to date, which open the writer at once.
///
/// One process runs one command, so each connection is a serial `DatabaseQueue`; the file is in
/// WAL mode, so a reader in another process sees one consistent snapshot while an import writes.
///
/// The questions users ask of it are in `KnowledgeBase+Questions.swift`: that file is the library's
/// public API, and nothing of GRDB shows through it.
public final class KnowledgeBase: @unchecked Sendable {
    public let path: String
    /// Reads. Read-only: a statement that writes fails here.
    package let reader: DatabaseQueue
    private let writerLock = NSLock()
    private var openedWriter: DatabaseQueue?
    /// Whether `writer()` must check the file before its first write (an existing file).
    private var checkBeforeWriting: Bool

    /// Opens (creating when absent) the knowledge base at `path`, bringing its schema up to date.
    /// A file that is not SQLite, is another application's database or was written by a newer
    /// a11ykb is refused before anything is written to it.
    public init(path: String) throws {
        self.path = path
        try KnowledgeBase.checkHeader(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > 0 {
            // An existing file: look at it read-only first, and write only to migrate an older schema.
            let reader = try KnowledgeBase.openReader(path)
            checkBeforeWriting = true
            if try !KnowledgeBase.inspect(reader, path: path) {
                try KnowledgeBase.checkIntegrity(reader, path: path)
                checkBeforeWriting = false
                let writer = try KnowledgeBase.openWriter(path)
                try KnowledgeBase.migrator.migrate(writer)
                openedWriter = writer
            }
            self.reader = reader
        } else {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw StoreError.cannotCreate(path, error.localizedDescription)
                }
            }
            let writer: DatabaseQueue
            do {
                writer = try DatabaseQueue(path: path, configuration: KnowledgeBase.configuration(readonly: false))
            } catch {
                throw StoreError.cannotCreate(path, KnowledgeBase.reason(error))
            }
            try KnowledgeBase.migrator.migrate(writer)
            openedWriter = writer
            checkBeforeWriting = false
            reader = try KnowledgeBase.openReader(path)
        }
    }

    /// The read-write connection, opened on first use. Before the first write to an existing file
    /// every page is checked (`PRAGMA quick_check`): a corrupt knowledge base is refused, never
    /// written to. Queries skip that check; SQLite reports corruption on the pages they read.
    package func writer() throws -> DatabaseQueue {
        writerLock.lock()
        defer { writerLock.unlock() }
        if let openedWriter { return openedWriter }
        if checkBeforeWriting {
            try KnowledgeBase.checkIntegrity(reader, path: path)
            checkBeforeWriting = false
        }
        let writer = try KnowledgeBase.openWriter(path)
        openedWriter = writer
        return writer
    }

    /// Closes both connections (tests, and the default knowledge base's first-use seeding).
    public func close() throws {
        writerLock.lock()
        defer { writerLock.unlock() }
        try reader.close()
        try openedWriter?.close()
        openedWriter = nil
    }

    static func openReader(_ path: String) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: path, configuration: configuration(readonly: true))
        } catch {
            throw openError(error, path: path)
        }
    }

    static func openWriter(_ path: String) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: path, configuration: configuration(readonly: false))
        } catch {
            throw openError(error, path: path)
        }
    }

    static func openError(_ error: Error, path: String) -> Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_NOTADB: return StoreError.notADatabase(path)
        case .SQLITE_CORRUPT: return StoreError.corrupt(path, reason(error))
        default: return StoreError.cannotOpen(path, reason(error))
        }
    }

    /// SQLite's own words, without GRDB's "while executing" tail.
    static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return error.localizedDescription
    }

    static func configuration(readonly: Bool) -> Configuration {
        var config = Configuration()
        config.readonly = readonly
        config.foreignKeysEnabled = true
        // A second a11ykb waits for a writer instead of failing with "database is locked".
        config.busyMode = .timeout(10)
        config.label = "a11ykb"
        if !readonly {
            config.journalMode = .wal
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
        if header != Data("SQLite format 3\0".utf8) { throw StoreError.notADatabase(path) }
    }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for migration in EmbeddedResources.migrations {
            let sql = String(decoding: migration.sql, as: UTF8.self)
            migrator.registerMigration(migration.name) { db in
                try db.execute(sql: sql)
                // The vocabulary table is filled from a file built into a11ykb, which SQL cannot read.
                // SQL has no stemmer either, for the component index's forms.
                if migration.name == "0007_component_search" {
                    try EquivalentsTable.load(db)
                    try ComponentForms.rebuild(db)
                }
            }
        }
        return migrator
    }()

    /// Refuses another application's database and a newer schema; says whether the schema is
    /// complete. Reads the schema and the migrations table only, so it costs the same at any size.
    static func inspect(_ reader: DatabaseQueue, path: String) throws -> Bool {
        let state: (complete: Bool, superseded: Bool, foreign: Bool, unknown: [String])
        do {
            state = try reader.read { db in
                let hasMigrations = try db.tableExists("grdb_migrations")
                let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
                if !hasMigrations { return (false, false, tableCount > 0, []) }
                let unknown = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                    .filter { !migrator.migrations.contains($0) }
                return (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db), false, unknown)
            }
        } catch {
            throw openError(error, path: path)
        }
        if state.foreign { throw StoreError.notAKnowledgeBase(path) }
        if state.superseded || !state.unknown.isEmpty { throw StoreError.newerSchema(path, state.unknown) }
        return state.complete
    }

    /// Every page, cheaply (no index contents): refuses a corrupt file before it is written to.
    static func checkIntegrity(_ reader: DatabaseQueue, path: String) throws {
        let check: [String]
        do {
            check = try reader.read { try String.fetchAll($0, sql: "PRAGMA quick_check(5)") }
        } catch {
            throw openError(error, path: path)
        }
        if check != ["ok"] {
            throw StoreError.corrupt(path, check.first.map { "integrity check: \($0)" } ?? "integrity check failed")
        }
    }

    /// Rows per table, for `stats` and tests.
    package func counts() throws -> [(table: String, rows: Int)] {
        try reader.read { db in
            try KnowledgeBase.tables.map { table in
                (table, try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0)
            }
        }
    }

    /// What each source path held when it was last imported (its SHA-256), to skip unchanged files.
    func sourceHashes() throws -> [String: String] {
        try reader.read { db in
            Dictionary(try SourceRecord.fetchAll(db).map { ($0.path, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Runs `body` in one IMMEDIATE transaction of the writer, committed when it returns.
    func writeInTransaction<T>(_ body: (inout EntryWriter) throws -> T) throws -> T {
        try writer().writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                var writer = try EntryWriter(db: db)
                result = try body(&writer)
                return .commit
            }
            return result!
        }
    }

    /// The documented tables of docs/schema.md, in the order `stats` lists them.
    package static let tables = ["sources", "components", "platforms", "frameworks", "criteria", "guidance",
                                    "announcements", "gaps", "code_examples", "gherkin_steps", "wcag_criteria",
                                    "component_wcag", "notices", "equivalents"]
}

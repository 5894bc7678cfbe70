import Foundation
import GRDB
import KBFiles
import KBModel
import KBSQLiteSetup

/// An a11ykb database: opened, checked, migrated.
///
/// Opening writes nothing: `reader` is a read-only connection, and the read-write connection is
/// opened by `writer()` only when something is about to be written. A query, `stats`, `sql`, a
/// refused or an unchanged import therefore leave the file's bytes as they were. The exceptions
/// are creating a new knowledge base (built beside its path and linked into place, `create`) and
/// bringing an older schema up to date, which open the writer at once. On read-only media the
/// reader opens the file immutable; only `writer()` then fails, saying why.
///
/// One process runs one command, so each connection is a serial `DatabaseQueue`; the file is in
/// WAL mode, so a reader in another process sees one consistent snapshot while an import writes.
///
/// The questions users ask of it are in `KnowledgeBase+Questions.swift`: that file is the library's
/// public API, and nothing of GRDB shows through it.
public final class KnowledgeBase: @unchecked Sendable {
    public let path: String
    /// Reads. Read-only: a statement that writes fails here. An immutable reader (no write access:
    /// see `openReader`) assumes the file never changes; when its owner writes it anyway (an
    /// import), the next question opens it afresh instead of reading new pages through an old
    /// cache ("database disk image is malformed") or old pages alone (stale answers). A knowledge
    /// base a `ReadHandle` opened reads through a `DatabasePool`: one connection per question at once.
    package var reader: any DatabaseReader {
        readerLock.lock()
        defer { readerLock.unlock() }
        if let version = immutableVersion, version != FileVersion(path) {
            let now = FileVersion(path)
            if let fresh = try? KnowledgeBase.openReader(path) {
                openedReader = fresh
                immutableVersion = FileKind.needsImmutableReader(path) ? now : nil
            }
        }
        return openedReader
    }
    private var openedReader: any DatabaseReader
    private let readerLock = NSLock()

    /// The read transaction `inSnapshot` holds open, bound to the work running in it (a
    /// task-local, so that requests reading side by side through one pool each see their own).
    private final class Snapshot: @unchecked Sendable {
        let owner: ObjectIdentifier
        let db: Database
        /// The time and the withdrawal `inSnapshot` interrupts it at: a read within it under the
        /// same needs no watch of its own.
        let end: Date?
        let cancellation: Cancellation?
        init(_ owner: KnowledgeBase, _ db: Database, end: Date?) {
            self.owner = ObjectIdentifier(owner)
            self.db = db
            self.end = end
            cancellation = Cancellation.current
        }
    }
    @TaskLocal private static var snapshot: Snapshot?

    /// Set for a knowledge base opened to be read only (`init(reading:readers:)`): `writer()` refuses.
    private var readOnly = false

    /// The file as it was when the immutable reader opened it; nil for a reader SQLite keeps in step.
    private var immutableVersion: FileVersion?
    private let writerLock = NSLock()
    private var openedWriter: DatabaseQueue?
    /// Whether opening brought an existing file's older schema up to date (written in place: an
    /// older a11ykb can no longer read it), which a skin says, since a question changed the file.
    public private(set) var broughtUpToDate = false
    /// The writer's busy handler: how long it waits for another process's write lock.
    private let lockWait: LockWait
    /// Whether `writer()` must check the file before its first write (an existing file).
    private var checkBeforeWriting: Bool

    /// Opens (creating when absent) the knowledge base at `path`, bringing its schema up to date.
    /// A file that is not SQLite, is another application's database or was written by a newer
    /// a11ykb is refused before anything is written to it; so is a path that names anything but a
    /// regular file (a FIFO would block forever, a device or folder fail in SQLite's words).
    /// `followUps` fill what a layer above derives from a migration (see `Schema.FollowUps`).
    package init(path: String, followUps: Schema.FollowUps) throws {
        self.path = path
        let lockWait = LockWait()
        self.lockWait = lockWait
        let kind = FileKind(path)
        guard kind.isFileOrNew else { throw StoreError.notAFile(path, kind.article) }
        if kind == .missing { try KnowledgeBase.create(path, followUps: followUps) }
        try KnowledgeBase.checkHeader(path)
        if let size = FileKind.size(of: path), size > 0 {
            // An existing file: look at it read-only first, and write only to migrate an older schema.
            let version = FileVersion(path)
            let reader = try KnowledgeBase.openReader(path)
            immutableVersion = FileKind.needsImmutableReader(path) ? version : nil
            checkBeforeWriting = true
            if try !KnowledgeBase.inspect(reader, path: path) {
                try KnowledgeBase.checkIntegrity(reader, path: path)
                checkBeforeWriting = false
                try KnowledgeBase.checkWriteAccess(path, for: "bringing its schema up to date")
                let writer = try KnowledgeBase.openWriter(path, lockWait: lockWait)
                broughtUpToDate = try KnowledgeBase.migrate(writer, path: path, followUps: followUps)
                lockWait.bounded(by: KnowledgeBase.checkpointWait) { KnowledgeBase.checkpoint(writer) }
                openedWriter = writer
            }
            openedReader = reader
        } else {
            // An empty file (`touch kb.sqlite`, or a new one `create` is building): the schema is
            // written in place.
            let writer: DatabaseQueue
            do {
                writer = try DatabaseQueue(path: KnowledgeBase.fileName(path), configuration: KnowledgeBase.configuration(readonly: false, lockWait: lockWait))
            } catch {
                throw StoreError.cannotCreate(path, KnowledgeBase.reason(error))
            }
            if try KnowledgeBase.migrate(writer, path: path, followUps: followUps) {
                // The schema goes into the main file and the WAL back to nothing.
                _ = try? writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            }
            openedWriter = writer
            checkBeforeWriting = false
            openedReader = try KnowledgeBase.openReader(path)
        }
    }

    /// Opens the knowledge base at `path` to be read only: never created, migrated or written
    /// (`writer()` refuses), through a pool of `readers` connections (GRDB's `DatabasePool`, read-only,
    /// each question in a snapshot of its own). Refuses, before SQLite opens it, a path that holds
    /// nothing or an empty file (`noKnowledgeBase`), names no regular file, holds no SQLite
    /// database; then another application's database, a newer schema and an older one (which a
    /// reader cannot bring up to date). What a `ReadHandle` opens.
    package init(reading path: String, readers: Int) throws {
        self.path = path
        lockWait = LockWait()
        checkBeforeWriting = false
        readOnly = true
        let kind = FileKind(path)
        if kind == .missing { throw StoreError.noKnowledgeBase(path) }
        guard kind.isFileOrNew else { throw StoreError.notAFile(path, kind.article) }
        if FileKind.size(of: path) == 0 { throw StoreError.noKnowledgeBase(path) }
        try KnowledgeBase.checkHeader(path)
        let version = FileVersion(path)
        let reader: any DatabaseReader
        if FileKind.needsImmutableReader(path) {
            reader = try KnowledgeBase.openReader(path)
            immutableVersion = version
        } else {
            var config = KnowledgeBase.configuration(readonly: true)
            config.maximumReaderCount = max(1, readers)
            do {
                reader = try DatabasePool(path: KnowledgeBase.fileName(path), configuration: config)
            } catch {
                throw KnowledgeBase.openError(error, path: path)
            }
        }
        guard try KnowledgeBase.inspect(reader, path: path) else {
            // An SQLite file of no tables at all is no knowledge base of any age.
            let migrated = try? reader.read { try $0.hasTable("grdb_migrations") }
            throw migrated == true ? StoreError.olderSchema(path) : StoreError.notAKnowledgeBase(path)
        }
        openedReader = reader
    }

    /// Runs `body` with one of the reader's connections in one read transaction: every read a
    /// question makes through `read` within it sees the same snapshot of the file, however many
    /// there are, even while an import commits (WAL). What a server answers per request. Its
    /// statements are interrupted at `KnowledgeBase.answerBy` or when the work is withdrawn.
    public func inSnapshot<T>(_ body: () throws -> T) throws -> T {
        if let snapshot = Self.snapshot, snapshot.owner == ObjectIdentifier(self) { return try body() }
        let end = Self.answerBy
        return try reader.read { db in
            try Self.interrupting(db, at: end) {
                try Self.$snapshot.withValue(Snapshot(self, db, end: end)) { try body() }
            }
        }
    }

    /// Reads in one transaction of the reader, or in the snapshot `inSnapshot` holds; interrupted
    /// at `KnowledgeBase.answerBy` or when the work is withdrawn (`Cancellation.current`).
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        let end = Self.answerBy
        if let snapshot = Self.snapshot, snapshot.owner == ObjectIdentifier(self) {
            if end == snapshot.end, Cancellation.current === snapshot.cancellation { return try body(snapshot.db) }
            return try Self.interrupting(snapshot.db, at: end) { try body(snapshot.db) }
        }
        return try reader.read { db in try Self.interrupting(db, at: end) { try body(db) } }
    }

    /// Makes a new knowledge base at `path`: built whole in a file of its own beside it (schema,
    /// then whatever `filling` writes, then one checkpoint), and hard-linked into place. A link
    /// never replaces a file another process made meanwhile, so processes creating one path at
    /// once never meet half a schema: the first link wins and the others open that file. A build
    /// that fails (a full disk) leaves nothing behind.
    package static func create(_ path: String, followUps: Schema.FollowUps,
                               filling: (KnowledgeBase) throws -> Void = { _ in }) throws {
        let directory = FileKind.folder(of: path)
        if let problem = FileKind.makeFolders(directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory) {
            throw StoreError.cannotCreate(path, problem)
        }
        let temporary = FileKind.temporary(beside: path, in: directory, ending: "new")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw StoreError.cannotCreate(path, String(cString: strerror(errno))) }
        Foundation.close(fd)
        defer {
            for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) }
        }
        do {
            let fresh = try KnowledgeBase(path: temporary, followUps: followUps)
            try filling(fresh)
            _ = try fresh.writer().writeWithoutTransaction { try $0.checkpoint(.truncate) }
            try fresh.close()
        } catch let error as StoreError {
            throw StoreError.cannotCreate(path, error.reason)
        } catch {
            throw StoreError.cannotCreate(path, KnowledgeBase.reason(error))
        }
        if link(temporary, path) != 0 {
            if errno == EEXIST { return }
            // A file system without hard links: rename, which the file made meanwhile would lose to.
            if rename(temporary, path) != 0 { throw StoreError.cannotCreate(path, String(cString: strerror(errno))) }
        }
    }

    /// The read-write connection, opened on first use. Before the first write to an existing file
    /// every page is checked (`PRAGMA quick_check`): a corrupt knowledge base is refused, never
    /// written to. Queries skip that check; SQLite reports corruption on the pages they read.
    /// On read-only media, or without write access, only this fails: queries read on.
    /// `need` names the write in a refusal ("saving a plan needs to write the file").
    package func writer(for need: String = "import") throws -> DatabaseQueue {
        writerLock.lock()
        defer { writerLock.unlock() }
        if let openedWriter { return openedWriter }
        if readOnly { throw StoreError.readOnly(path, "it is open to be read only", need) }
        try KnowledgeBase.checkWriteAccess(path, for: need)
        if checkBeforeWriting {
            try KnowledgeBase.checkIntegrity(reader, path: path)
            checkBeforeWriting = false
        }
        let writer = try KnowledgeBase.openWriter(path, lockWait: lockWait)
        openedWriter = writer
        return writer
    }

    /// How a write waits for another process's lock: as long as it is held, or `limit` seconds;
    /// `onWaiting` is told once the wait passes a second.
    package func waitForLock(limit: TimeInterval?, onWaiting: (@Sendable () -> Void)?) {
        lockWait.configure(limit: limit, onWaiting: onWaiting)
    }

    /// Closes both connections (tests, and the default knowledge base's first-use seeding).
    public func close() throws {
        writerLock.lock()
        defer { writerLock.unlock() }
        try reader.close()
        try openedWriter?.close()
        openedWriter = nil
    }

    /// A read-only connection. On read-only media (or a file and folder nobody here can write),
    /// the file is opened immutable, since SQLite cannot make the `-shm` file a WAL reader needs.
    package static func openReader(_ path: String, configure: (inout Configuration) -> Void = { _ in }) throws -> DatabaseQueue {
        var config = configuration(readonly: true)
        configure(&config)
        do {
            if FileKind.needsImmutableReader(path) {
                return try DatabaseQueue(path: immutableURI(path), configuration: config)
            }
            return try DatabaseQueue(path: fileName(path), configuration: config)
        } catch {
            throw openError(error, path: path)
        }
    }

    /// A reader of a file someone else named (another knowledge base to compare): immutable, so
    /// that SQLite writes nothing beside it, no `-wal` or `-shm` (a read-only `DatabaseQueue` on a
    /// WAL file makes both). What a `-wal` holds is not read: an import folds it in when it ends.
    package static func openImmutableReader(_ path: String) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: immutableURI(path), configuration: configuration(readonly: true))
        } catch {
            throw openError(error, path: path)
        }
    }

    /// How an immutable reader's file stands to this a11ykb's schema: `current`, `older` (some
    /// migration this a11ykb knows is missing) or nil (not a knowledge base, or a newer one).
    package enum SchemaStanding { case current, older }

    package static func schemaStanding(_ queue: DatabaseQueue) throws -> SchemaStanding? {
        let state = try queue.read { try Schema.state($0) }
        guard !state.foreign, state.unknown.isEmpty, try queue.read({ try $0.hasTable("grdb_migrations") }) else { return nil }
        return state.complete ? .current : .older
    }

    /// A copy of the file an immutable reader holds, in a new temporary folder (the caller removes
    /// it): made with SQLite's backup, so the copy is one consistent state of the file.
    package static func copy(_ queue: DatabaseQueue) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("kb.sqlite")
        let target = try DatabaseQueue(path: file.path)
        try queue.backup(to: target)
        try target.close()
        return file
    }

    /// The path as SQLite must be given it to read it as a file name: SQLite reads a name that
    /// begins with `file:` as a URI (the name `file:kb.sqlite` once opened `kb.sqlite`), `./file:...` not.
    static func fileName(_ path: String) -> String {
        path.hasPrefix("file:") ? "./" + path : path
    }

    /// `file:PATH?immutable=1`: SQLite reads the file without locks or a `-shm` file.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?mode=ro&immutable=1"
    }

    static func openWriter(_ path: String, lockWait: LockWait) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: fileName(path), configuration: configuration(readonly: false, lockWait: lockWait))
        } catch {
            throw openError(error, path: path)
        }
    }

    /// Refuses a write this process cannot make, naming why, before SQLite fails in its words.
    static func checkWriteAccess(_ path: String, for need: String) throws {
        if let problem = FileKind.writeProblem(path) { throw StoreError.readOnly(path, problem, need) }
    }

    @discardableResult
    static func migrate(_ writer: DatabaseQueue, path: String, followUps: Schema.FollowUps) throws -> Bool {
        do {
            return try Schema.migrate(writer, followUps: followUps)
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

    /// `lockWait`: the writer's busy handler (a writer waits as long as another holds the lock).
    /// SQLite set up once, before the first connection this process opens: every connection of
    /// a knowledge base is made with `configuration`, which touches this first.
    private static let sqliteSetUp: Void = { _ = kb_sqlite_setup() }()

    static func configuration(readonly: Bool, lockWait: LockWait? = nil) -> Configuration {
        _ = sqliteSetUp
        var config = Configuration()
        config.readonly = readonly
        config.foreignKeysEnabled = true
        // A reader in WAL mode waits only while a writer sets the file up (its first open, a
        // recovery): ten seconds at most, and never past the time its question must be answered by.
        config.busyMode = .callback { tries in
            if let end = KnowledgeBase.answerBy, Date() >= end { return false }
            guard tries < 1000 else { return false }
            usleep(10_000)
            return true
        }
        if let lockWait { config.busyMode = .callback { lockWait.shouldRetry($0) } }
        config.label = "a11ykb"
        if !readonly {
            // WAL is set here rather than with GRDB's `.wal`, which also commits a table created and
            // dropped into an empty WAL at every open (for DatabasePool readers, which a11ykb does
            // not use): those committed frames were what a failed first import on a full disk could
            // not checkpoint, keeping its whole WAL. On a file already in WAL mode this writes nothing.
            config.prepareDatabase { db in
                // An import is one transaction over every page it touches: a page cache that holds
                // them spares writing pages to the WAL again and again before the commit. WAL with
                // synchronous NORMAL stays consistent after a crash; it syncs at checkpoints.
                try db.execute(sql: """
                    PRAGMA journal_mode = WAL; PRAGMA cache_size = -131072; PRAGMA synchronous = NORMAL;
                    PRAGMA temp_store = MEMORY
                    """)
            }
        }
        return config
    }

    /// An existing file that is not SQLite is refused before SQLite can do anything to it.
    package static func checkHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }
        if header != Data("SQLite format 3\0".utf8) { throw StoreError.notADatabase(path) }
    }

    /// Refuses another application's database and a newer schema; says whether the schema is
    /// complete. Reads the schema and the migrations table only, so it costs the same at any size.
    static func inspect(_ reader: any DatabaseReader, path: String) throws -> Bool {
        let state: Schema.State
        do {
            state = try reader.read { try Schema.state($0) }
        } catch {
            throw openError(error, path: path)
        }
        if state.foreign { throw StoreError.notAKnowledgeBase(path) }
        if !state.unknown.isEmpty { throw StoreError.newerSchema(path, state.unknown) }
        return state.complete
    }

    /// Every page, cheaply (no index contents): refuses a corrupt file before it is written to.
    static func checkIntegrity(_ reader: any DatabaseReader, path: String) throws {
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
        try read { db in
            try KnowledgeBase.tables.map { table in
                (table, try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0)
            }
        }
    }

    /// What each source held when it was last imported (its SHA-256), by where its file is
    /// (`SourceLocation.absolute`), to skip unchanged files.
    /// The slugs of the components each source holds, by where the source's file was.
    package func componentSlugs() throws -> [String: Set<String>] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(SourceLocation.absoluteSQL) AS location, c.slug FROM components c JOIN sources s ON s.id = c.source_id
                LEFT JOIN roots r ON r.id = s.root_id
                """)
            var out: [String: Set<String>] = [:]
            for row in rows { out[row["location"], default: []].insert(row["slug"]) }
            return out
        }
    }

    package func sourceHashes() throws -> [String: String] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(SourceLocation.absoluteSQL) AS location, s.sha256 FROM sources s LEFT JOIN roots r ON r.id = s.root_id
                """)
            return Dictionary(rows.map { ($0["location"], $0["sha256"]) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The sources whose facts depend on the sources at `paths`: those they superseded, and the
    /// captions attached to the components they hold. Removing `paths` takes those facts away.
    package func dependents(of paths: Set<String>) throws -> [String] {
        guard !paths.isEmpty else { return [] }
        return try read { db in
            let sources = try Row.fetchAll(db, sql: """
                SELECT s.id, \(SourceLocation.absoluteSQL) AS path, s.superseded_by FROM sources s LEFT JOIN roots r ON r.id = s.root_id
                """)
            var pathOf: [Int64: String] = [:]
            for row in sources { pathOf[row["id"]] = row["path"] }
            let goneIDs = Set(pathOf.filter { paths.contains($0.value) }.keys)
            var found = Set<String>()
            let captions = try Row.fetchAll(db, sql: """
                SELECT DISTINCT a.source_id AS caption, c.source_id AS owner FROM announcements a
                JOIN components c ON c.id = a.component_id WHERE a.origin = 'transcript'
                """)
            var goneCaptions = Set<Int64>()
            for row in captions where goneIDs.contains(row["owner"]) {
                goneCaptions.insert(row["caption"])
                if let path = pathOf[row["caption"]] { found.insert(path) }
            }
            // What the gone sources and their components' captions had superseded comes back.
            for row in sources {
                if let winner: Int64 = row["superseded_by"], goneIDs.contains(winner) || goneCaptions.contains(winner) {
                    found.insert(row["path"])
                }
            }
            return found.subtracting(paths).sorted()
        }
    }

    /// Every write ends here: the WAL is copied into the main file and truncated, so that the
    /// `.sqlite` file alone holds everything (a copy of it, an `immutable=1` or read-only open, a
    /// file published without its `-wal`). A process that exits without closing its connections
    /// would otherwise leave the last import in the `-wal` file. TRUNCATE waits (the busy handler)
    /// for readers of an older snapshot, at most `checkpointWait` after a commit: a reader may hold
    /// its snapshot for ever (a `sqlite3` shell left in `BEGIN`). Here (migrations) one that
    /// outlasts it is not an error; after an import's write it is (`foldWAL`,
    /// `StoreError.notCheckpointed`): the data is committed, but only in the WAL, and the import says so.
    static func checkpoint(_ writer: DatabaseQueue) {
        writer.writeWithoutTransaction { checkpoint($0) }
    }

    /// How long the checkpoint after a commit waits for readers of an older snapshot.
    package static let checkpointWait: TimeInterval = 5

    static func checkpoint(_ db: Database) {
        _ = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The checkpoint closing a write, which must complete: what kept it from copying every frame
    /// of the WAL into the file and truncating it, or nil when it did.
    static func foldWAL(_ db: Database) -> String? {
        do {
            guard let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") else { return "no checkpoint result" }
            let busy: Int = row[0], log: Int = row[1], done: Int = row[2]
            if busy != 0 { return "a reader of an older snapshot held the checkpoint past the wait" }
            if log != done { return "\(done) of \(log) WAL frames copied" }
            return nil
        } catch {
            return reason(error)
        }
    }

    /// Runs `body` in one IMMEDIATE transaction of the writer, committed when it returns, then
    /// folds the WAL into the database file (`checkpoint`). Taking the lock waits
    /// for another import as `waitForLock` says. A write that fails (a full disk) rolls back, and
    /// the WAL it grew is given back to the disk.
    ///
    /// SQLite would checkpoint inside the COMMIT (its automatic checkpoint runs after each commit
    /// that leaves the WAL over 1000 pages); doing it as a step of its own after the commit does
    /// that work once, truncates the WAL, and lets `ImportStages` tell the two apart.
    package func writeInTransaction<T>(stages: ImportStages? = nil, _ body: (inout EntryWriter) throws -> T) throws -> T {
        let writer = try writer()
        do {
            return try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
                defer { try? db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") }
                var result: T?
                var bodyEnd: UInt64 = 0
                try db.inTransaction(.immediate) {
                    var writer = try EntryWriter(db: db, stages: stages)
                    result = try body(&writer)
                    bodyEnd = ImportStages.now()
                    return .commit
                }
                guard let result else { throw StoreError.writeFailed(path, "the import returned nothing") }
                stages?.add(.commit, since: bodyEnd)
                let problem = stages.measure(.checkpoint) {
                    lockWait.bounded(by: KnowledgeBase.checkpointWait) { KnowledgeBase.foldWAL(db) }
                }
                if let problem { throw StoreError.notCheckpointed(path, problem) }
                return result
            }
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_BUSY {
                throw StoreError.locked(path, seconds: lockWait.currentLimit ?? 0)
            }
            releaseWAL(writer)
            throw StoreError.writeFailed(path, KnowledgeBase.reason(error))
        }
    }

    /// Checkpoints and truncates the WAL after a failed write, without waiting for anyone: the
    /// rolled-back pages still took the disk's space (8 MB of `-wal` on a full disk).
    private func releaseWAL(_ writer: DatabaseQueue) {
        let limit = lockWait.currentLimit
        lockWait.configure(limit: 0, onWaiting: nil)
        _ = try? writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        lockWait.configure(limit: limit, onWaiting: nil)
    }

    /// The documented tables of docs/schema.md, in the order `stats` lists them.
    package static let tables = ["sources", "roots", "components", "platforms", "frameworks", "criteria", "guidance",
                                    "announcements", "gaps", "code_examples", "gherkin_steps", "wcag_criteria",
                                    "component_wcag", "inferred_wcag", "tests_nothing", "videos", "notices", "equivalents",
                                    "rules", "rule_sc", "rule_tags", "rule_act_ids"]
}

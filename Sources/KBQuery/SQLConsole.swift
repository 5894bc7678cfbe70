import Foundation
import GRDB
import GRDBSQLite
import KBStore
import KBSearch

/// Ad hoc SQL over a knowledge base, read only: the connection is opened read-only with
/// `query_only` on, and every statement is checked before it runs, so that a write, ATTACH,
/// `load_extension` or a writing PRAGMA is refused with a reason instead of an SQLite error code.
package enum SQLConsole {
    /// PRAGMAs that only read.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "foreign_key_check", "database_list", "collation_list", "function_list", "module_list", "pragma_list",
        "compile_options", "user_version", "schema_version", "application_id", "page_count", "page_size",
        "freelist_count", "integrity_check", "quick_check", "encoding", "journal_mode", "data_version",
    ]

    /// PRAGMAs that read and take an argument: `table_info(components)`, `quick_check(10)`.
    static let readingPragmasWithArgument: Set<String> = [
        "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "foreign_key_check", "integrity_check", "quick_check", "table_list",
    ]

    /// Rows one statement may return before it is stopped (a runaway query that yields rows
    /// instead of spinning would otherwise fill the memory before the time limit).
    static let maxRows = 1_000_000

    /// Bytes of values all statements together may return by default (a skin may raise it): 20
    /// rows of 100 MB once took 5.9 GB of memory to print.
    package static let defaultMaxBytes = 64 << 20

    /// Runs `sql` (one or more statements) and returns each statement's rows. Every statement is
    /// checked before any runs: one refusal refuses the whole text. A query still running at the
    /// deadline is stopped; rows past `maxBytes` bytes of values (0: no limit) stop it too.
    package static func run(path: String, sql: String, deadline: Deadline, maxBytes: Int = defaultMaxBytes) throws -> [ResultSet] {
        try run(path: path, sql: sql, deadline: deadline, maxBytes: maxBytes, showing: 0).map(\.shown)
    }

    /// `run`, each statement's rows past the first `showing` (0: none left out) counted, not kept.
    package static func run(path: String, sql: String, deadline: Deadline, maxBytes: Int = defaultMaxBytes,
                            showing: Int) throws -> [ShownRows] {
        let queue = try KnowledgeBase.openReader(path) { config in
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA query_only = 1")
                // No value, not even one in between, may be twice the cap: SQLite refuses to make it
                // rather than allocate it (`zeroblob(900000000)` was 900 MB before any row came
                // out). Twice, since `printf()` does not refuse at the limit but returns '' (as
                // past SQLite's own 1 GB): a value a little over the cap is told as over the cap.
                if maxBytes > 0 { sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, Int32(clamping: 2 * maxBytes)) }
            }
        }
        do {
            try deadline.check()
            return try queue.read { db in try KnowledgeBase.interrupting(db, at: deadline.end) {
                var statements: [Statement] = []
                let cursor = try db.allStatements(sql: sql)
                while let statement = try cursor.next() {
                    try check(statement)
                    statements.append(statement)
                }
                if statements.isEmpty { throw QueryError.refused("no SQL statement to run") }
                var budget = ResultSet.Budget(maxBytes: maxBytes)
                return try statements.map {
                    try ResultSet.fetch($0, maxRows: maxRows, budget: &budget, keeping: showing > 0 ? showing : .max)
                }
            } }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw deadline.interruption
        } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG && maxBytes > 0 {
            throw QueryError.outputTooLarge(maxBytes: maxBytes)
        } catch let error as DatabaseError {
            // One line: SQLite's message, without GRDB's echo of the (possibly multi-line) statement.
            throw QueryError.sqlFailed(error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }

    static func check(_ statement: Statement) throws {
        let keywords = leadingKeywords(statement.sql, count: 2)
        let first = keywords.first ?? ""
        if first == "ATTACH" || first == "DETACH" {
            throw QueryError.refused("\(first) is refused: SQL here reads this knowledge base only")
        }
        if statement.sql.range(of: "load_extension", options: .caseInsensitive) != nil {
            throw QueryError.refused("load_extension is refused: SQL here loads no extensions")
        }
        if first == "PRAGMA" {
            let name = keywords.count > 1 ? keywords[1].lowercased() : ""
            let bare = name.split(separator: ".").last.map(String.init) ?? name
            // `PRAGMA user_version = 5` and `PRAGMA user_version(5)` both write.
            let assigns = statement.sql.contains("=")
                || statement.sql.contains("(") && !readingPragmasWithArgument.contains(bare)
            if !readingPragmas.contains(bare) || assigns {
                throw QueryError.refused("PRAGMA \(bare) is refused: only PRAGMAs that read are allowed")
            }
            return
        }
        if first == "VACUUM" || !statement.isReadonly {
            throw QueryError.refused("\(first.isEmpty ? "this statement" : first) is refused: SQL here is read-only (the knowledge base changes only by an import)")
        }
    }

    /// The first words of a statement, comments skipped, upper-cased.
    static func leadingKeywords(_ sql: String, count: Int) -> [String] {
        var words: [String] = []
        var i = sql.startIndex
        while i < sql.endIndex, words.count < count {
            let c = sql[i]
            if c.isWhitespace { i = sql.index(after: i); continue }
            if sql[i...].hasPrefix("--") {
                i = sql[i...].firstIndex(of: "\n") ?? sql.endIndex
                continue
            }
            if sql[i...].hasPrefix("/*") {
                i = sql[i...].range(of: "*/")?.upperBound ?? sql.endIndex
                continue
            }
            let word = sql[i...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            if word.isEmpty { break }
            words.append(word.uppercased())
            i = word.endIndex
        }
        return words
    }
}

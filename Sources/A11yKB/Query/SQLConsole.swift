import Foundation
import GRDB

/// Ad hoc SQL over a knowledge base, read only: the connection is opened read-only with
/// `query_only` on, and every statement is checked before it runs, so that a write, ATTACH,
/// `load_extension` or a writing PRAGMA is refused with a reason instead of an SQLite error code.
public enum SQLConsole {
    public struct ResultSet: Sendable {
        public var columns: [String]
        public var rows: [[DatabaseValue]]
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// PRAGMAs that only read.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "foreign_key_check", "database_list", "collation_list", "function_list", "module_list", "pragma_list",
        "compile_options", "user_version", "schema_version", "application_id", "page_count", "page_size",
        "freelist_count", "integrity_check", "quick_check", "encoding", "journal_mode", "data_version",
    ]

    public static func run(_ kb: KnowledgeBase, sql: String, timeout: TimeInterval = 10) throws -> [ResultSet] {
        guard kb.isReadOnly else { throw Refusal(description: "a11ykb sql needs a read-only knowledge base (KnowledgeBase.reading)") }
        let queue = kb.pool
        try queue.inDatabase { db in try db.execute(sql: "PRAGMA query_only = 1") }
        let timer = DispatchWorkItem { queue.interrupt() }
        if timeout > 0 { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer) }
        defer { timer.cancel() }
        do {
            return try queue.read { db in
                var results: [ResultSet] = []
                let statements = try db.allStatements(sql: sql)
                while let statement = try statements.next() {
                    try check(statement)
                    let rows = try Row.fetchAll(statement)
                    results.append(ResultSet(columns: statement.columnNames,
                                             rows: rows.map { row in row.databaseValues.map { $0 } }))
                }
                return results
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw Refusal(description: "query stopped after \(Int(timeout)) s; raise the limit with --timeout SECONDS")
        }
    }

    static func check(_ statement: Statement) throws {
        let keywords = leadingKeywords(statement.sql, count: 2)
        let first = keywords.first ?? ""
        if first == "ATTACH" || first == "DETACH" {
            throw Refusal(description: "\(first) is refused: a11ykb sql reads this knowledge base only")
        }
        if statement.sql.range(of: "load_extension", options: .caseInsensitive) != nil {
            throw Refusal(description: "load_extension is refused: a11ykb sql loads no extensions")
        }
        if first == "PRAGMA" {
            let name = keywords.count > 1 ? keywords[1].lowercased() : ""
            let bare = name.split(separator: ".").last.map(String.init) ?? name
            let assigns = statement.sql.contains("=")
            if !readingPragmas.contains(bare) || assigns {
                throw Refusal(description: "PRAGMA \(bare) is refused: only PRAGMAs that read are allowed")
            }
            return
        }
        if first == "VACUUM" || !statement.isReadonly {
            throw Refusal(description: "\(first.isEmpty ? "this statement" : first) is refused: a11ykb sql is read-only (the knowledge base changes only through a11ykb import)")
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

import Foundation
import GRDB
import GRDBSQLite

/// What the component index holds of a query's phrases, read in one pass over the index: for each
/// component holding any of them, in which columns it holds each phrase and how often (weighted as
/// bm25 weighs the columns).
///
/// The evidence ranking needs, per word, where each component holds it (title, labels, facts, only
/// code), and bm25 over all the words. Asked as FTS5 queries, that was four queries per word (every
/// holder, then per column group) and a bm25 pass that scans each phrase's whole doclist again for
/// its idf: several times the work of the one query a user's words make. An auxiliary function
/// (`a11ykb_evidence`, registered once per connection) reads the instances FTS5 has already found
/// for the row, so one query over all the words gives both. bm25 is computed from the same counts
/// by FTS5's own formula (`bm25(row:)`), so the ranking is unchanged.
struct EvidencePass {
    /// search_components' columns, as bits of `columns`.
    static let title = 1, category = 2, body = 4, labels = 8, code = 16

    /// The components holding any phrase, in the index's order.
    var ids: [Int64] = []
    /// Each row's tokens in its title and over every column (the index's record of them,
    /// `sizes`); -1 when the index holds none for the row.
    var titleTokens: [Int] = []
    var tokens: [Int] = []
    /// Row r's phrases are `hitStart[r]..<hitStart[r + 1]` of the hit arrays.
    var hitStart: [Int] = [0]
    var hitPhrase: [Int] = []
    var hitColumns: [Int] = []
    var hitFrequency: [Double] = []
    /// How many rows hold each phrase (bm25's idf: every row holding one is in the pass).
    var phraseRows: [Int]
    /// bm25's N and average document length, as FTS5 reads them.
    var rowCount = 0.0
    var averageTokens = 0.0

    /// Reads every component holding any phrase of `expression`, which has `phrases` phrases.
    init(_ db: Database, expression: String, phrases: Int) throws {
        phraseRows = Array(repeating: 0, count: phrases)
        try EvidenceFunction.register(db)
        let weights = ComponentListing.columnWeights
        let sql = "SELECT rowid, \(EvidenceFunction.name)(search_components, \(weights.title), \(weights.category), \(weights.body), "
            + "\(weights.labels), \(weights.code)) FROM search_components WHERE search_components MATCH ?"
        // The blob read where SQLite holds it, not bridged row by row (thousands of rows).
        let statement = try db.cachedStatement(sql: sql)
        let rows = try Int64.fetchCursor(statement, arguments: [expression])
        while let id = try rows.next() {
            ids.append(id)
            let size = Int(sqlite3_column_bytes(statement.sqliteStatement, 1))
            guard size >= EvidenceFunction.header * 8, let blob = sqlite3_column_blob(statement.sqliteStatement, 1) else {
                throw DatabaseError(message: "\(EvidenceFunction.name) returned no evidence")
            }
            let bytes = UnsafeRawBufferPointer(start: blob, count: size)
            func value(_ index: Int) -> Double { bytes.loadUnaligned(fromByteOffset: index * 8, as: Double.self) }
            guard Int(value(0)) == phrases else {
                throw DatabaseError(message: "\(EvidenceFunction.name): \(Int(value(0))) phrases, expected \(phrases)")
            }
            rowCount = value(1)
            averageTokens = rowCount > 0 ? value(2) / rowCount : 0
            var index = EvidenceFunction.header
            while (index + 3) * 8 <= size {
                let phrase = Int(value(index))
                hitPhrase.append(phrase)
                hitColumns.append(Int(value(index + 1)))
                hitFrequency.append(value(index + 2))
                phraseRows[phrase] += 1
                index += 3
            }
            hitStart.append(hitPhrase.count)
        }
        // Every row's sizes, read after the pass: by key for a few rows, in one scan of the
        // index's record for many. FTS5's own lookup from inside the function (`xColumnSize`) cost
        // a statement per row: at 20,000 components, 28 M instructions a question where the
        // rows whose title holds a word were 8,000 of them, and the others were scanned anyway.
        let sizes = try Self.sizes(db, ids)
        for id in ids {
            let size = sizes[id]
            titleTokens.append(size?.title ?? -1)
            tokens.append(size?.all ?? -1)
        }
    }

    /// One component holding a word (`RankingIndex.postings`): the columns holding it (bits, as
    /// `title`...`code`) and how often, each instance weighted by its column as the pass weighs them.
    struct Posting: Sendable {
        let id: Int64
        let columns: Int
        let frequency: Double
        /// Where the row's instances are in the word's positions (`RankingIndex.positions`).
        var positions: Range<Int> = 0..<0
    }

    /// The same pass, answered from the words a long-running reader holds with their positions
    /// (`RankingIndex.postings`, tokenized from the documents the index was made of): for an
    /// expression of phrases joined by OR, the rows holding any and what each holds, in the order
    /// of the rows, as FTS5 reads them: a word's postings, a phrase of several words where its
    /// words' positions follow each other. Nil for any other expression (a prefix, an operator:
    /// asked of FTS5).
    init?(held: RankingIndex, expression: String, phrases: Int, plain: IndexTokenizer) {
        guard held.postingsHeld, let texts = Self.words(of: expression), texts.count == phrases else { return nil }
        phraseRows = Array(repeating: 0, count: phrases)
        var holders: [[Posting]] = []
        for text in texts {
            let tokens = plain.words(text)
            guard let first = tokens.first else { return nil }
            holders.append(tokens.count == 1 ? held.postings[first] ?? [] : held.phrasePostings(tokens))
        }
        // Laid out by row as FTS5 gives them (ascending ids: a count per id, ids are dense), each
        // row's hits in the order of the phrases.
        let rows = Int(held.maxComponentID) + 1
        var hitsOf = [Int](repeating: 0, count: rows + 1)
        for postings in holders {
            for posting in postings {
                guard posting.id >= 0 && Int(posting.id) < rows else { return nil }
                hitsOf[Int(posting.id) + 1] += 1
            }
        }
        for id in 0..<rows where hitsOf[id + 1] > 0 {
            ids.append(Int64(id))
            hitStart.append(hitStart[hitStart.count - 1] + hitsOf[id + 1])
            // Every row's sizes, as the pass over FTS5 reads them.
            let size = held.sizes[Int64(id)]
            titleTokens.append(size?.title ?? -1)
            tokens.append(size?.all ?? -1)
        }
        if !ids.isEmpty {
            rowCount = Double(held.componentRows)
            averageTokens = rowCount > 0 ? Double(held.componentTokens) / rowCount : 0
        }
        // Where each row's next hit goes.
        var next = [Int](repeating: 0, count: rows)
        for (row, id) in ids.enumerated() { next[Int(id)] = hitStart[row] }
        hitPhrase = [Int](repeating: 0, count: hitStart[hitStart.count - 1])
        hitColumns = hitPhrase
        hitFrequency = [Double](repeating: 0, count: hitPhrase.count)
        for (phrase, postings) in holders.enumerated() {
            for posting in postings {
                let at = next[Int(posting.id)]
                hitPhrase[at] = phrase
                hitColumns[at] = posting.columns
                hitFrequency[at] = posting.frequency
                next[Int(posting.id)] += 1
                phraseRows[phrase] += 1
            }
        }
    }

    /// The phrases of an expression of quoted phrases joined by OR (parentheses allowed), as
    /// written; nil when it holds anything else (another operator, a prefix, a quote inside a
    /// phrase, phrases side by side, which FTS5 reads as AND).
    static func words(of expression: String) -> [String]? {
        let bytes = Array(expression.utf8)
        var words: [String] = []
        var index = 0, depth = 0
        var wantsPhrase = true
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "):
                index += 1
            case UInt8(ascii: "("):
                guard wantsPhrase else { return nil }
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                guard !wantsPhrase, depth > 0 else { return nil }
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                guard wantsPhrase, let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")),
                      end + 1 == bytes.count || bytes[end + 1] != UInt8(ascii: "\"") else { return nil }
                words.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                wantsPhrase = false
                index = end + 1
            case UInt8(ascii: "O"):
                guard !wantsPhrase, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "R"), bytes[index + 2] == UInt8(ascii: " ") else { return nil }
                wantsPhrase = true
                index += 2
            default:
                return nil
            }
        }
        return wantsPhrase || depth != 0 ? nil : words
    }

    /// FTS5's bm25 of row `row`, whose text is `tokens` long, over the phrases (fts5_aux.c: k1 1.2,
    /// b 0.75, an idf of at most nothing counted as 1e-6), negative as FTS5 returns it: lower is
    /// better.
    func bm25(row: Int, tokens: Int) -> Double {
        var score = 0.0
        for hit in hitStart[row]..<hitStart[row + 1] {
            let idf = BM25.idf(rows: rowCount, holding: Double(phraseRows[hitPhrase[hit]]))
            score += BM25.share(idf: idf, frequency: hitFrequency[hit], tokens: Double(tokens), averageTokens: averageTokens)
        }
        return -score
    }

    /// The tokens of each component's title and of its whole text, as the index counted them: the
    /// index's own record of them (`search_components_docsize`: per row, one varint per column,
    /// SQLite's varint), read for the rows that need them: by key, or in one scan when they are many;
    /// or held, every row's, by a long-running reader's index (`RankingIndex.sizes`).
    static func sizes(_ db: Database, held: RankingIndex? = nil, _ ids: [Int64]) throws -> [Int64: (title: Int, all: Int)] {
        guard !ids.isEmpty else { return [:] }
        if let held {
            var sizes: [Int64: (title: Int, all: Int)] = [:]
            for id in ids { if let size = held.sizes[id] { sizes[id] = size } }
            return sizes
        }
        var sizes: [Int64: (title: Int, all: Int)] = [:]
        sizes.reserveCapacity(ids.count)
        // A lookup by key per row, stepped by hand (a statement per row through the row decoder
        // cost ten times the lookup); for many rows, one scan of the table in key order.
        let scan = ids.count > 64 && ids.count * 8 > rowCountHint(db)
        let statement = try db.cachedStatement(sql: scan ? "SELECT sz, id FROM search_components_docsize" : "SELECT sz, id FROM search_components_docsize WHERE id = ?")
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let wanted = scan ? Set(ids) : []
        var next = 0
        sqlite3_reset(handle)
        while true {
            if !scan {
                guard next < ids.count else { break }
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, ids[next])
                next += 1
            }
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { if scan { break } else { continue } }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let id = sqlite3_column_int64(handle, 1)
            if scan && !wanted.contains(id) { continue }
            let count = Int(sqlite3_column_bytes(handle, 0))
            guard count > 0, let blob = sqlite3_column_blob(handle, 0) else { continue }
            let bytes = UnsafeRawBufferPointer(start: blob, count: count)
            var title = -1, all = 0, value = 0
            for byte in bytes {
                value = value << 7 | Int(byte & 0x7f)
                if byte & 0x80 == 0 {
                    if title < 0 { title = value }
                    all += value
                    value = 0
                }
            }
            sizes[id] = (max(title, 0), all)
        }
        return sizes
    }

    /// About how many rows the index has (SQLite's own estimate of the table's keys is not kept;
    /// the largest key is, and keys are dense).
    private static func rowCountHint(_ db: Database) -> Int {
        let largest = try? Int.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM search_components_docsize"))
        return (largest ?? nil) ?? 0
    }

    /// The phrases of an FTS5 expression, in order, as FTS5 numbers them: each quoted string
    /// (`""` inside is a quote) is one phrase; the expressions search writes quote every word.
    static func phraseCount(_ expression: String) -> Int {
        var count = 0
        var inside = false
        var bytes = expression.utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            guard byte == UInt8(ascii: "\"") else { continue }
            if !inside {
                inside = true
            } else if pending == UInt8(ascii: "\"") {
                pending = bytes.next()
            } else {
                inside = false
                count += 1
            }
        }
        return count
    }
}

/// The auxiliary function behind `EvidencePass`: `a11ykb_evidence(search_components, weights...)`
/// returns, for the current row, a blob of doubles: the query's phrase count, the index's row count
/// and token total, then for each phrase the row holds: the phrase, the columns holding it (bits),
/// and its instances weighted by column. The rows' lengths are read after the pass
/// (`EvidencePass.sizes`), not by FTS5 row by row.
enum EvidenceFunction {
    static let name = "a11ykb_evidence"
    static let header = 3

    /// Registered once per connection: FTS5 also declares the name to SQLite, which is how a
    /// connection that has it is told apart.
    static func register(_ db: Database) throws {
        var statement: OpaquePointer?
        let known = sqlite3_prepare_v2(db.sqliteConnection, "SELECT \(name)()", -1, &statement, nil) == SQLITE_OK
        sqlite3_finalize(statement)
        if known { return }
        guard let api = FTS5API.of(db), let create = api.pointee.xCreateFunction else {
            throw DatabaseError(message: "FTS5 is not available")
        }
        let code = create(api, name, nil, { api, fts, context, count, values in
            guard let api = api?.pointee, let fts, let context else { return }
            let phrases = Int(api.xPhraseCount(fts))
            // The column weights, once per row rather than once per instance.
            var weights = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
            withUnsafeMutableBytes(of: &weights) { buffer in
                let weight = buffer.bindMemory(to: Double.self)
                for column in 0..<min(Int(count), weight.count) { weight[column] = sqlite3_value_double(values?[column]) }
            }
            // The index's row count and token total, once per query (kept as the query's
            // auxiliary data): FTS5 reads them from its record at every call, two reads of a
            // blob per row, 52 M instructions of a question at 20,000 components.
            let totals: UnsafeMutablePointer<Int64>
            if let kept = api.xGetAuxdata(fts, 0) {
                totals = kept.assumingMemoryBound(to: Int64.self)
            } else {
                guard let made = malloc(2 * MemoryLayout<Int64>.size) else { return }
                totals = made.assumingMemoryBound(to: Int64.self)
                totals[0] = 0
                totals[1] = 0
                _ = api.xRowCount(fts, totals)
                _ = api.xColumnTotalSize(fts, -1, totals + 1)
                guard api.xSetAuxdata(fts, made, free) == SQLITE_OK else { return }
            }
            // On the stack: FTS5 calls this once per row of a pass over thousands.
            withUnsafeTemporaryAllocation(of: Double.self, capacity: EvidenceFunction.header + 3 * phrases) { out in
                out[0] = Double(phrases)
                out[1] = Double(totals[0])
                out[2] = Double(totals[1])
                var used = EvidenceFunction.header
                withUnsafeBytes(of: weights) { buffer in
                    let weight = buffer.bindMemory(to: Double.self)
                    for phrase in 0..<Int32(phrases) {
                        var iterator = Fts5PhraseIter()
                        var column: Int32 = -1, offset: Int32 = 0
                        guard api.xPhraseFirst(fts, phrase, &iterator, &column, &offset) == SQLITE_OK else { continue }
                        var columns = 0
                        var frequency = 0.0
                        while column >= 0 {
                            columns |= 1 << Int(column)
                            frequency += Int(column) < weight.count ? weight[Int(column)] : 1
                            api.xPhraseNext(fts, &iterator, &column, &offset)
                        }
                        guard columns != 0 else { continue }
                        out[used] = Double(phrase)
                        out[used + 1] = Double(columns)
                        out[used + 2] = frequency
                        used += 3
                    }
                }
                sqlite3_result_blob(context, out.baseAddress, Int32(used * 8), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }, nil)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "FTS5 function \(name) could not be made") }
    }
}

import Foundation
import GRDB
import GRDBSQLite

/// SQLite's own FTS5 tokenizers, called from Swift: the words of a text exactly as the indexes see
/// them. `porter` gives the stems of the fact index (search_index: `dimmed` → `dim`), `unicode61`
/// the unstemmed words of the component index (search_components: `activates`). Marking matches,
/// choosing a fact's best words and finding a word's other forms all use these, so that what a
/// search marks is what the index matched, with no second stemmer to drift from SQLite's.
final class IndexTokenizer {
    /// One token: the word as the tokenizer folded it, and where it sits in the UTF-8 text.
    struct Token: Equatable, Sendable {
        var text: String
        var start: Int
        var end: Int
    }

    private let methods: fts5_tokenizer
    private let instance: OpaquePointer

    /// `porter`: stemmed as the fact index; `plain`: case and diacritics folded only, as the
    /// component index.
    enum Kind { case porter, plain }

    init(_ db: Database, _ kind: Kind) throws {
        guard let api = FTS5API.of(db) else { throw DatabaseError(message: "FTS5 is not available") }
        let (name, arguments) = kind == .porter
            ? ("porter", ["unicode61", "remove_diacritics", "2"]) : ("unicode61", ["remove_diacritics", "2"])
        var userData: UnsafeMutableRawPointer?
        var methods = fts5_tokenizer()
        guard api.pointee.xFindTokenizer(api, name, &userData, &methods) == SQLITE_OK, let create = methods.xCreate else {
            throw DatabaseError(message: "FTS5 tokenizer \(name) not found")
        }
        var created: OpaquePointer?
        let cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        var argv = cArguments.map { UnsafePointer<CChar>($0) }
        let code = argv.withUnsafeMutableBufferPointer { create(userData, $0.baseAddress, Int32($0.count), &created) }
        guard code == SQLITE_OK, let created else { throw DatabaseError(message: "FTS5 tokenizer \(name) could not be created") }
        self.methods = methods
        instance = created
    }

    deinit { methods.xDelete?(instance) }

    /// The tokens of `utf8`, in order. `limit` bounds the work: tokenizing stops at the first
    /// token that starts past it.
    func tokens(_ utf8: [UInt8], limit: Int = .max) -> [Token] {
        final class Collector {
            var tokens: [Token] = []
            let limit: Int
            init(limit: Int) { self.limit = limit }
        }
        let collector = Collector(limit: limit)
        let text = utf8.count > limit ? Array(utf8[..<min(utf8.count, limit)]) : utf8
        let context = Unmanaged.passUnretained(collector).toOpaque()
        text.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                _ = methods.xTokenize(instance, context, FTS5_TOKENIZE_DOCUMENT, base, Int32(buffer.count)) { context, _, token, length, start, end in
                    guard let context, let token else { return SQLITE_OK }
                    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                    let bytes = UnsafeRawBufferPointer(start: token, count: Int(length))
                    collector.tokens.append(Token(text: String(decoding: bytes, as: UTF8.self), start: Int(start), end: Int(end)))
                    return SQLITE_OK
                }
            }
        }
        return collector.tokens
    }

    func tokens(_ text: String, limit: Int = .max) -> [Token] { tokens(Array(text.utf8), limit: limit) }

    /// The stems (or folded words) of a short text, e.g. a query word: `Dimmed` → `dim`. Kept:
    /// reading a question asks for the same words many times over (a tokenizer is one question's).
    func words(_ text: String) -> [String] {
        if let words = wordsOf[text] { return words }
        let words = tokens(text).map(\.text)
        wordsOf[text] = words
        return words
    }

    private var wordsOf: [String: [String]] = [:]
}

// Test helpers exist in debug builds only: `swift build -c release` builds every target, and
// this one imports XCTest and A11yKB for testing, which release builds (static stdlib) lack.
#if DEBUG
import A11yKB
@testable import KBModel
@testable import KBStore
@testable import KBImport
@testable import KBQuery
import Foundation
import GRDB
import XCTest

/// Paths and knowledge bases the tests share.
public enum Fixtures {
    public static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let seedFolder = repoRoot.appendingPathComponent("seed")
    public static let corpusFolder = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// What each folder of the shared corpus is, for a skip message that names what is missing.
    static let corpusNames = [
        "magentaA11y-2026": "today's MagentaA11y checkout", "magentaA11y-2024": "the 2024 (Jekyll) MagentaA11y checkout",
        "wcag": "W3C's wcag.json", "act-rules": "the W3C ACT rules", "axe-core": "axe-core's rules", "evidence": "the testing tools' output files",
        "openacr": "GSA's OpenACR schema, catalogs and example reports", "trusted-tester": "the Trusted Tester 5.1.3 test conditions",
    ]

    public static func seed(_ name: String) throws -> String {
        try String(contentsOf: seedFolder.appendingPathComponent(name), encoding: .utf8)
    }

    /// A fresh, empty folder removed when the test ends.
    public static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A new empty knowledge base file, a copy of one made once per test process (its schema
    /// and follow-ups as a new file gets them).
    public static func emptyKnowledgeBase(_ test: XCTestCase) throws -> KnowledgeBase {
        try KnowledgeBase(path: copy(try emptyTemplate.get(), test))
    }

    /// A knowledge base holding the repository's `seed/` folder, imported as a user would: the
    /// import runs once per test process and each test gets a copy of the closed file (an import
    /// per test cost ~0.3 s, over a hundred times in a run).
    public static func seededKnowledgeBase(_ test: XCTestCase) throws -> KnowledgeBase {
        try KnowledgeBase(path: copy(try seededTemplate.get(), test))
    }

    private static let emptyTemplate = Result { () throws -> String in
        let path = try TemplateFolder.path("empty.sqlite")
        try KnowledgeBase(path: path).close()
        return path
    }

    private static let seededTemplate = Result { () throws -> String in
        let path = try TemplateFolder.path("seeded.sqlite")
        let kb = try KnowledgeBase(path: path)
        let summary = try Importer(kb).importPaths([seedFolder.path])
        guard summary.errors.isEmpty else { throw TemplateError(message: "the seed imports with errors: \(summary.errors)") }
        try kb.close()
        return path
    }

    /// A knowledge base holding `paths`, each imported in turn as a user would: a copy of one made
    /// once per test process for these paths (an import of today's checkout costs seconds).
    public static func importedKnowledgeBase(_ paths: [URL], _ test: XCTestCase) throws -> KnowledgeBase {
        let template = try ImportTemplates.path(for: paths.map(\.path)) { path in
            let kb = try KnowledgeBase(path: path)
            for source in paths { _ = try Importer(kb).importPaths([source.path]) }
            try kb.close()
        }
        return try KnowledgeBase(path: copy(template, test))
    }

    private static func copy(_ template: String, _ test: XCTestCase) throws -> String {
        let path = try temporaryFolder(test).appendingPathComponent("kb.sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        return path
    }

    /// The shared corpus, or a skip that says why it is missing.
    public static func corpus(_ name: String) throws -> URL {
        let url = corpusFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            let first = name.split(separator: "/").first.map(String.init) ?? name
            let what = Fixtures.corpusNames[first] ?? (first.isEmpty ? "the shared corpus" : "the shared corpus's \(first)")
            throw XCTSkip("\(what) not found at \(url.path): the tests over it skip (the README's \"Tests and ../shared\" says what ../shared is)")
        }
        return url
    }

    public static func rows(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try kb.reader.read { try Row.fetchAll($0, sql: sql, arguments: arguments) }
    }

    public static func strings(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws -> [String] {
        try kb.reader.read { try String.fetchAll($0, sql: sql, arguments: arguments) }
    }

    public static func int(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws -> Int {
        try kb.reader.read { try Int.fetchOne($0, sql: sql, arguments: arguments) ?? -1 }
    }
}

/// One import of each corpus checkout for the whole test process: the tests over it only read.
public enum CorpusImports {
    nonisolated(unsafe) static var imported: [String: (KnowledgeBase, ImportSummary)] = [:]
    nonisolated(unsafe) static var folder: URL?

    /// The knowledge base holding the checkout `name` (`magentaA11y-2026`, `magentaA11y-2024`),
    /// imported as a user would, and the import's summary; skips without the corpus.
    public static func checkout(_ name: String) throws -> (KnowledgeBase, ImportSummary) {
        let checkout = try Fixtures.corpus(name)
        if let done = imported[name] { return done }
        if folder == nil {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-corpus-\(UUID().uuidString)")
            folder = url
            atexit { if let url = CorpusImports.folder { try? FileManager.default.removeItem(at: url) } }
        }
        let kb = try KnowledgeBase(path: folder!.appendingPathComponent("\(name).sqlite").path)
        let summary = try Importer(kb).importPaths([checkout.path])
        imported[name] = (kb, summary)
        return (kb, summary)
    }
}
extension XCTestCase {
    /// `a11ykb ARGUMENTS` refuses in one line on stderr that says `expected`, status 2, nothing on
    /// stdout; the run, for what else a test checks of it.
    @discardableResult
    public func assertRefusedInOneLine(_ arguments: [String], saying expected: String,
                                       file: StaticString = #filePath, line: UInt = #line) throws -> Fixtures.Run {
        let run = try Fixtures.run(arguments)
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.contains(expected), run.stderr, file: file, line: line)
        return run
    }
}

/// The folder of the knowledge bases made once per test process, removed when it exits.
private enum TemplateFolder {
    static let url: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-templates-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        templateFolderPath = url.path
        atexit { if let path = templateFolderPath { try? FileManager.default.removeItem(atPath: path) } }
        return url
    }()

    static func path(_ name: String) throws -> String {
        guard FileManager.default.fileExists(atPath: url.path) else { throw TemplateError(message: "cannot make \(url.path)") }
        return url.appendingPathComponent(name).path
    }
}

/// The knowledge bases made once per test process for a list of imported paths.
private enum ImportTemplates {
    nonisolated(unsafe) static var made: [[String]: String] = [:]
    static let lock = NSLock()

    static func path(for sources: [String], make: (String) throws -> Void) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = made[sources] { return path }
        let path = try TemplateFolder.path("imported-\(made.count).sqlite")
        do { try make(path) } catch { try? FileManager.default.removeItem(atPath: path); throw error }
        made[sources] = path
        return path
    }
}

nonisolated(unsafe) private var templateFolderPath: String?

struct TemplateError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
#endif

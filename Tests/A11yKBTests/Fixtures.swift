import A11yKB
import Foundation
import GRDB
import XCTest

/// Paths and knowledge bases the tests share.
enum Fixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let seedFolder = repoRoot.appendingPathComponent("seed")
    static let corpusFolder = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func seed(_ name: String) throws -> String {
        try String(contentsOf: seedFolder.appendingPathComponent(name), encoding: .utf8)
    }

    /// A fresh, empty folder removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A new empty knowledge base file.
    static func emptyKnowledgeBase(_ test: XCTestCase) throws -> KnowledgeBase {
        try KnowledgeBase(path: temporaryFolder(test).appendingPathComponent("kb.sqlite").path)
    }

    /// A knowledge base holding the repository's `seed/` folder, imported as a user would.
    static func seededKnowledgeBase(_ test: XCTestCase) throws -> KnowledgeBase {
        let kb = try emptyKnowledgeBase(test)
        let summary = try Importer(kb).importPaths([seedFolder.path])
        XCTAssertEqual(summary.errors, [], "the seed imports without errors")
        return kb
    }

    /// The shared corpus, or a skip that says why it is missing.
    static func corpus(_ name: String) throws -> URL {
        let url = corpusFolder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("corpus not found at \(url.path): tests over the MagentaA11y corpus skipped (clone with ../shared beside the project to run them)")
        }
        return url
    }

    static func rows(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try kb.reader.read { try Row.fetchAll($0, sql: sql, arguments: arguments) }
    }

    static func strings(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws -> [String] {
        try kb.reader.read { try String.fetchAll($0, sql: sql, arguments: arguments) }
    }

    static func int(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws -> Int {
        try kb.reader.read { try Int.fetchOne($0, sql: sql, arguments: arguments) ?? -1 }
    }

    /// The built `a11ykb` executable, beside the test bundle.
    static var executable: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("a11ykb")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("a11ykb")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the executable with `arguments` and `environment` added to a clean one.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        var env = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "NO_COLOR": "1"]
        env.merge(environment) { _, new in new }
        return try runProcess(executable, arguments, environment: env)
    }

    /// Runs a program to its end; `environment` nil keeps this process's.
    static func runProcess(_ program: URL, _ arguments: [String], environment: [String: String]?) throws -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }
}

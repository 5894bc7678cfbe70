import A11yKB
import Foundation
import GRDB
@testable import KBImport
@testable import KBStore
import TestSupport
import XCTest

/// A knowledge base is a file anyone may hand over: its rows never choose which local file
/// `eras` (`diff COMPONENT --eras`, MCP `diff_knowledge_bases` with a component) reads. Only the
/// file the knowledge base recorded, below the root it was imported from, is read again.
final class UntrustedSourceTests: XCTestCase {
    /// The seed's Jekyll entry and the markdown entry that supersedes it, imported from a
    /// checkout folder of their own; and a secret beside that folder that reads as an entry.
    func knowledgeBase() throws -> (kb: KnowledgeBase, checkout: URL, secret: URL) {
        let folder = try Fixtures.temporaryFolder(self)
        let checkout = folder.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        for name in ["reorder-data-row.jekyll.md", "reorder-data-row.md"] {
            try FileManager.default.copyItem(at: Fixtures.seedFolder.appendingPathComponent(name), to: checkout.appendingPathComponent(name))
        }
        let kb = try KnowledgeBase(path: folder.appendingPathComponent("kb.sqlite").path)
        _ = try kb.importFiles([checkout.path])
        XCTAssertEqual(try Fixtures.int(kb, "SELECT count(*) FROM sources WHERE superseded_by IS NOT NULL"), 1)
        let secret = folder.appendingPathComponent("secret.md")
        try Fixtures.seed("reorder-data-row.jekyll.md")
            .replacingOccurrences(of: "Purpose is clear and matches visible label", with: "SECRETLINE private key here")
            .write(to: secret, atomically: true, encoding: .utf8)
        return (kb, checkout, secret)
    }

    func craft(_ kb: KnowledgeBase, _ sql: String, _ arguments: StatementArguments = []) throws {
        try kb.writer().write { try $0.execute(sql: sql, arguments: arguments) }
    }

    func assertRefused(_ kb: KnowledgeBase, naming: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try kb.eras(of: "reorder-data-row"), file: file, line: line) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("refusing to read ") && message.contains(naming), message, file: file, line: line)
            XCTAssertFalse(message.contains("SECRETLINE"), message, file: file, line: line)
            XCTAssertFalse(message.contains("\n"), message, file: file, line: line)
        }
    }

    func testErasReadsTheFileTheKnowledgeBaseRecordedAndNothingElse() throws {
        let (kb, checkout, _) = try knowledgeBase()
        let honest = try kb.eras(of: "reorder-data-row")
        XCTAssertEqual(honest.changed.map(\.component), ["native/reorder-data-row"])
        // The same file changed since it was imported is not what the knowledge base recorded.
        let jekyll = checkout.appendingPathComponent("reorder-data-row.jekyll.md")
        try (String(contentsOf: jekyll, encoding: .utf8) + "\n").write(to: jekyll, atomically: true, encoding: .utf8)
        assertRefused(kb, naming: jekyll.path)
    }

    func testACraftedRowCannotLeaveItsRoot() throws {
        let (kb, _, _) = try knowledgeBase()
        try craft(kb, "UPDATE sources SET path = '../secret.md' WHERE superseded_by IS NOT NULL")
        assertRefused(kb, naming: "../secret.md")
    }

    func testACraftedRootCannotNameAnyFile() throws {
        let (kb, _, secret) = try knowledgeBase()
        try craft(kb, "INSERT INTO roots (path) VALUES ('/')")
        try craft(kb, "UPDATE sources SET root_id = (SELECT id FROM roots WHERE path = '/'), path = ? WHERE superseded_by IS NOT NULL",
                  [String(secret.path.dropFirst())])
        assertRefused(kb, naming: secret.path)
    }

    func testALinkInsideTheRootCannotReachOutOfIt() throws {
        let (kb, checkout, secret) = try knowledgeBase()
        try FileManager.default.createSymbolicLink(atPath: checkout.appendingPathComponent("link.md").path, withDestinationPath: secret.path)
        let bytes = try Data(contentsOf: secret)
        try craft(kb, "UPDATE sources SET path = 'link.md', bytes = ?, sha256 = ? WHERE superseded_by IS NOT NULL",
                  [bytes.count, SHA256.hex(bytes)])
        assertRefused(kb, naming: "link.md")
    }
}

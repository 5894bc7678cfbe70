import A11yKB
import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// The server's `?format=` takes its document's formats (`Document.formats`) and refuses every
/// other: a format added to a document is downloadable with it.
final class ServerFormatChoicesTests: XCTestCase {
    func testAPlanAndTheMatrixDownloadInTheirDocumentsFormats() async throws {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        let c = InProcessClient(try TeamServer.environment(path: try Fixtures.servedKnowledgeBase(), configuration: configuration))
        for (path, document) in [("/plans/release%2012", ChecklistDocument.formats), ("/api/matrix", Matrix.formats)] {
            for format in DocumentFormat.allCases {
                let reply = try await c.get("\(path)?format=\(format.rawValue)")
                if document.contains(format) {
                    XCTAssertEqual(reply.status, .ok, "\(path) in \(format.rawValue): \(reply.body.prefix(200))")
                    XCTAssertEqual(reply.headers[.contentType], format == .json ? "application/json; charset=utf-8" : format.mediaType,
                                   "\(path) in \(format.rawValue)")
                } else {
                    XCTAssertEqual(reply.status, .badRequest, "\(path) in \(format.rawValue)")
                    XCTAssertTrue(reply.body.contains(document.map(\.rawValue).joined(separator: ", ")), "the formats there are: \(reply.body.prefix(300))")
                }
            }
        }
    }
}

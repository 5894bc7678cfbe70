import A11yKB
import A11yKBServer
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// A client's mistake is said as the client's (4xx, with the reason), never as the server's.
final class ClientMistakeTests: XCTestCase {
    func client() throws -> InProcessClient {
        var configuration = ServerConfiguration()
        configuration.accessLog = false
        return InProcessClient(try TeamServer.environment(path: try Fixtures.servedKnowledgeBase(), configuration: configuration))
    }

    /// Protocol 2025-06-18 has no batches: -32600 saying so, not a parse error of valid JSON.
    func testABatchIsRefusedAsABatch() async throws {
        let c = try client()
        let batch = try await c.mcp(#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]"#)
        let error = try XCTUnwrap((batch.json as? [String: Any])?["error"] as? [String: Any], batch.body)
        XCTAssertEqual(error["code"] as? Int, -32600, batch.body)
        XCTAssertTrue((error["message"] as? String ?? "").contains("batches are not supported"), batch.body)
    }

    /// The question is answered before the validator: a missing component is 404 whatever the
    /// client holds; a present one is 304 to its tag.
    func testAMissingComponentIsNotFoundWhateverTheClientHolds() async throws {
        let c = try client()
        let present = try await c.get("/api/components/web/button")
        let tag = try XCTUnwrap(present.headers[.eTag])
        for path in ["/components/web/no-such-thing", "/api/components/native/no-such-thing", "/wcag/9.9.9"] {
            for held in ["*", tag] {
                let reply = try await c.get(path, headers: [.ifNoneMatch: held])
                XCTAssertEqual(reply.status, .notFound, "\(path) If-None-Match: \(held)")
            }
        }
        let unchanged = try await c.get("/components/web/button", headers: [.ifNoneMatch: tag])
        XCTAssertEqual(unchanged.status, .notModified)
    }

    /// A slug both families use (toggle-switch) is answered as the command line's `compare`
    /// answers it, naming both and asking which: 300 with each family's address, on the API and
    /// the pages (before: 400 saying "FAMILY/SLUG", which no address here takes); `family=` narrows.
    func testASlugOfBothFamiliesIsAChoiceOfAddresses() async throws {
        let c = try client()
        let api = try await c.get("/api/compare/toggle-switch")
        XCTAssertEqual(api.status, .multipleChoices, api.body)
        let object = try XCTUnwrap(api.json as? [String: Any], api.body)
        let choices = try XCTUnwrap(object["choices"] as? [[String: String]], api.body)
        XCTAssertEqual(choices.map { $0["component"] }, ["native/toggle-switch", "web/toggle-switch"])
        XCTAssertEqual(choices.map { $0["href"] }, ["/api/compare/toggle-switch?family=native", "/api/compare/toggle-switch?family=web"])
        XCTAssertTrue((object["error"] as? String ?? "").contains("/api/compare/toggle-switch?family=web"), api.body)
        for choice in choices {
            let answer = try await c.get(try XCTUnwrap(choice["href"]))
            XCTAssertEqual(answer.status, .ok, answer.body.prefix(300).description)
        }
        let page = try await c.get("/compare/toggle-switch")
        XCTAssertEqual(page.status, .multipleChoices, page.body)
        XCTAssertTrue(page.body.contains("<a href=\"/compare/toggle-switch?family=web\">web/toggle-switch</a>"), page.body)
        let narrowed = try await c.get("/compare/toggle-switch?family=web")
        XCTAssertEqual(narrowed.status, .ok)
    }

    /// A component name near none is said so, with where the components are listed: the home
    /// page (before: three unrelated names as "closest").
    func testAComponentNearNoNameSaysWhereTheyAreListed() async throws {
        let c = try client()
        let reply = try await c.get("/api/components/web/zzzqqq")
        XCTAssertEqual(reply.status, .notFound)
        XCTAssertEqual((reply.json as? [String: Any])?["error"] as? String,
                       "no component \"zzzqqq\", and no name near it (the home page, /, lists them)", reply.body)
    }

    /// A query the search cannot read is the client's: 400 with the reason, on the pages and the API.
    func testAQueryTheSearchCannotReadIsABadRequest() async throws {
        let c = try client()
        let long = (1...65).map { "word\($0)" }.joined(separator: "+")
        for q in ["%22", "*", "(", "OR", "NOT+dimmed", long] {
            for route in ["/api/search", "/search"] {
                let reply = try await c.get("\(route)?q=\(q)")
                XCTAssertEqual(reply.status, .badRequest, "\(route)?q=\(q.prefix(20)): \(reply.body.prefix(300))")
                XCTAssertNil(reply.headers[.retryAfter], "no coming back will help")
            }
        }
    }
}

import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The JSON API's routes: one per question, each answering with the JSON the command line writes
/// for `--format json` (the same renderer), tagged with the knowledge base's version. It holds
/// what it answers from: the readers and the answers kept.
struct APIController: Sendable {
    let answers: CachedAnswers

    var routes: Routes {
        var routes = Routes()
        routes.get("/api/search", summary: "components best first (&family=, &platform=, &limit= narrow)", example: "/api/search?q=toggle+voiceover") { request, context in
            guard let (text, options) = try SearchParameters.of(request.uri, context: context).question else {
                throw RequestFault.badRequest("search needs q, the words to look for: /api/search?q=toggle")
            }
            return try await answers.cached(request, type: .json, bytes: { kb in ByteBuffer(bytes: try API.search(kb, text, options)) })
        }
        routes.get("/api/components/:family/:slug", summary: "a component's criteria, announcements, notes and code",
                   example: "/api/components/web/button") { request, context in
            let (family, slug) = try API.component(context)
            return try await answers.cached(request, type: .json) { kb in try API.component(kb, slug, family) }
        }
        routes.get("/api/compare/:slug", summary: "a component's platforms side by side (a slug both families use: 300 with each family's address; ?family= narrows)",
                   example: "/api/compare/toggle-switch?family=native") { request, context in
            let slug = try context.parameters.decoded("slug")
            let family = try request.uri.decodeQuery(as: FamilyParameter.self, context: context).family
            return try await answers.cached(request, type: .json) { kb in
                try Answering.comparison(kb, slug, family) { "/api" + Links.compare(slug, $0) }.json.rendered()
            }
        }
        routes.get("/api/wcag/:sc", summary: "the components and rules that test a success criterion", example: "/api/wcag/1.4.3") { request, context in
            let sc = try context.parameters.decoded("sc")
            return try await answers.cached(request, type: .json) { kb in
                guard case .criterion(let tests) = try Answering.criterion(kb, sc) else {
                    throw RequestFault.notFound("no success criterion \(sc): give its number, such as 1.4.3")
                }
                return try CriterionTestsDocument(tests).rendered(.json)
            }
        }
        routes.get("/api/coverage", summary: "what tests each success criterion (?level=, &plan=, &family=, &platform=, &format=csv)",
                   example: "/api/coverage?level=AA") { request, context in
            let format = try request.uri.decodeQuery(as: CoverageFormatParameter.self, context: context).format
            let selection = try request.uri.decodeQuery(as: CoverageSelection.self, context: context)
            return try await answers.cached(request, type: format == .csv ? .csv("coverage.csv") : .json) { kb in
                try CoverageDocument(try selection.coverage(kb)).rendered(DocumentFormat(format))
            }
        }
        routes.get("/api/matrix", summary: "every component's criteria by platform (?format=json, &cells=, &platforms=, &family=)",
                   example: "/api/matrix?format=json") { request, context in
            let asked = try request.uri.decodeQuery(as: MatrixParameters.self, context: context)
            return try await answers.cached(request, type: asked.format == .csv ? .csv("matrix.csv") : .json) { kb in
                let options = Matrix.Options(platforms: try Platform.typed(asked.platforms), family: asked.family)
                var writer = try Matrix.writer(asked.format, options: DocumentOptions(cells: asked.cells))
                var bytes: [UInt8] = []
                try kb.matrix(options) { writer.append($0, to: &bytes) }
                writer.finish(to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        // The JSON twins of the home page and the plans' pages: what `list`, `plan list` and
        // `plan show --format json` write.
        routes.get("/api/components", summary: "every component with how many facts it holds (?family= narrows)",
                   example: "/api/components?family=web") { request, context in
            let family = try request.uri.decodeQuery(as: FamilyParameter.self, context: context).family
            return try await answers.cached(request, type: .json) { kb in
                try kb.list(.components, family: family).tabular.rendered(.json)
            }
        }
        routes.get("/api/plans", summary: "the saved test plans", example: "/api/plans") { request, _ in
            try await answers.cached(request, type: .json) { kb in try kb.plans().tabular.rendered(.json) }
        }
        // No example: a plan's name is the team's own (`/api/plans` lists them).
        routes.get("/api/plans/:name", summary: "a saved plan's checklist as the knowledge base holds it now (a name /api/plans lists)") { request, context in
            let name = try context.parameters.decoded("name")
            return try await answers.cached(request, type: .json) { kb in
                guard try kb.plans().contains(where: { $0.name == name }) else { throw RequestFault.notFound("no test plan \(name) is saved") }
                let (plan, checklist) = try kb.plan(name)
                return try ChecklistDocument(checklist, footer: try kb.teamFooter(), title: "Test plan \(plan.name)").rendered(.json)
            }
        }
        let index = API.index(routes.all)
        routes.get("/api") { _, _ in Responses.json(index) }
        return routes
    }
}

/// The JSON API's answers, as the routes and the load run's floor make them.
package enum API {

    /// `/api`'s answer: each route of the API (those declared with a summary), what it answers
    /// and an address to try, in the order declared.
    static func index(_ routes: [Routes.Route]) -> String {
        struct Entry: Encodable {
            let method: String, path: String, answers: String, example: String?
        }
        let entries = routes.compactMap { route in
            route.summary.map { Entry(method: route.method.rawValue, path: route.path, answers: $0, example: route.example) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(["routes": entries])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// `/api/search`'s answer (the load run's floor makes the same call): its JSON's bytes, as
    /// written (the server sends bytes; made a String, the document's UTF-8 was checked again).
    package static func search(_ kb: KnowledgeBase, _ text: String, _ options: SearchOptions) throws -> [UInt8] {
        try kb.findComponents(text, options: options, timeout: 0).document().json()
    }

    /// `/api/components/:family/:slug`'s answer.
    package static func component(_ kb: KnowledgeBase, _ slug: String, _ family: Family) throws -> String {
        try AcceptanceCriteriaDocument(try kb.component(slug, family: family)).rendered(.json)
    }

    static func component(_ context: TeamServer.Context) throws -> (Family, String) {
        let familyName = try context.parameters.decoded("family")
        guard let family = Family(rawValue: familyName) else {
            throw RequestFault.notFound("no family \(familyName): native, web or how-to-test")
        }
        return (family, try context.parameters.decoded("slug"))
    }
}

/// Which components a coverage question is about: a saved plan, or a family and platform
/// (`?plan=`, `&family=`, `&platform=`, `&level=`).
struct CoverageSelection: Decodable, Sendable {
    var plan: String?
    var family: Family?
    var platform: Platform?
    var level: WCAGLevel

    private enum CodingKeys: String, CodingKey { case plan, family, platform, level }

    init(from decoder: any Decoder) throws {
        let query = try decoder.container(keyedBy: CodingKeys.self)
        plan = try query.text(.plan)
        family = try query.family(.family)
        platform = try query.platform(.platform)
        level = try query.choice(.level, WCAGLevel.allCases.map(\.rawValue)).map { try WCAGLevel(typed: $0) } ?? .aa
    }

    func coverage(_ kb: KnowledgeBase) throws -> Coverage {
        if let plan { return try kb.coverage(plan: plan, level: level) }
        return try kb.coverage(family: family, platform: platform, level: level)
    }
}

/// The answers a route family shares: which component a slug names, and what tests a criterion.
enum Answering {
    /// A component's platforms side by side. A slug both families use is answered as the command
    /// line's `compare` answers it, naming both and asking which, here as 300 Multiple Choices
    /// with each family's `address`.
    static func comparison(_ kb: KnowledgeBase, _ slug: String, _ family: Family?, address: (Family) -> String) throws -> Comparison {
        do {
            return try kb.compare(component: slug, family: family)
        } catch QueryError.ambiguousComponent(_, let candidates) {
            let choices = candidates.compactMap(ComponentName.init).map { RequestFault.Choice(name: $0.description, href: address($0.family)) }
            throw RequestFault.multipleChoices("\"\(slug)\" names a component of more than one family; ask for one: "
                                               + choices.map(\.href).joined(separator: " or "), choices: choices)
        }
    }

    /// What tests the criterion `sc`: one the knowledge base does not hold is not found (404).
    static func criterion(_ kb: KnowledgeBase, _ sc: String) throws -> WCAGAnswer {
        do {
            return try kb.wcag(sc)
        } catch QueryError.invalidOption(let message) {
            throw RequestFault.notFound(message)
        }
    }
}

import A11yKB
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The pages' routes, holding what they need: the templates (`Pages`) and what they answer from.
/// Each page is a template over the context its page type builds; a page with a JSON twin names
/// the API route answering the same question.
struct PagesController: Sendable {
    let pages: Pages
    let answers: CachedAnswers

    var routes: Routes {
        var routes = Routes()
        routes.get("/", twin: "/api/components") { request, _ in
            try await answers.cached(request, type: .html) { kb in
                let catalog = try kb.catalog()
                let families = Family.allCases.compactMap { family -> [String: Any]? in
                    let components = catalog.components.filter { $0.family == family }
                    guard !components.isEmpty else { return nil }
                    return ["id": family.rawValue, "name": Words.family(family), "count": components.count,
                            "components": components.map { ["title": $0.title, "href": Links.component($0.family, $0.slug)] }]
                }
                return pages.render("home", ["title": "Accessibility acceptance criteria", "families": families])
            }
        }
        routes.get("/search", twin: "/api/search") { request, context in
            guard let (text, options) = try SearchParameters.of(request.uri, context: context).question else {
                return Response(status: .seeOther, headers: [.location: "/"])
            }
            return try await answers.cached(request, type: .html) { kb in
                pages.render("search", try SearchPage.context(kb, text, options))
            }
        }
        routes.get("/components/:family/:slug", twin: "/api/components/:family/:slug") { request, context in
            let (family, slug) = try API.component(context)
            return try await answers.cached(request, type: .html) { kb in
                pages.render("component", try ComponentPage.context(kb, try kb.component(slug, family: family)))
            }
        }
        routes.get("/compare/:slug", twin: "/api/compare/:slug") { request, context in
            let slug = try context.parameters.decoded("slug")
            let family = try request.uri.decodeQuery(as: FamilyParameter.self, context: context).family
            return try await answers.cached(request, type: .html) { kb in
                pages.render("compare", ComparePage.context(try Answering.comparison(kb, slug, family) { Links.compare(slug, $0) }))
            }
        }
        routes.get("/wcag/:sc", twin: "/api/wcag/:sc") { request, context in
            let sc = try context.parameters.decoded("sc")
            return try await answers.cached(request, type: .html) { kb in
                guard case .criterion(let tests) = try Answering.criterion(kb, sc) else {
                    throw RequestFault.notFound("no success criterion \(sc): give its number, such as 1.4.3")
                }
                return pages.render("criterion", StandardsPages.criterion(tests))
            }
        }
        routes.get("/coverage", twin: "/api/coverage") { request, context in
            let selection = try request.uri.decodeQuery(as: CoverageSelection.self, context: context)
            return try await answers.cached(request, type: .html) { kb in
                pages.render("coverage", StandardsPages.coverage(try selection.coverage(kb), selection))
            }
        }
        routes.get("/plans", twin: "/api/plans") { request, _ in
            try await answers.cached(request, type: .html) { kb in
                pages.render("plans", PlanPages.list(try kb.plans()))
            }
        }
        // What a conformance report of the plan leaves to a person: a base to fill (or the list as CSV or JSON).
        routes.get("/plans/:name/todo") { request, context in
            let name = try context.parameters.decoded("name")
            let format = try request.uri.decodeQuery(as: FormatParameter<ConformanceTodo>.self, context: context).format ?? .openacr
            return try await answers.cached(request, type: .csv("")) { kb in
                guard try kb.plans().contains(where: { $0.name == name }) else { throw RequestFault.notFound("no test plan \(name) is saved") }
                return try kb.conformanceTodo(plan: name).rendered(format)
            }.withDownload(name: "\(name)-todo.\(format.fileExtension)", type: format.mediaType)
        }
        routes.get("/plans/:name", twin: "/api/plans/:name") { request, context in
            let name = try context.parameters.decoded("name")
            // Every format a checklist is written in downloads; the page offers those a team uses most.
            if let format = try request.uri.decodeQuery(as: FormatParameter<ChecklistDocument>.self, context: context).format {
                return try await answers.cached(request, type: .csv("")) { kb in
                    guard try kb.plans().contains(where: { $0.name == name }) else { throw RequestFault.notFound("no test plan \(name) is saved") }
                    let (_, checklist) = try kb.plan(name)
                    return try ChecklistDocument(checklist, footer: try kb.teamFooter(), title: "Test plan \(name)").rendered(format)
                }.withDownload(name: "\(name).\(format.fileExtension)", type: format.mediaType)
            }
            return try await answers.cached(request, type: .html) { kb in
                guard try kb.plans().contains(where: { $0.name == name }) else { throw RequestFault.notFound("no test plan \(name) is saved") }
                let (plan, checklist) = try kb.plan(name)
                return pages.render("plan", PlanPages.plan(plan, checklist))
            }
        }
        return routes
    }
}

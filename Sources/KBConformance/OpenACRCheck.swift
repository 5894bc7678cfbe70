import Foundation
import KBQuery

/// A report checked against GSA's schema and the catalog it names (or the one given where it
/// names none), and, when strict, against what a report handed to a buyer must meet:
/// - schema: the required fields and their types (`OpenACRReading`);
/// - catalog: a known catalog; every chapter and criterion in it; every component one the
///   criterion takes; every level one of the five terms (or empty: not stated);
/// - strict: every criterion of every chapter present for each component the report claims (a
///   chapter marked disabled excepted), no Not Evaluated below AAA, no empty level, a note on
///   every Partially Supports, Does Not Support and Not Applicable, an author's email.
public enum OpenACRCheck {
    public static func check(_ report: OpenACRReport, catalog fallback: String? = nil, strict: Bool = false) -> [OpenACRProblem] {
        var problems: [OpenACRProblem] = []
        let catalogID = report.catalog ?? fallback
        guard let catalogID else {
            return [OpenACRProblem(.catalog, "the report names no catalog; name one to check it against")]
        }
        guard let catalog = OpenACRCatalog.named(catalogID) else {
            return [OpenACRProblem(.catalog, "no catalog \"\(catalogID)\"; known: " + OpenACRCatalog.builtInIDs.joined(separator: ", "))]
        }
        let terms = Set(AdherenceLevel.allCases.map(\.rawValue))
        for chapter in report.chapters {
            guard let known = catalog.chapter(chapter.id) else {
                problems.append(OpenACRProblem(.catalog, chapter: chapter.id, "no such chapter in \(catalog.id)"))
                continue
            }
            for criterion in chapter.criteria ?? [] {
                guard let entry = known.criteria.first(where: { $0.id == criterion.num }) else {
                    problems.append(OpenACRProblem(.catalog, chapter: chapter.id, criterion: criterion.num, "no such criterion in this chapter of \(catalog.id)"))
                    continue
                }
                for component in criterion.components ?? [] {
                    if !entry.components.contains(component.name) {
                        problems.append(OpenACRProblem(.catalog, chapter: chapter.id, criterion: criterion.num, component: component.name,
                                                       "not a component of this criterion (it takes: \(entry.components.joined(separator: ", ")))"))
                    }
                    guard let adherence = component.adherence else { continue }
                    let level = adherence.level ?? ""
                    if !level.isEmpty && !terms.contains(level) {
                        problems.append(OpenACRProblem(.catalog, chapter: chapter.id, criterion: criterion.num, component: component.name,
                                                       "level \"\(level)\" is not one of: " + AdherenceLevel.allCases.map(\.rawValue).joined(separator: ", ")))
                    }
                }
            }
        }
        if strict { problems += strictProblems(report, catalog) }
        return problems
    }

    static func strictProblems(_ report: OpenACRReport, _ catalog: OpenACRCatalog) -> [OpenACRProblem] {
        var problems: [OpenACRProblem] = []
        if (report.author?.email ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(OpenACRProblem(.strict, "the author has no email a buyer can write to"))
        }
        // The kinds of product the report speaks for: those it gives any success criterion.
        var claimed: [String] = []
        for chapter in report.chapters where chapter.id.hasPrefix("success_criteria") {
            for criterion in chapter.criteria ?? [] {
                for c in criterion.components ?? [] where c.name != "none" && !claimed.contains(c.name) { claimed.append(c.name) }
            }
        }
        for known in catalog.chapters {
            guard let chapter = report.chapter(known.id) else {
                problems.append(OpenACRProblem(.strict, chapter: known.id, "the chapter is missing (mark it disabled, with a note, if it does not apply)"))
                continue
            }
            if chapter.disabled == true { continue }
            let aaa = known.wcagLevel == .aaa
            for entry in known.criteria {
                guard let criterion = chapter.criteria?.first(where: { $0.num == entry.id }) else {
                    problems.append(OpenACRProblem(.strict, chapter: known.id, criterion: entry.id, "the criterion is missing"))
                    continue
                }
                let expected = entry.components == ["none"] ? ["none"] : entry.components.filter(claimed.contains)
                for name in expected {
                    guard let component = criterion.components?.first(where: { $0.name == name }) else {
                        problems.append(OpenACRProblem(.strict, chapter: known.id, criterion: entry.id, component: name, "no adherence is given"))
                        continue
                    }
                    let level = component.adherence?.level ?? ""
                    let notes = (component.adherence?.notes ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                    if level.isEmpty {
                        problems.append(OpenACRProblem(.strict, chapter: known.id, criterion: entry.id, component: name, "the level is empty"))
                    } else if level == AdherenceLevel.notEvaluated.rawValue && !aaa {
                        problems.append(OpenACRProblem(.strict, chapter: known.id, criterion: entry.id, component: name,
                                                       "Not Evaluated is for level AAA only"))
                    }
                    if [AdherenceLevel.partiallySupports, .doesNotSupport, .notApplicable].map(\.rawValue).contains(level) && notes.isEmpty {
                        problems.append(OpenACRProblem(.strict, chapter: known.id, criterion: entry.id, component: name,
                                                       "\(AdherenceLevel(rawValue: level)!.label) needs a note saying why"))
                    }
                }
            }
        }
        return problems
    }
}

/// Reads W3C's machine-readable WCAG (`wcag.json`: principles > guidelines > successcriteria).
/// Only facts are kept: numbers, W3C ids, titles (`handle`) and levels; the normative text
/// (`content`) and the glossary (`terms`) are set aside, each line with its reason.
import KBModel

enum WCAGJSONReader {
    static func read(_ root: LinedJSON, punctuation: [Int]) throws -> StandardsDocument {
        var document = StandardsDocument()
        for line in punctuation { document.ledger.mark(line, .structure("JSON punctuation")) }
        guard case .object(let top) = root, root["principles"] != nil else {
            throw ReadError(line: 1, "JSON without W3C's \"principles\" list")
        }
        for member in top {
            if member.key == "principles" {
                document.ledger.mark(member.line, .structure("WCAG principles"))
            } else {
                StandardsJSON.skip(member, member.key == "terms" ? "WCAG glossary: not stored" : "WCAG \(member.key): not stored",
                                   &document.ledger)
            }
        }
        // Where each number already sits: W3C's duplicate is found by a look-up, not a scan of
        // every criterion before it (80,000 criteria took 28 s).
        var positions: [String: Int] = [:]
        for principle in root["principles"]?.elements ?? [] {
            let p = principle.value
            mark(p, level: "principle", &document.ledger)
            for guideline in p["guidelines"]?.elements ?? [] {
                let g = guideline.value
                mark(g, level: "guideline", &document.ledger)
                for sc in g["successcriteria"]?.elements ?? [] {
                    let c = sc.value
                    guard let num = c["num"]?.string, let title = c["handle"]?.string else {
                        document.notices.append(Notice(.skipped, line: sc.line, "a success criterion without num or handle"))
                        StandardsJSON.skipAll(c, "success criterion without num or handle", &document.ledger)
                        continue
                    }
                    // Only a number a criterion can have (ASCII d.d.d) becomes a row: any other string
                    // would be a criterion every answer lists and no tag or citation can name.
                    guard let number = SCNumber(num) else {
                        document.notices.append(Notice(.skipped, line: sc.line, "a success criterion numbered \"\(num)\": not a number such as 1.4.3"))
                        StandardsJSON.skipAll(c, "success criterion with no valid number", &document.ledger)
                        continue
                    }
                    let level = c["level"]?.string.flatMap { WCAGLevel(rawValue: $0)?.rawValue }
                    // W3C lists 4.1.1 twice (as 2.1 had it, then obsolete in 2.2): the last entry, in the first's place.
                    let earlier = positions[number.description]
                    let info = WCAGCriterionInfo(
                        sc: number.description, w3cID: c["id"]?.string, title: title, level: level, guideline: g["num"]?.string,
                        guidelineTitle: g["handle"]?.string, principle: p["num"]?.string, principleTitle: p["handle"]?.string,
                        version: WCAGCatalogue.version(of: number.description), status: level == nil ? "obsolete" : "active",
                        position: earlier ?? document.criteria.count,
                        line: c.members.first { $0.key == "num" }?.line ?? sc.line)
                    if let earlier { document.criteria[earlier] = info } else {
                        positions[number.description] = document.criteria.count
                        document.criteria.append(info)
                    }
                    for field in c.members {
                        switch field.key {
                        case "num", "handle", "level", "id":
                            document.ledger.mark(field.line, .fact(table: "wcag_criteria", kind: field.key))
                        case "content": StandardsJSON.skip(field, "normative text: not copied", &document.ledger)
                        default: StandardsJSON.skip(field, "success criterion \(field.key): not stored", &document.ledger)
                        }
                    }
                }
            }
        }
        return document
    }

    /// A principle's or guideline's own fields: its number and title name where criteria sit.
    private static func mark(_ value: LinedJSON, level: String, _ ledger: inout LineLedger) {
        for field in value.members {
            switch field.key {
            case "num", "handle", "id": ledger.mark(field.line, .structure("\(level) \(field.key)"))
            case "guidelines", "successcriteria": ledger.mark(field.line, .structure("\(level) \(field.key)"))
            case "content": StandardsJSON.skip(field, "normative text: not copied", &ledger)
            default: StandardsJSON.skip(field, "\(level) \(field.key): not stored", &ledger)
            }
        }
    }
}

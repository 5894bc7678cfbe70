import Foundation
import KBRead
import Yams

/// One thing wrong with a report: where (chapter, criterion, component; nil where it does not
/// apply) and what. Ordered as the file is read, so two checks of one file list the same lines.
public struct OpenACRProblem: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        /// GSA's JSON Schema refuses it.
        case schema
        /// The catalog refuses it: an unknown catalog, chapter, criterion, component or term.
        case catalog
        /// What a report handed to a buyer must meet beyond the two above.
        case strict
        /// The report's level and the evidence disagree.
        case conflict
        /// The report lists one criterion of a chapter, or one component of a criterion, more than
        /// once: which entry holds is anyone's guess (a renderer would show both, a lookup the
        /// first), so it is refused wherever it is read. GSA's schema does not say it.
        case duplicate
    }

    public var kind: Kind
    public var chapter: String?
    public var criterion: String?
    public var component: String?
    public var message: String

    /// As data: what kind of problem, where, what is wrong.
    enum CodingKeys: String, CodingKey { case kind, chapter, criterion, component, message }

    public init(_ kind: Kind, chapter: String? = nil, criterion: String? = nil, component: String? = nil, _ message: String) {
        (self.kind, self.chapter, self.criterion, self.component, self.message) = (kind, chapter, criterion, component, message)
    }
}

extension OpenACRProblem {
    /// `success_criteria_level_a 1.1.1 web: what is wrong`: where first, as far as it is known.
    public var located: String {
        let place = [chapter, criterion, component].compactMap { $0 }.joined(separator: " ")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

/// Why a file cannot be read as a report at all.
public struct OpenACRReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// YAML (or JSON, which is YAML) to an `OpenACRReport`, with what GSA's schema (openacr-0.1.0)
/// refuses in it: a required field missing, a field of the wrong type. Fields the schema does not
/// know are kept out of the report and never refused, as the schema allows them.
public enum OpenACRReading {
    public static func read(_ text: String) throws -> (report: OpenACRReport, problems: [OpenACRProblem]) {
        let node: Node?
        do { node = try YAMLLimits.compose(text) } catch let error as YAMLLimitError {
            throw OpenACRReadError(description: error.description)
        } catch {
            throw OpenACRReadError(description: "not YAML: " + YAMLLimits.describe(error))
        }
        guard let node, case .mapping(let top) = node else {
            throw OpenACRReadError(description: "not an OpenACR report: the file is not a mapping of fields")
        }
        var reader = Reader()
        let report = reader.report(top)
        return (report, reader.problems)
    }

    struct Reader {
        var problems: [OpenACRProblem] = []

        mutating func problem(_ message: String, chapter: String? = nil, criterion: String? = nil, component: String? = nil) {
            problems.append(OpenACRProblem(.schema, chapter: chapter, criterion: criterion, component: component, message))
        }

        /// A string field: a quoted or plain scalar that YAML reads as text. `1.1` unquoted is a
        /// number to YAML, and so to the schema.
        mutating func string(_ node: Node?, _ field: String, chapter: String? = nil, criterion: String? = nil, component: String? = nil) -> String? {
            guard let node else { return nil }
            if case .scalar = node, node.any is String { return node.string }
            problem("\(field) must be a string", chapter: chapter, criterion: criterion, component: component)
            return node.scalar?.string
        }

        mutating func report(_ top: Node.Mapping) -> OpenACRReport {
            var r = OpenACRReport()
            for required in ["title", "product", "author"] where top[required] == nil { problem("the report has no \(required)") }
            r.title = string(top["title"], "title")
            if let p = top["product"] {
                if case .mapping(let m) = p {
                    if m["name"] == nil { problem("product has no name") }
                    r.product = OpenACRReport.Product(name: string(m["name"], "product.name"), version: string(m["version"], "product.version"),
                                                      description: string(m["description"], "product.description"))
                } else { problem("product must be a mapping") }
            }
            r.author = contact(top["author"], "author")
            r.vendor = contact(top["vendor"], "vendor")
            r.reportDate = string(top["report_date"], "report_date")
            r.lastModifiedDate = string(top["last_modified_date"], "last_modified_date")
            if let v = top["version"] {
                if case .scalar = v, let n = v.any as? Int { r.version = n } else { problem("version must be an integer") }
            }
            r.notes = string(top["notes"], "notes")
            r.evaluationMethodsUsed = string(top["evaluation_methods_used"], "evaluation_methods_used")
            r.legalDisclaimer = string(top["legal_disclaimer"], "legal_disclaimer")
            r.license = string(top["license"], "license")
            r.repository = string(top["repository"], "repository")
            r.feedback = string(top["feedback"], "feedback")
            if let related = top["related_openacrs"] {
                if case .sequence(let items) = related {
                    r.relatedOpenACRs = items.map { item in
                        guard case .mapping(let m) = item else { problem("related_openacrs holds an item that is not a mapping"); return OpenACRReport.Related(url: nil, type: nil) }
                        let type = string(m["type"], "related_openacrs.type")
                        if let type, type != "primary" && type != "secondary" { problem("related_openacrs.type must be primary or secondary") }
                        return OpenACRReport.Related(url: string(m["url"], "related_openacrs.url"), type: type)
                    }
                } else { problem("related_openacrs must be a list") }
            }
            r.catalog = string(top["catalog"], "catalog")
            if let chapters = top["chapters"] {
                if case .mapping(let m) = chapters {
                    for (key, value) in m {
                        guard let id = key.string else { continue }
                        r.chapters.append(chapter(id, value))
                    }
                } else { problem("chapters must be a mapping") }
            }
            return r
        }

        mutating func contact(_ node: Node?, _ field: String) -> OpenACRReport.Contact? {
            guard let node else { return nil }
            guard case .mapping(let m) = node else { problem("\(field) must be a mapping"); return nil }
            if m["email"] == nil { problem("\(field) has no email") }
            return OpenACRReport.Contact(name: string(m["name"], "\(field).name"), companyName: string(m["company_name"], "\(field).company_name"),
                                         address: string(m["address"], "\(field).address"), email: string(m["email"], "\(field).email"),
                                         phone: string(m["phone"], "\(field).phone"), website: string(m["website"], "\(field).website"))
        }

        mutating func chapter(_ id: String, _ node: Node) -> OpenACRReport.Chapter {
            var chapter = OpenACRReport.Chapter(id: id)
            // An empty chapter (`software:` with nothing under it) is YAML's null: nothing stated.
            if case .scalar = node, node.null != nil { return chapter }
            guard case .mapping(let m) = node else { problem("the chapter must be a mapping", chapter: id); return chapter }
            chapter.notes = string(m["notes"], "notes", chapter: id)
            if let d = m["disabled"] {
                if case .scalar = d, let b = d.any as? Bool { chapter.disabled = b } else { problem("disabled must be true or false", chapter: id) }
            }
            if let list = m["criteria"] {
                guard case .sequence(let items) = list else { problem("criteria must be a list", chapter: id); return chapter }
                var criteria = Places()
                chapter.criteria = items.compactMap { item in
                    guard case .mapping(let c) = item else { problem("criteria holds an item that is not a mapping", chapter: id); return nil }
                    guard let num = string(c["num"], "num", chapter: id) else { problem("a criterion has no num", chapter: id); return nil }
                    criteria.add(num, item)
                    var criterion = OpenACRReport.Criterion(num: num, components: nil)
                    if let components = c["components"] {
                        guard case .sequence(let parts) = components else {
                            problem("components must be a list", chapter: id, criterion: num); return criterion
                        }
                        var names = Places()
                        criterion.components = parts.compactMap { part in
                            let read = component(part, chapter: id, criterion: num)
                            if let read { names.add(read.name, part) }
                            return read
                        }
                        for (name, lines) in names.repeated {
                            problems.append(OpenACRProblem(.duplicate, chapter: id, criterion: num, component: name,
                                                           "the component is listed \(Places.times(lines)) for this criterion" + Places.where(lines)))
                        }
                    }
                    return criterion
                }
                for (num, lines) in criteria.repeated {
                    problems.append(OpenACRProblem(.duplicate, chapter: id, criterion: num,
                                                   "the criterion is listed \(Places.times(lines)) in this chapter" + Places.where(lines)))
                }
            }
            return chapter
        }

        /// The keys of a list (criteria by num, components by name) with the lines each is given
        /// at, to name every place of a key given more than once.
        struct Places {
            var order: [String] = []
            var lines: [String: [Int?]] = [:]

            mutating func add(_ key: String, _ node: Node) {
                if lines[key] == nil { order.append(key) }
                lines[key, default: []].append(node.mark?.line)
            }

            /// The keys given more than once, in the order first given.
            var repeated: [(String, [Int?])] { order.compactMap { key in lines[key].flatMap { $0.count > 1 ? (key, $0) : nil } } }

            static func times(_ lines: [Int?]) -> String { lines.count == 2 ? "twice" : "\(lines.count) times" }

            /// ` (lines 12 and 18)`, where the parser gave every line.
            static func `where`(_ lines: [Int?]) -> String {
                let known = lines.compactMap { $0 }.map(String.init)
                guard known.count == lines.count else { return "" }
                return " (lines " + known.dropLast().joined(separator: ", ") + " and " + known.last! + ")"
            }
        }

        mutating func component(_ node: Node, chapter: String, criterion: String) -> OpenACRReport.Component? {
            guard case .mapping(let m) = node else { problem("components holds an item that is not a mapping", chapter: chapter, criterion: criterion); return nil }
            guard let name = string(m["name"], "name", chapter: chapter, criterion: criterion) else {
                problem("a component has no name", chapter: chapter, criterion: criterion); return nil
            }
            var out = OpenACRReport.Component(name: name, adherence: nil)
            if let a = m["adherence"] {
                guard case .mapping(let am) = a else { problem("adherence must be a mapping", chapter: chapter, criterion: criterion, component: name); return out }
                if am["level"] == nil { problem("adherence has no level", chapter: chapter, criterion: criterion, component: name) }
                out.adherence = OpenACRReport.Adherence(level: string(am["level"], "level", chapter: chapter, criterion: criterion, component: name),
                                                        notes: string(am["notes"], "notes", chapter: chapter, criterion: criterion, component: name))
            }
            return out
        }
    }
}

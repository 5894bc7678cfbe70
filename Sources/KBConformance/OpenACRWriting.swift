import Foundation
import KBModel

/// A report as OpenACR YAML, from one ordered tree that the JSON writer walks too, so the two say
/// the same in the same order, and two writes of one report are the same bytes. Keys follow the schema's order; every
/// string is double-quoted with JSON's escapes (valid YAML too), so no text can turn into a number,
/// a boolean, a comment or a new key.
public enum OpenACRWriting {
    package indirect enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case list([Value])
        case map([(String, Value)])
        /// A value with a YAML comment written on the line before it (JSON has none: it drops it).
        case commented(String, Value)

        /// The value itself, without its comment.
        package var bare: Value { if case .commented(_, let v) = self { v.bare } else { self } }
    }

    /// `comments`: a comment before a top-level field (keyed by its name, `author`) or before a
    /// component's adherence (keyed `chapter criterion component`), as a base to fill carries.
    public static func yaml(_ report: OpenACRReport, comments: [String: String] = [:]) -> String {
        var out = "# OpenACR (GSA's Accessibility Conformance Report format), schema openacr-0.1.0\n"
        emit(tree(report, comments: comments), indent: 0, into: &out)
        return out
    }

    /// The report as the ordered tree both writers walk (JSON is written by `JSONValue`, in KBRender).
    package static func tree(_ r: OpenACRReport, comments: [String: String] = [:]) -> Value {
        var top: [(String, Value)] = []
        func add(_ key: String, _ value: String?) { if let value { top.append((key, .string(value))) } }
        add("title", r.title)
        if let p = r.product {
            var m: [(String, Value)] = []
            if let v = p.name { m.append(("name", .string(v))) }
            if let v = p.version { m.append(("version", .string(v))) }
            if let v = p.description { m.append(("description", .string(v))) }
            top.append(("product", .map(m)))
        }
        if let a = r.author { top.append(("author", comments["author"].map { .commented($0, contact(a)) } ?? contact(a))) }
        if let v = r.vendor { top.append(("vendor", contact(v))) }
        add("report_date", r.reportDate)
        add("last_modified_date", r.lastModifiedDate)
        if let v = r.version { top.append(("version", .int(v))) }
        add("notes", r.notes)
        add("evaluation_methods_used", r.evaluationMethodsUsed)
        add("legal_disclaimer", r.legalDisclaimer)
        add("license", r.license)
        add("repository", r.repository)
        add("feedback", r.feedback)
        if let related = r.relatedOpenACRs {
            top.append(("related_openacrs", .list(related.map { item in
                .map([("url", item.url.map(Value.string)), ("type", item.type.map(Value.string))].compactMap { k, v in v.map { (k, $0) } })
            })))
        }
        add("catalog", r.catalog)
        if !r.chapters.isEmpty {
            top.append(("chapters", .map(r.chapters.map { chapter in
                var m: [(String, Value)] = []
                if let v = chapter.notes { m.append(("notes", .string(v))) }
                if let v = chapter.disabled { m.append(("disabled", .bool(v))) }
                if let criteria = chapter.criteria {
                    m.append(("criteria", .list(criteria.map { c in
                        var cm: [(String, Value)] = [("num", .string(c.num))]
                        if let components = c.components {
                            cm.append(("components", .list(components.map { comp in
                                var pm: [(String, Value)] = [("name", .string(comp.name))]
                                if let a = comp.adherence {
                                    var am: [(String, Value)] = [("level", .string(a.level ?? ""))]
                                    if let n = a.notes { am.append(("notes", .string(n))) }
                                    pm.append(("adherence", .map(am)))
                                }
                                let key = "\(chapter.id) \(c.num) \(comp.name)"
                                return comments[key].map { .commented($0, .map(pm)) } ?? .map(pm)
                            })))
                        }
                        return .map(cm)
                    })))
                }
                return (chapter.id, .map(m))
            })))
        }
        return .map(top)
    }

    static func contact(_ c: OpenACRReport.Contact) -> Value {
        .map([("name", c.name), ("company_name", c.companyName), ("address", c.address), ("email", c.email), ("phone", c.phone),
              ("website", c.website)].compactMap { k, v in v.map { (k, .string($0)) } })
    }

    /// JSON's string escapes (`JSONString`), which YAML's double-quoted scalars read alike.
    static func quoted(_ s: String) -> String { JSONString.quoted(s) }

    static func scalar(_ v: Value) -> String? {
        switch v.bare {
        case .string(let s): quoted(s)
        case .int(let n): String(n)
        case .bool(let b): b ? "true" : "false"
        case .list(let l) where l.isEmpty: "[]"
        case .map(let m) where m.isEmpty: "{}"
        default: nil
        }
    }

    /// A comment's lines, each behind `#` at the indent of what it speaks of.
    static func comment(_ v: Value, pad: String, into out: inout String) {
        guard case .commented(let text, _) = v else { return }
        for line in text.split(whereSeparator: \.isNewline) { out += "\(pad)# \(line)\n" }
    }

    static func emit(_ v: Value, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        switch v.bare {
        case .map(let pairs):
            for (key, value) in pairs {
                comment(value, pad: pad, into: &out)
                let value = value.bare
                if let s = scalar(value) { out += "\(pad)\(key): \(s)\n" } else {
                    out += "\(pad)\(key):\n"
                    emit(value, indent: indent + 2, into: &out)
                }
            }
        case .list(let items):
            for item in items {
                comment(item, pad: pad, into: &out)
                let item = item.bare
                if let s = scalar(item) { out += "\(pad)- \(s)\n"; continue }
                // The item's first line after the dash, the rest indented under it.
                var inner = ""
                emit(item, indent: indent + 2, into: &inner)
                out += pad + "- " + inner.dropFirst(indent + 2)
            }
        default:
            out += pad + (scalar(v) ?? "") + "\n"
        }
    }
}

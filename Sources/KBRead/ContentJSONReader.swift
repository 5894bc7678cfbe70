/// Reads the `content.json` that the MagentaA11y site's build produces: `{"web": [...],
/// "native": [...], "how-to-test": [...]}`, categories with `children`, each child a component
/// (or, under "how-to-test", a testing guide)
/// whose fields are markdown strings. Each component's strings are laid out as one markdown
/// document and read by `MarkdownReader`, so nothing here parses markdown; every line of that
/// document remembers the JSON line of the field it came from, so facts point at it.
import KBModel

package enum ContentJSONReader {
    package struct Item: Sendable {
        package var entry: Entry
        package var hints: SourceHints
    }

    package struct Document: Sendable {
        package var items: [Item] = []
        /// The JSON lines themselves: punctuation, names, labels, empty fields.
        package var ledger = LineLedger()
        package var notices: [Notice] = []
    }

    /// The markdown fields, in the order a page shows them, with the heading each is laid out under.
    static let sections: [(key: String, heading: String)] = [
        ("generalNotes", "## General Notes"),
        ("condensed", "## Condensed"),
        ("gherkin", "## Gherkin"),
        ("videos", "## Videos"),
        ("developerNotes", "## Developer Notes"),
        ("iosDeveloperNotes", "## iOS Developer Notes"),
        ("androidDeveloperNotes", "## Android Developer Notes"),
    ]

    package static func read(_ text: String) throws -> Document {
        let (root, punctuation) = try LinedJSON.parse(text)
        guard case .object(let families) = root,
              families.contains(where: { $0.key == "web" || $0.key == "native" }) else {
            throw ReadError(line: 1, "JSON without the \"web\" or \"native\" lists of a MagentaA11y content.json")
        }
        var document = Document()
        for line in punctuation { document.ledger.mark(line, .structure("JSON punctuation")) }
        for family in families {
            if let known = Family(rawValue: family.key) {
                document.ledger.mark(family.line, .structure("family: \(known.rawValue)"))
                let first = document.items.count
                for category in family.value.elements {
                    try readCategory(category.value, family: known, into: &document)
                }
                qualifySharedNames(&document.items[first...])
            } else {
                document.ledger.mark(family.line, .unaccounted("content.json list \"\(family.key)\" not read"))
            }
        }
        return document
    }

    /// One name in two categories of a family is two pages: each goes by its category's slug
    /// (`Slug.qualified`), as two files of one name in two folders of a checkout do.
    static func qualifySharedNames(_ items: inout ArraySlice<Item>) {
        var categories: [String: Set<String>] = [:]
        for item in items { if let slug = item.hints.slug { categories[slug, default: []].insert(item.hints.category ?? "") } }
        for index in items.indices {
            guard let slug = items[index].hints.slug, let category = items[index].hints.category,
                  (categories[slug]?.count ?? 0) > 1 else { continue }
            items[index].hints.slug = Slug.qualified(slug, by: category)
        }
    }

    static func readCategory(_ category: LinedJSON, family: Family, into document: inout Document) throws {
        let categoryName = category["name"]?.string
        for member in category.members where member.key != "children" {
            document.ledger.mark(member.line, .structure("category \(member.key)"))
        }
        for member in category.members where member.key == "children" {
            document.ledger.mark(member.line, .structure("category children"))
            for child in member.value.elements {
                guard let slug = child.value["name"]?.string, !slug.isEmpty else {
                    document.ledger.mark(child.line, .unaccounted("component without a name"))
                    continue
                }
                let entry = try readComponent(child.value, into: &document)
                document.items.append(Item(entry: entry, hints: SourceHints(slug: slug, family: family, category: categoryName)))
            }
        }
    }

    /// One component's fields laid out as today's markdown, each line mapped to its field's line.
    static func readComponent(_ child: LinedJSON, into document: inout Document) throws -> Entry {
        var markdown: [String] = []
        var map: [Int] = []
        func append(_ text: String, line: Int) {
            for part in MarkdownOutline.splitLines(text) {
                markdown.append(String(part))
                map.append(line)
            }
            if text.isEmpty || text.hasSuffix("\n") {
                markdown.append("")
                map.append(line)
            }
        }
        let known = Set(sections.map(\.key))
        for member in child.members where !known.contains(member.key) {
            switch member.key {
            case "label": document.ledger.mark(member.line, .structure("component title"))
            case "name": document.ledger.mark(member.line, .structure("component slug"))
            case "type": document.ledger.mark(member.line, .skipped("site metadata (type)"))
            default:
                if member.value == .null || member.value.string?.trimmingSpaces().isEmpty == true {
                    document.ledger.mark(member.line, .skipped("empty field"))
                } else {
                    document.ledger.mark(member.line, .unaccounted("content.json field \"\(member.key)\" not read"))
                }
            }
        }
        for (key, heading) in sections {
            guard let member = child.members.first(where: { $0.key == key }) else { continue }
            guard let text = member.value.string, !text.trimmingSpaces().isEmpty else {
                document.ledger.mark(member.line, .skipped("empty field"))
                continue
            }
            // The web entries' Developer Notes open with headings of their own (`## Code examples`,
            // `## Developer Notes`): laid under ours, ours would stand empty.
            if !(key == "developerNotes" && opensWithSectionHeading(text)) {
                append(heading, line: member.line)
                append("", line: member.line)
            }
            append(text, line: member.line)
            append("", line: member.line)
        }
        let document = markdown.joined(separator: "\n")
        var entry = try MarkdownReader.read(document, format: .contentJSON)
        if let label = child["label"]?.string { entry.title = label }
        // A trailing empty line is no line of the document.
        entry.lineMap = Array(map.prefix(MarkdownOutline.splitLines(document).count))
        return entry
    }

    /// Whether markdown starts with a `#` or `##` heading.
    static func opensWithSectionHeading(_ text: String) -> Bool {
        guard let first = MarkdownOutline.splitLines(text).first(where: { !$0.trimmingSpaces().isEmpty }) else { return false }
        let (indent, rest) = MarkdownOutline.indentation(first)
        guard let heading = MarkdownOutline.heading(rest, indent: indent) else { return false }
        return heading.level <= 2
    }
}

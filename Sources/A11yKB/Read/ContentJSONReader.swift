import Foundation

/// Reads the `content.json` that the MagentaA11y site's build produces: `{"web": [...],
/// "native": [...]}`, categories with `children`, each child a component whose fields are markdown
/// strings. Each component's strings are laid out as one markdown document and read by
/// `MarkdownReader`, so nothing here parses markdown.
package enum ContentJSONReader {
    package struct Item: Sendable {
        package var entry: Entry
        package var hints: SourceHints
    }

    static let sections: [(key: String, heading: String)] = [
        ("generalNotes", "## General Notes"),
        ("condensed", "## Condensed"),
        ("gherkin", "## Gherkin"),
        ("developerNotes", "## Developer Notes"),
        ("iosDeveloperNotes", "## iOS Developer Notes"),
        ("androidDeveloperNotes", "## Android Developer Notes"),
    ]

    package static func read(_ text: String) throws -> [Item] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw ReadError("content.json is not valid JSON: \((error as NSError).localizedDescription)")
        }
        guard let families = root as? [String: Any], families["web"] != nil || families["native"] != nil else {
            throw ReadError(line: 1, "JSON without the \"web\" or \"native\" lists of a MagentaA11y content.json")
        }
        var items: [Item] = []
        var lines = LineFinder(text: text)
        for family in Family.allCases {
            guard let categories = families[family.rawValue] as? [[String: Any]] else { continue }
            for category in categories {
                let categoryName = category["name"] as? String
                for child in category["children"] as? [[String: Any]] ?? [] {
                    guard let slug = child["name"] as? String, !slug.isEmpty else { continue }
                    var document = ""
                    for (key, heading) in sections {
                        guard let markdown = child[key] as? String, !markdown.isEmpty else { continue }
                        document += heading + "\n\n" + markdown + "\n\n"
                    }
                    var entry = try MarkdownReader.read(document, format: .contentJSON)
                    entry.title = entry.title ?? (child["label"] as? String)
                    if let label = child["label"] as? String { entry.title = label }
                    let line = lines.line(of: slug)
                    relocate(&entry, to: line)
                    items.append(Item(entry: entry, hints: SourceHints(slug: slug, family: family, category: categoryName)))
                }
            }
        }
        return items
    }

    /// JSON strings have no lines of their own: every fact points at its component's `"name"`.
    static func relocate(_ entry: inout Entry, to line: Int) {
        for i in entry.criteria.indices { entry.criteria[i].line = line }
        func move(_ notes: inout [Note]) {
            for i in notes.indices {
                notes[i].line = line
                move(&notes[i].children)
            }
        }
        move(&entry.notes)
        for i in entry.notices.indices where entry.notices[i].line != nil { entry.notices[i].line = line }
    }

    /// The line of each component's `"name"`. Components come in file order, so each search starts
    /// where the last one stopped and lines are counted once: linear in the file's size (counting
    /// from the top for every component made a large content.json take minutes).
    struct LineFinder {
        let text: String
        var cursor: String.Index
        var line = 1

        init(text: String) {
            self.text = text
            cursor = text.startIndex
        }

        mutating func line(of slug: String) -> Int {
            for needle in ["\"name\": \"\(slug)\"", "\"name\":\"\(slug)\""] {
                guard let range = text.range(of: needle, range: cursor..<text.endIndex) else { continue }
                line += text.utf8[cursor..<range.lowerBound].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                cursor = range.lowerBound
                return line
            }
            return ContentJSONReader.lineNumber(of: slug, in: text)
        }
    }

    /// The line of a component's `"name"`, searched from the top.
    static func lineNumber(of slug: String, in text: String) -> Int {
        guard let range = text.range(of: "\"name\": \"\(slug)\"") ?? text.range(of: "\"name\":\"\(slug)\"") else { return 1 }
        return text.utf8[..<range.lowerBound].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

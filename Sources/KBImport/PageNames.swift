import Foundation
import KBModel

/// The slug each documentation page of a checkout goes by: its file name's (`keyboard-&-focus.md`
/// → `keyboard-focus`), unless a page of its family in another category folder has the same name;
/// then each such page goes by its folder's (`Slug.qualified`: `components-keyboard-focus`,
/// `page-level-keyboard-focus`), so that two different documents never share a component and one
/// never supersedes the other. A name its folder alone has keeps its slug, whatever else changes.
/// Read from the folder listing (no file is opened), once per family folder and import.
struct PageNames {
    /// Per family folder (`.../documentation/how-to-test`): each page's path below it → its slug.
    private var folders: [String: [String: String]] = [:]

    /// The slug of the page at `relative` below `familyFolder` (`page-level/keyboard-&-focus.md`).
    mutating func slug(of relative: String, in familyFolder: String) -> String? {
        if folders[familyFolder] == nil { folders[familyFolder] = PageNames.read(familyFolder) }
        return folders[familyFolder]?[relative]
    }

    /// Every page below a family folder (templates and drafts, `_name.md`, aside) and its slug.
    static func read(_ familyFolder: String) -> [String: String] {
        var pages: [(relative: String, category: String?, slug: String)] = []
        guard let enumerator = FileManager.default.enumerator(atPath: familyFolder) else { return [:] }
        for case let relative as String in enumerator {
            let name = (relative as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension.lowercased()
            guard ext == "md" || ext == "markdown", !name.hasPrefix("_"),
                  let slug = Slug.from((name as NSString).deletingPathExtension) else { continue }
            let parts = relative.split(separator: "/")
            pages.append((relative, parts.count >= 2 ? String(parts[0]) : nil, slug))
        }
        return slugs(pages)
    }

    /// The rule on a list of pages: by relative path, each one's slug.
    static func slugs(_ pages: [(relative: String, category: String?, slug: String)]) -> [String: String] {
        var categories: [String: Set<String>] = [:]
        for page in pages { categories[page.slug, default: []].insert(page.category.flatMap(Slug.from) ?? "") }
        var out: [String: String] = [:]
        for page in pages {
            if let category = page.category.flatMap(Slug.from), (categories[page.slug]?.count ?? 0) > 1 {
                out[page.relative] = Slug.qualified(page.slug, by: category)
            } else {
                out[page.relative] = page.slug
            }
        }
        return out
    }
}

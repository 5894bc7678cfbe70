/// What a component or category may be called. A slug names a page of MagentaA11y and is typed
/// back by users and shells (`show <Tab>`), so it holds no character a shell, a terminal or a URL
/// gives meaning to: runs of lowercase letters and digits joined by single hyphens (`radio-button`,
/// `h1`). Every slug is made here, whatever it comes from (a file or folder name, front matter, a
/// link, content.json), so a hostile file name (`$(touch pwned).md`) is stored as inert text.
package enum Slug {
    /// `Loading_Spinner` → `loading-spinner`, `$(touch pwned)` → `touch-pwned`: case folded, every
    /// run of anything but a letter or digit (`_`, spaces, punctuation, quotes, control characters)
    /// one hyphen, none at either end. Nil when nothing is left, so the name says nothing.
    package static func from(_ name: String) -> String? {
        var slug = ""
        var pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            if isWordScalar(scalar) {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? nil : slug
    }

    /// A page's slug qualified by its category folder: `keyboard-focus` in `page-level/` is
    /// `page-level-keyboard-focus`. Two pages of one family and one name in two folders both go by
    /// theirs, so that neither takes the other's place (the folder decides; `FileCollector` and
    /// `ContentJSONReader` apply it, the import planner too for a page of another checkout).
    package static func qualified(_ slug: String, by category: String) -> String {
        from(category + "-" + slug) ?? slug
    }

    /// Whether `text` is already a slug: what completion offers, and nothing else.
    package static func isValid(_ text: String) -> Bool {
        from(text) == text
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        // Letters of other scripts (`café`), never marks, spaces, controls or format characters.
        return scalar.properties.isAlphabetic && scalar.properties.isLowercase || scalar.properties.generalCategory == .otherLetter
    }
}

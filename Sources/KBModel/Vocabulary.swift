/// The labels seen across every era of the sources, mapped onto canonical slugs (DESIGN.md,
/// "Vocabulary"). Readers ask it what kind of label a heading or bold bullet *is*; the normalizer
/// asks it what a label *means* (its slug). It lives in Model/ because both layers read it.
package enum Vocabulary {
    package enum LabelKind: Sendable, Equatable {
        case platform(Platform)
        /// A framework also names its platform.
        case framework(Framework, platform: Platform)
        case aspect(Aspect)
        case section(Section)
        case unknown
    }

    static let platformLabels: [String: Platform] = [
        "ios": .ios, "ios options": .ios, "ios voiceover": .ios, "ios voice over": .ios,
        "ios developer notes": .ios, "voiceover": .ios, "ios tips": .ios, "ios tip": .ios,
        "android": .android, "andriod": .android, "android options": .android, "android talkback": .android,
        "android tips": .android, "android tip": .android,
        "andriod talkback": .android, "android developer notes": .android, "talkback": .android,
        "web": .web, "web developer notes": .web,
    ]

    static let frameworkLabels: [String: Framework] = [
        "uikit": .uikit, "swiftui": .swiftui, "swift ui": .swiftui,
        "android views": .androidViews, "android view": .androidViews, "views": .androidViews,
        "jetpack compose": .jetpackCompose, "android compose": .jetpackCompose, "compose": .jetpackCompose,
    ]

    static let aspectLabels: [String: Aspect] = [
        "name": .name, "role": .role,
        "group": .group, "groupings": .group, "grouping": .group, "groups": .group,
        "state": .state, "states": .state, "focus": .focus,
        "custom accessibility action": .customAction, "custom accessibility actions": .customAction,
        "developer notes": .general, "general": .general, "general notes": .general,
    ]

    /// Labels that head a page's developer notes as a whole (a web entry's `## Developer Notes`,
    /// the counterpart of `## iOS Developer Notes`): text right under one is general guidance, but
    /// a code section below it stands beside the aspects, not inside one.
    static let notesHeadings: Set<String> = ["developer notes"]

    package static func headsTheNotes(_ label: String) -> Bool {
        notesHeadings.contains(normalizedLabel(label))
    }

    static let sectionLabels: [String: Section] = [
        "condensed": .condensed, "gherkin": .gherkin,
        "videos": .videos, "video examples": .videos, "video example": .videos,
        "code example": .code, "code examples": .code,
        "further reading": .references, "related wcag": .references, "resources": .references,
    ]

    /// "mobile gestures", "Test keyboard only, then screen reader + keyboard actions" → a criterion kind.
    package static func criterionKind(_ label: String) -> CriterionKind? {
        let key = normalizedLabel(label)
        switch key {
        case "keyboard": return .keyboard
        case "mobile", "mobile gestures", "gestures", "mobile gesture": return .gesture
        case "screenreader", "screen reader": return .screenreader
        case "settings", "device settings": return .settings
        case "checklist", "wcag": return .checklist
        default: break
        }
        // "Test keyboard only, then screen reader + keyboard actions", "Keyboard & screen reader actions".
        if key.hasPrefix("test keyboard") || key.containsASCII("keyboard") { return .keyboard }
        if key.containsASCII("gesture") { return .gesture }
        if key.hasPrefix("listen to screen") || key.containsASCII("screenreader output") || key.containsASCII("screen reader output") {
            return .screenreader
        }
        if key.containsASCII("device settings") || key.containsASCII("os settings") { return .settings }
        return nil
    }

    static let keyWords: Set<String> = ["tab", "enter", "return", "space", "spacebar", "arrow", "arrows", "escape", "esc",
                                        "home", "end", "page", "shift", "ctrl", "ctl", "alt", "key", "keys", "keyboard"]
    static let gestureWords: Set<String> = ["swipe", "swipes", "tap", "doubletap", "rotor", "scrub", "pinch", "drag", "finger", "talkback"]
    static let outputWords: Set<String> = ["name", "role", "group", "state", "value", "label", "hint", "description", "heading"]
    static let settingWords: Set<String> = ["resize", "motion", "zoom", "reflow", "contrast", "settings"]

    /// The kind a criterion's own key says it is (`Tab`, `Arrow-keys`, `Space` → keyboard; `Swipe`,
    /// `Doubletap` → gesture): what decides when its group line names no kind.
    package static func criterionKind(ofKey label: String) -> CriterionKind? {
        let words = Set(normalizedLabel(label).split { !$0.isLetter }.map(String.init))
        if !words.isDisjoint(with: keyWords) { return .keyboard }
        if !words.isDisjoint(with: gestureWords) { return .gesture }
        if !words.isDisjoint(with: settingWords) { return .settings }
        if !words.isDisjoint(with: outputWords) { return .screenreader }
        return nil
    }

    package static func classify(_ label: String) -> LabelKind {
        let key = normalizedLabel(label)
        if key.isEmpty { return .unknown }
        if let platform = platformLabels[key] { return .platform(platform) }
        if let framework = frameworkLabels[key] { return .framework(framework, platform: framework.platform) }
        if let aspect = aspectLabels[key] { return .aspect(aspect) }
        if let section = sectionLabels[key] { return .section(section) }
        // "Announcement examples (vary with devices)", "Modal announcements", "Dynamic Announcement example"
        if key.containsASCII("announcement") { return .section(.announcements) }
        if key.hasPrefix("code example") { return .section(.code) }
        return .unknown
    }

    package static func platformSlug(_ label: String) -> String? {
        if case .platform(let platform) = classify(label) { return platform.rawValue }
        return nil
    }

    /// What a note's labels mean, as the normalizer needs it: the platform a platform or
    /// framework label names, the framework a framework label names, and the aspect an aspect
    /// label names (an unknown heading kept as its slug).
    package static func meaning(ofPlatformLabel label: String) -> Platform? {
        switch classify(label) {
        case .platform(let platform): platform
        case .framework(_, let platform): platform
        default: nil
        }
    }

    package static func meaning(ofFrameworkLabel label: String) -> Framework? {
        if case .framework(let framework, _) = classify(label) { return framework }
        return nil
    }

    package static func meaning(ofAspectLabel label: String) -> Aspect {
        if case .aspect(let aspect) = classify(label) { return aspect }
        return Aspect(rawValue: slugify(label))
    }

    /// Lower case, emphasis and heading marks gone, trailing colon gone, white space folded.
    package static func normalizedLabel(_ label: String) -> String {
        if label.utf8.allSatisfy({ $0 < 0x80 }) { return normalizedASCIILabel(label) }
        var result = ""
        result.reserveCapacity(label.utf8.count)
        var lastWasSpace = true
        for c in label {
            switch c {
            case "*", "#", "_", "`":
                continue
            case " ", "\t", "\u{00A0}", "\n":
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            default:
                result.append(contentsOf: c.lowercased())
                lastWasSpace = false
            }
        }
        while result.hasSuffix(" ") || result.hasSuffix(":") { result.removeLast() }
        return result
    }

    static func normalizedASCIILabel(_ label: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(label.utf8.count)
        var lastWasSpace = true
        for byte in label.utf8 {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "#"), UInt8(ascii: "_"), UInt8(ascii: "`"):
                continue
            case 0x20, 0x09, 0x0A, 0x0D:
                if !lastWasSpace { out.append(0x20) }
                lastWasSpace = true
            default:
                out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                lastWasSpace = false
            }
        }
        while let last = out.last, last == 0x20 || last == UInt8(ascii: ":") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Pages MagentaA11y renamed between eras, by their older address: the same component, so one
    /// slug whichever era or seed it comes from (the Jekyll era's `radio.md` is today's
    /// `radio-button.md`; the seed's `expandable-region.md` today's `expandable.md`).
    static let renamedPages: [String: String] = [
        "expandable-region": "expandable",
        "radio": "radio-button",
        "webviews": "webview",
    ]

    /// Today's slug of a page known by an older one; any other slug as it is.
    package static func currentSlug(_ slug: String) -> String { renamedPages[slug] ?? slug }

    /// A label the vocabulary does not know, kept as written: `Accessibility Trait` → `accessibility-trait`.
    package static func slugify(_ text: String) -> String {
        // ASCII by bytes: every alias is slugified at a search's start, and a scalar's Unicode
        // properties and appending scalars one by one cost 300 instructions each.
        text.utf8.allSatisfy({ $0 < 0x80 }) ? slugifyASCII(text) : slugifyScalars(text)
    }

    /// `slugify` of any text, scalar by scalar: letters (of any script) and ASCII digits kept.
    static func slugifyScalars(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in normalizedLabel(text).unicodeScalars {
            if (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    /// `slugify` of ASCII text: what is left of the label after `normalizedASCIILabel` (lower case)
    /// is letters and digits, each run of anything else one dash between them.
    static func slugifyASCII(_ text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in normalizedASCIILabel(text).utf8 {
            if (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                slug.append(byte)
            } else {
                pendingDash = true
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }
}

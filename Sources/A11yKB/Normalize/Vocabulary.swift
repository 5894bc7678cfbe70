/// The labels seen across every era of the sources, mapped onto canonical slugs (DESIGN.md,
/// "Vocabulary"). Readers ask it what a heading or bold bullet *is*; the normalizer asks it for slugs.
public enum Vocabulary {
    public enum LabelKind: Sendable, Equatable {
        case platform(String)
        /// A framework also names its platform.
        case framework(String, platform: String)
        case aspect(String)
        case section(Section)
        case unknown
    }

    public struct PlatformInfo: Sendable {
        public let slug: String
        public let name: String
        public let screenReader: String?
    }

    public struct FrameworkInfo: Sendable {
        public let slug: String
        public let name: String
        public let platform: String
    }

    public static let platforms: [PlatformInfo] = [
        PlatformInfo(slug: "ios", name: "iOS", screenReader: "VoiceOver"),
        PlatformInfo(slug: "android", name: "Android", screenReader: "TalkBack"),
        PlatformInfo(slug: "web", name: "Web", screenReader: nil),
    ]

    public static let frameworks: [FrameworkInfo] = [
        FrameworkInfo(slug: "uikit", name: "UIKit", platform: "ios"),
        FrameworkInfo(slug: "swiftui", name: "SwiftUI", platform: "ios"),
        FrameworkInfo(slug: "android-views", name: "Android Views", platform: "android"),
        FrameworkInfo(slug: "jetpack-compose", name: "Jetpack Compose", platform: "android"),
    ]

    /// Aspects in the order a reader expects them.
    public static let aspects = ["general", "name", "role", "group", "state", "focus", "custom-action", "announcements"]
    public static let criterionKinds = ["keyboard", "gesture", "screenreader", "settings", "checklist"]

    static let platformLabels: [String: String] = [
        "ios": "ios", "ios options": "ios", "ios voiceover": "ios", "ios voice over": "ios",
        "ios developer notes": "ios", "voiceover": "ios",
        "android": "android", "andriod": "android", "android options": "android", "android talkback": "android",
        "andriod talkback": "android", "android developer notes": "android", "talkback": "android",
        "web": "web", "web developer notes": "web",
    ]

    static let frameworkLabels: [String: String] = [
        "uikit": "uikit", "swiftui": "swiftui", "swift ui": "swiftui",
        "android views": "android-views", "android view": "android-views", "views": "android-views",
        "jetpack compose": "jetpack-compose", "android compose": "jetpack-compose", "compose": "jetpack-compose",
    ]

    static let aspectLabels: [String: String] = [
        "name": "name", "role": "role",
        "group": "group", "groupings": "group", "grouping": "group", "groups": "group",
        "state": "state", "states": "state", "focus": "focus",
        "custom accessibility action": "custom-action", "custom accessibility actions": "custom-action",
        "developer notes": "general", "general": "general", "general notes": "general",
    ]

    static let sectionLabels: [String: Section] = [
        "condensed": .condensed, "gherkin": .gherkin,
        "videos": .videos, "video examples": .videos, "video example": .videos,
        "code example": .code, "code examples": .code,
        "further reading": .references, "related wcag": .references, "resources": .references,
    ]

    /// "mobile gestures", "Test keyboard only, then screen reader + keyboard actions" → a criterion kind.
    public static func criterionKind(_ label: String) -> String? {
        let key = normalizedLabel(label)
        switch key {
        case "keyboard": return "keyboard"
        case "mobile", "mobile gestures", "gestures", "mobile gesture": return "gesture"
        case "screenreader", "screen reader": return "screenreader"
        case "settings", "device settings": return "settings"
        case "checklist", "wcag": return "checklist"
        default: break
        }
        if key.hasPrefix("test keyboard") { return "keyboard" }
        if key.contains("gesture") { return "gesture" }
        if key.hasPrefix("listen to screen") || key.contains("screenreader output") || key.contains("screen reader output") {
            return "screenreader"
        }
        if key.contains("device settings") || key.contains("os settings") { return "settings" }
        return nil
    }

    public static func classify(_ label: String) -> LabelKind {
        let key = normalizedLabel(label)
        if key.isEmpty { return .unknown }
        if let slug = platformLabels[key] { return .platform(slug) }
        if let slug = frameworkLabels[key] { return .framework(slug, platform: platform(ofFramework: slug)) }
        if let slug = aspectLabels[key] { return .aspect(slug) }
        if let section = sectionLabels[key] { return .section(section) }
        // "Announcement examples (vary with devices)", "Modal announcements", "Dynamic Announcement example"
        if key.contains("announcement") { return .section(.announcements) }
        if key.hasPrefix("code example") { return .section(.code) }
        return .unknown
    }

    public static func platform(ofFramework slug: String) -> String {
        frameworks.first { $0.slug == slug }?.platform ?? "ios"
    }

    public static func platformSlug(_ label: String) -> String? {
        if case .platform(let slug) = classify(label) { return slug }
        return nil
    }

    /// Lower case, emphasis and heading marks gone, trailing colon gone, white space folded.
    public static func normalizedLabel(_ label: String) -> String {
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

    /// A label the vocabulary does not know, kept as written: `Accessibility Trait` → `accessibility-trait`.
    public static func slugify(_ text: String) -> String {
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
}

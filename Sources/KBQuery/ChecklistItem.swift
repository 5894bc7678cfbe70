/// One line of a test plan: a criterion (or, for a chosen platform, a developer note) with an id
/// that survives re-imports and reordering, and a fingerprint of its wording beside it.
import Foundation
import KBModel

/// As data (`Encodable`): the keys of `CodingKeys`, in their order; the success criteria as
/// they are written (`1.4.3`).
public struct ChecklistItem: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        case criterion, note, announcement
    }

    /// `native/button:keyboard:all:enter`: component, kind, platform and label, never the wording,
    /// so a reworded expectation keeps its id and only its fingerprint moves.
    public var id: String
    /// 12 hex digits over the wording (label, expectation, platform): changes when the text does.
    public var fingerprint: String
    public var kind: Kind
    /// `family/slug`.
    public var component: String
    public var componentTitle: String
    /// As stored: nil for every platform of the family.
    public var platform: Platform?
    public var framework: Framework?
    /// The criterion's kind (`keyboard`, `gesture`...) or the note's aspect (`name`, `focus`...).
    public var group: String
    public var label: String?
    public var expectation: String
    /// What the screen reader is expected to say (a screen reader criterion's, on its platforms).
    public var announcements: [String]
    /// What the item gives evidence for (`TestedSuccessCriteria`), in numeric order.
    public var successCriteria: [SCNumber]
    /// Whether those are the item's own links, or the component's standing in.
    public var basis: LinkBasis
    public var source: String
    public var line: Int

    enum CodingKeys: String, CodingKey {
        case id, fingerprint, kind, component, platform, framework, group, label, expectation, announcements
        case successCriteria = "success_criteria", source, line
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(kind, forKey: .kind)
        try c.encode(component, forKey: .component)
        try c.encodeIfPresent(platform, forKey: .platform)
        try c.encodeIfPresent(framework, forKey: .framework)
        try c.encode(group, forKey: .group)
        try c.encodeIfPresent(label, forKey: .label)
        try c.encode(expectation, forKey: .expectation)
        try c.encode(announcements, forKey: .announcements)
        try c.encode(successCriteria.written, forKey: .successCriteria)
        try c.encode(source, forKey: .source)
        try c.encode(line, forKey: .line)
    }
}

/// Ids and fingerprints: plain functions of the content, so two knowledge bases built from the
/// same text agree without storing anything.
package enum ItemIdentity {
    /// FNV-1a, 64 bits: stable across runs and machines (Swift's `Hasher` is seeded per process).
    package static func digest(_ parts: [String?]) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for part in parts {
            for byte in (part ?? "\u{0}").utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100000001b3
            }
            hash ^= 0x1F
            hash = hash &* 0x100000001b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }

    /// Lower-case words joined by `-`: `Tab, arrow keys or ctl+tab` → `tab-arrow-keys-or-ctl-tab`.
    package static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash && !out.isEmpty { out += "-" }
                out.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return out
    }

    /// Ids for keys that may repeat (two `Role` criteria of one kind): the first keeps the key,
    /// the others take `~2`, `~3` in the order of their fingerprints, so moving them around
    /// changes nothing.
    package static func disambiguate(_ keys: [(key: String, fingerprint: String)]) -> [String] {
        var groups: [String: [Int]] = [:]
        for (i, k) in keys.enumerated() { groups[k.key, default: []].append(i) }
        var ids = keys.map(\.key)
        for (_, indices) in groups where indices.count > 1 {
            let ordered = indices.sorted { (keys[$0].fingerprint, $0) < (keys[$1].fingerprint, $1) }
            for (n, index) in ordered.enumerated() where n > 0 { ids[index] = keys[index].key + "~\(n + 1)" }
        }
        return ids
    }
}

/// Which platforms a criterion written "for every platform" really speaks of: MagentaA11y writes
/// native criteria once for both platforms and scopes some in words ("Enter: Activates on
/// Android", "Focus moves to the next slide (iOS)"). A criterion that names some of its family's
/// platforms (or their screen readers) and not others applies to those it names.
public enum PlatformScope {
    public static func platforms(of criterion: ComponentFacts.Criterion, family: Family) -> [Platform] {
        if let platform = criterion.platform { return [platform] }
        let all = family.platforms
        guard all.count > 1 else { return all }
        let text = ((criterion.label ?? "") + " " + criterion.expectation).lowercased()
        let words = Set(ItemIdentity.slug(text).split(separator: "-").map(String.init))
        let named = all.filter { platform in
            [platform.name, platform.screenReader].compactMap { $0?.lowercased() }.contains(where: words.contains)
        }
        return named.isEmpty ? all : named
    }

    /// Whether the criterion applies on `platform` (nil: every platform).
    public static func applies(_ criterion: ComponentFacts.Criterion, family: Family, on platform: Platform?) -> Bool {
        guard let platform else { return true }
        return platforms(of: criterion, family: family).contains(platform)
    }
}

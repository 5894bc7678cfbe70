import Foundation

/// Addresses a page may link to. Only two kinds are ever written into an `href`: an absolute
/// `http` or `https` URL, and a path of the page's own server (which the server makes itself);
/// any other scheme (`javascript:`, `data:`, `vbscript:`) runs or embeds something when followed.
public enum LinkAddress {
    /// Where a source's link leads, from the text it wrote (`Full information: …`, a criterion's
    /// Understanding document): a bare address, or a markdown link `[text](url)` resolved to its
    /// url. A relative url is relative to the source's own site, which no page of ours is on: then
    /// the link's text, when it is an address (MagentaA11y writes `[https://…/#/web-criteria/x](/web-criteria/x)`).
    /// Nil when neither is an absolute http or https address.
    public static func fromSource(_ written: String) -> String? {
        let text = written.trimmingCharacters(in: .whitespaces)
        if let (label, url) = markdownLink(text) {
            return absoluteWeb(url) ?? absoluteWeb(label)
        }
        return absoluteWeb(text)
    }

    /// `text` if it is an absolute http or https address with a host and nothing a browser would
    /// strip or read otherwise (white space, control characters, quotes, angle brackets).
    public static func absoluteWeb(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
              !text.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) || "\"'<>\\`".unicodeScalars.contains($0) }),
              let url = URL(string: text), let host = url.host, !host.isEmpty else { return nil }
        return text
    }

    /// `[label](url)`, the whole text, split (a title after the url, `(url "title")`, left out);
    /// nil for any other text.
    static func markdownLink(_ text: String) -> (label: String, url: String)? {
        guard text.hasPrefix("["), text.hasSuffix(")"), let middle = text.range(of: "](", options: .backwards) else { return nil }
        let label = text[text.index(after: text.startIndex)..<middle.lowerBound]
        let url = text[middle.upperBound..<text.index(before: text.endIndex)]
        return (String(label), url.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? "")
    }
}

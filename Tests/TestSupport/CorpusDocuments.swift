import Foundation
import XCTest

/// The shared corpus read the simple way, without the importer's readers: files, their `## `
/// sections (outside code fences and HTML comments), and the Condensed `Key: expectation` bullets.
/// Tests check what the importer stored against what this finds on its own.
public enum CorpusDocuments {
    public struct Document {
        public var url: URL
        public var family: String
        public var slug: String
        public var lines: [String]
    }

    /// A line of a document with the `## ` section it sits in.
    public struct Line {
        public var number: Int
        public var text: String
        public var section: String?
    }

    /// Today's entries of `family` (`native`, `web`) in the 2026 checkout.
    public static func entries(_ family: String) throws -> [Document] {
        let folder = try Fixtures.corpus("magentaA11y-2026").appendingPathComponent("public/content/documentation/\(family)")
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "md" && !$0.lastPathComponent.hasPrefix("_") }
            .sorted { $0.path < $1.path }
        return try files.map { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            return Document(url: url, family: family, slug: url.deletingPathExtension().lastPathComponent,
                            lines: text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 })
        }
    }

    /// Every line outside code fences and HTML comments, with its `## ` section.
    public static func lines(_ document: Document) -> [Line] {
        var out: [Line] = []
        var section: String?
        var fence = false
        var comment = false
        for (index, raw) in document.lines.enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if comment {
                if trimmed.contains("-->") { comment = false }
                continue
            }
            if trimmed.hasPrefix("```") {
                fence.toggle()
                continue
            }
            if fence { continue }
            if trimmed.hasPrefix("<!--") {
                if !trimmed.contains("-->") { comment = true }
                continue
            }
            if raw.hasPrefix("## ") {
                section = String(raw.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                continue
            }
            out.append(Line(number: index + 1, text: raw, section: section))
        }
        return out
    }

    /// A Condensed bullet of the shape `- Key: expectation`.
    public struct KeyedBullet {
        public var line: Int
        public var key: String
        public var expectation: String
    }

    /// The `- Key: expectation` bullets of a document's `## Condensed` section, whatever group or
    /// lead-in they stand under.
    public static func condensedBullets(_ document: Document) -> [KeyedBullet] {
        lines(document).compactMap { line -> KeyedBullet? in
            guard line.section == "Condensed" else { return nil }
            let text = line.text.trimmingCharacters(in: .whitespaces)
            guard let marker = text.first, "-*+".contains(marker), text.dropFirst().first == " " else { return nil }
            let body = text.dropFirst(2)
            guard let colon = body.firstIndex(of: ":") else { return nil }
            let key = body[..<colon].trimmingCharacters(in: .whitespaces)
            let expectation = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.count <= 60, !expectation.isEmpty, !expectation.hasPrefix("//") else { return nil }
            return KeyedBullet(line: line.number, key: key.replacingOccurrences(of: "**", with: ""), expectation: expectation)
        }
    }

    /// The body of a document's `## name` section (outside code and comments), as written.
    public static func section(_ document: Document, _ name: String) -> [Line] {
        lines(document).filter { $0.section == name }
    }
}

import Foundation
import XCTest

/// What every layer of the library answers, and what the façade takes, is typed: a platform is a
/// `Platform`, a framework a `Framework`, a family a `Family`, a level a `WCAGLevel`, a success
/// criterion an `SCNumber`, never a string any word can slip into; a criterion's or a rule's kind
/// is a `CriterionKind` or a `RuleKind`; a source's format a `SourceFormat`. This reads the public
/// declarations of every library target, the façade and the servers' (comments and string literals
/// left out) and lists every one that names such a value as text: `platform: String`, `level:
/// String?`, `[(sc: String, ...)]`, `platforms: [String]`, `kind: String`, `format: String`, `case
/// platform(String)` in a public enum; text that is the data itself is listed with why
/// (`textByDesign`). (An aspect is typed too, `Aspect`, but not named here: a search's `aspect`
/// filter is a word as typed, which may be an aspect, a criteria kind or a criterion's label.)
final class TypedValuesTests: XCTestCase {
    /// The targets whose public declarations are read.
    static let targets = LayerTests.order + ["A11yKBMCP", "A11yKBServer", "A11yKBServeSettings", "A11yKBServeOptions"]

    /// Declarations whose text is the data itself, not a word of a closed set, each with why.
    static let textByDesign: [String: String] = {
        // A report's criterion, as an OpenACR file writes it: the id of a clause of any standard its
        // catalog lists (`1.4.3`, `302.1`, `402.2.1`, `9.1.1.1`), few of them success criteria.
        let clause = "an OpenACR criterion id, of any standard"
        // A report's level as its file writes it, which the check holds to the catalog's terms and
        // reports when it is none: reading it as `AdherenceLevel` would lose what the check names.
        let asWritten = "an OpenACR level as the file writes it, checked and reported, not read as a level"
        return [
            // The trace's word for a fact's row: a JSON key, a code example's language, a number as written.
            "KBModel/SourceTrace.swift: public var kind: String?": "a trace's detail, as the reader names it",
            "KBModel/SourceTrace.swift: public init(number: Int, text: String, disposition: LineDisposition, details: [String], table: String? = nil, kind: String? = nil)":
                "a trace's detail, as the reader names it",
            "KBConformance/ConformanceBuilder.swift: public var criterion: String": clause,
            "KBConformance/ConformanceTrail.swift: public var criterion: String": clause,
            "KBConformance/OpenACRReading.swift: public var criterion: String?": clause,
            "KBConformance/OpenACRReading.swift: public init(_ kind: Kind, chapter: String? = nil, criterion: String? = nil, component: String? = nil, _ message: String)": clause,
            "KBConformance/OpenACRDiff.swift: public var criterion: String?": clause,
            "KBConformance/OpenACRDiff.swift: public init(field: Field, chapter: String? = nil, criterion: String? = nil, component: String? = nil, old: String?, new: String?, oldNotes: String? = nil, newNotes: String? = nil, levelNow: String? = nil)":
                clause + "; " + asWritten,
            "KBConformance/OpenACRReport.swift: public var level: String?": asWritten,
            "KBConformance/OpenACRReport.swift: public init(level: String?, notes: String? = nil)": asWritten,
            "KBConformance/OpenACRReport.swift: public func adherence(chapter: String, criterion: String, component: String) -> Adherence?": clause,
        ]
    }()

    /// A name that holds a closed value, then `String`, `String?`, `[String]`, `[String?]`...
    static let stringly = try! NSRegularExpression(
        pattern: #"\b(platforms?|frameworks?|famil(y|ies)|levels?|scs?|criterion|criteria|successCriteria|kinds?|formats?)\s*:\s*\[?\s*String\b"#)
    /// A case of a public enum carrying such a value as text: `case platform(String)`.
    static let stringlyCase = try! NSRegularExpression(pattern: #"^case\b.*\b(platform|framework|family|level|sc)\s*\(\s*String\b"#)

    /// The text with comments and string literals blanked (newlines kept), so that neither is read
    /// as a declaration and line numbers stay as they are.
    static func code(_ text: String) -> [Character] {
        let chars = Array(text)
        var out = chars
        var i = 0
        func blank(_ from: Int, _ to: Int) {
            for k in from..<min(to, chars.count) where chars[k] != "\n" { out[k] = " " }
        }
        while i < chars.count {
            let c = chars[i], next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "/" && next == "/" {
                var end = i
                while end < chars.count && chars[end] != "\n" { end += 1 }
                blank(i, end)
                i = end
            } else if c == "/" && next == "*" {
                var end = i + 2, depth = 1
                while end < chars.count && depth > 0 {
                    if chars[end] == "/" && end + 1 < chars.count && chars[end + 1] == "*" { depth += 1; end += 1 }
                    else if chars[end] == "*" && end + 1 < chars.count && chars[end + 1] == "/" { depth -= 1; end += 1 }
                    end += 1
                }
                blank(i, end)
                i = end
            } else if c == "\"" || (c == "#" && next.map { $0 == "\"" || $0 == "#" } == true) {
                // A string literal: `#`s, then one or three quotes; it ends at the same quotes and `#`s.
                var start = i, hashes = 0
                while start < chars.count && chars[start] == "#" { hashes += 1; start += 1 }
                guard start < chars.count, chars[start] == "\"" else { i += 1; continue }
                let triple = start + 2 < chars.count && chars[start + 1] == "\"" && chars[start + 2] == "\""
                let quotes = triple ? 3 : 1
                var end = start + quotes
                while end < chars.count {
                    if chars[end] == "\\" && hashes == 0 { end += 2; continue }
                    if chars[end] == "\"" && (0..<quotes).allSatisfy({ end + $0 < chars.count && chars[end + $0] == "\"" })
                        && (0..<hashes).allSatisfy({ end + quotes + $0 < chars.count && chars[end + quotes + $0] == "#" }) {
                        end += quotes + hashes
                        break
                    }
                    end += 1
                }
                blank(i, end)
                i = end
            } else {
                i += 1
            }
        }
        return out
    }

    /// The public declarations of a source, each as its header (to its body's `{`, or its line's
    /// end) with the line it starts on: `public` members, and the cases of a public enum.
    static func publicDeclarations(_ text: String) -> [(line: Int, text: String)] {
        let chars = code(text)
        var found: [(line: Int, text: String)] = []
        // Each open brace: whether it opened a public enum (whose cases are public).
        var scopes: [Bool] = []
        var line = 1, i = 0
        func word(at k: Int, _ w: String) -> Bool {
            let letters = Array(w)
            guard k + letters.count <= chars.count, Array(chars[k..<k + letters.count]) == letters else { return false }
            let before = k == 0 ? " " : chars[k - 1], after = k + letters.count < chars.count ? chars[k + letters.count] : " "
            return !(before.isLetter || before.isNumber || before == "_" || before == "." || before == "@")
                && !(after.isLetter || after.isNumber || after == "_")
        }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { line += 1; i += 1; continue }
            if c == "{" { scopes.append(false); i += 1; continue }
            if c == "}" { _ = scopes.popLast(); i += 1; continue }
            let isPublic = word(at: i, "public")
            let isCase = word(at: i, "case") && scopes.last == true
            guard isPublic || isCase else { i += 1; continue }
            // The header: to the `{` that opens a body, or the end of the line, outside brackets.
            var depth = 0, end = i
            var opensBody = false
            while end < chars.count {
                let d = chars[end]
                if d == "(" || d == "[" { depth += 1 }
                if d == ")" || d == "]" { depth -= 1 }
                if depth <= 0 && d == "{" { opensBody = true; break }
                if depth <= 0 && d == "\n" { break }
                end += 1
            }
            let header = String(chars[i..<end])
            found.append((line, header))
            line += chars[i..<end].filter { $0 == "\n" }.count
            i = end
            if opensBody {
                scopes.append(isPublic && header.range(of: #"\benum\b"#, options: .regularExpression) != nil)
                i += 1
            }
        }
        return found
    }

    /// The lines of `text` whose public declarations name a closed value as text.
    static func stringlyTyped(in text: String) -> [(line: Int, text: String)] {
        publicDeclarations(text).filter { declaration in
            let range = NSRange(declaration.text.startIndex..., in: declaration.text)
            return stringly.firstMatch(in: declaration.text, range: range) != nil
                || stringlyCase.firstMatch(in: declaration.text, range: range) != nil
        }
    }

    func testTheCheckFindsStringlyTypedPublicDeclarations() {
        let source = """
            public struct A {
                public var platform: String?
                public var criteria: [(sc: String, title: String)] = []
                public var kind: String
                var level: String
                package var sc: String
                public var platforms: [Platform] { [] }
                /// public var platform: String
                public var note = "public var level: String"
                public func ask(_ name: String, platform: Platform? = nil,
                                level: String = "AA") throws -> Int {
                    let platform: String = ""
                    switch name { case "x": return 1 default: return 0 }
                }
            }
            public enum Scope {
                case all, platform(String)
            }
            enum Inner { case platform(String) }
            public func notes(for platforms: [String?]) {}
            """
        XCTAssertEqual(Self.stringlyTyped(in: source).map(\.line), [2, 3, 4, 10, 17, 20])
    }

    func testNoPublicDeclarationOfTheLibraryNamesAClosedValueAsText() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [String] = []
        var declarations = 0
        var byDesign: Set<String> = []
        for target in Self.targets {
            let folder = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                XCTFail("no folder \(folder.path)")
                continue
            }
            for case let file as URL in walker where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                declarations += Self.publicDeclarations(text).count
                for hit in Self.stringlyTyped(in: text) {
                    let header = hit.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    let key = "\(target)/\(file.lastPathComponent): \(header)"
                    guard Self.textByDesign[key] == nil else {
                        byDesign.insert(key)
                        continue
                    }
                    found.append("Sources/\(target)/\(file.lastPathComponent):\(hit.line): \(header)")
                }
            }
        }
        XCTAssertGreaterThan(declarations, 300, "read the public declarations")
        XCTAssertEqual(Set(Self.textByDesign.keys).subtracting(byDesign), [], "listed as text by design, but no longer found: take them out")
        XCTAssertEqual(found, [], "a platform, framework, family, level, success criterion or kind as text in a public declaration: "
                       + "use Platform, Framework, Family, WCAGLevel, SCNumber, CriterionKind or RuleKind\n" + found.joined(separator: "\n"))
    }
}

import Foundation
import XCTest

/// The layer rules of docs/architecture.md, checked on the sources: a layer depends only on layers
/// below it (Package.swift), and no file imports a layer its target does not declare. SwiftPM
/// lets a file import any module built before it, so without this test a stray `import` would
/// quietly bring a cycle back.
final class LayerTests: XCTestCase {
    /// Bottom to top. A library target may depend on targets before it in this list, never after.
    static let order = ["KBResources", "KBFiles", "KBSQLiteSetup", "KBModel", "KBRead", "KBNormalize", "KBStore", "KBSearch",
                        "KBImport", "KBQuery", "KBEvidence", "KBConformance", "KBWord", "KBRender", "A11yKB"]
    /// The skins see the library through the façade only (the MCP tools and the team server are
    /// skins too, which the executables a11ykb-mcp and a11ykb-serve wrap).
    static let skins = ["a11ykb", "a11ykb-mcp", "A11yKBMCP", "A11yKBServer", "A11yKBServeSettings", "A11yKBServeOptions", "a11ykb-serve"]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each library target's declared dependencies among the layers, read from Package.swift.
    static func declared() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        let target = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"(.*?)\)\s*,\s*(?://|\.|\])"#,
                                             options: [.dotMatchesLineSeparators])
        let quoted = try NSRegularExpression(pattern: #""([A-Za-z0-9_-]+)""#)
        let text = manifest as NSString
        for match in target.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            let rest = text.substring(with: match.range(at: 2)) as NSString
            let names = quoted.matches(in: rest as String, range: NSRange(location: 0, length: rest.length))
                .map { rest.substring(with: $0.range(at: 1)) }
            result[name] = Set(names.filter { order.contains($0) })
        }
        return result
    }

    /// The modules each Swift file of `target` imports.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        return try files.flatMap { file in
            try imports(in: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)).map { ("\(target)/\(file)", $0) }
        }
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `@preconcurrency import X`,
    /// and a declaration's, `@_exported import struct X.Y`).
    static func imports(in text: String) -> [String] {
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        // Top-level lines only: a test's Python or shell script in a string literal is indented.
        return text.split(separator: "\n").compactMap { line in
            guard line.first?.isWhitespace == false else { return nil }
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), words.count > index + 1,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
            guard kinds.contains(words[index + 1]) else { return String(words[index + 1]) }
            return words.count > index + 2 ? words[index + 2].split(separator: ".").first.map(String.init) : nil
        }
    }

    func testEveryLayerTargetIsDeclared() throws {
        let declared = try Self.declared()
        for layer in Self.order { XCTAssertNotNil(declared[layer], "\(layer) is not a target of Package.swift") }
    }

    /// Every dependency of a layer on one that is not below it.
    static func upwardDependencies(_ declared: [String: Set<String>]) -> [String] {
        declared.sorted { $0.key < $1.key }.flatMap { target, dependencies -> [String] in
            guard let rank = order.firstIndex(of: target) else { return [] }
            return dependencies.sorted().filter { order.firstIndex(of: $0)! >= rank }.map { "\(target) -> \($0)" }
        }
    }

    func testLayersDependOnlyOnLayersBelowThem() throws {
        XCTAssertEqual(Self.upwardDependencies(try Self.declared()), [])
    }

    func testNoFileImportsALayerItsTargetDoesNotDeclare() throws {
        let declared = try Self.declared()
        for layer in Self.order {
            for (file, module) in try Self.imports(of: layer) where Self.order.contains(module) {
                XCTAssertTrue(declared[layer]?.contains(module) ?? false, "\(file) imports \(module), which \(layer) does not depend on")
            }
        }
    }

    func testSkinsSeeTheLibraryThroughTheFacadeOnly() throws {
        for skin in Self.skins {
            for (file, module) in try Self.imports(of: skin) where Self.order.contains(module) {
                XCTAssertEqual(module, "A11yKB", "\(file) imports \(module) past the façade")
            }
        }
    }

    /// What ships with the toolchain: importable by any target without a declaration.
    static let system: Set<String> = ["Foundation", "FoundationNetworking", "FoundationEssentials", "Dispatch", "Glibc",
                                      "Darwin", "XCTest", "Synchronization", "_Concurrency"]

    /// Every target of Package.swift: its module name, its source folder, and the modules its
    /// declaration names (targets and products, with the manifest's `let` lists expanded).
    static func targets() throws -> [(module: String, folder: String, declared: Set<String>)] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let text = manifest as NSString
        let whole = NSRange(location: 0, length: text.length)
        let quoted = try NSRegularExpression(pattern: #""([A-Za-z0-9_-]+)""#)
        func names(_ part: String) -> [String] {
            let part = part as NSString
            return quoted.matches(in: part as String, range: NSRange(location: 0, length: part.length)).map { part.substring(with: $0.range(at: 1)) }
        }
        // `let grdb = Target.Dependency.product(name: "GRDB", …)` and `let layers: [Target.Dependency] = [...]`.
        var variables: [String: [String]] = [:]
        let single = try NSRegularExpression(pattern: #"let (\w+) = Target\.Dependency\.product\(name: "([^"]+)""#)
        for match in single.matches(in: manifest, range: whole) {
            variables[text.substring(with: match.range(at: 1))] = [text.substring(with: match.range(at: 2))]
        }
        let list = try NSRegularExpression(pattern: #"let (\w+): \[Target\.Dependency\] = \[(.*?)\]"#, options: [.dotMatchesLineSeparators])
        for match in list.matches(in: manifest, range: whole) {
            variables[text.substring(with: match.range(at: 1))] = names(text.substring(with: match.range(at: 2)))
        }
        // Each target's declaration whole: up to its own closing parenthesis, nested ones counted.
        let start = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)""#)
        let path = try NSRegularExpression(pattern: #"path:\s*"([^"]+)""#)
        let characters = Array(manifest.utf16)
        return start.matches(in: manifest, range: whole).map { match in
            let kind = text.substring(with: match.range(at: 1)), name = text.substring(with: match.range(at: 2))
            var depth = 1, end = match.range.location + match.range.length
            while end < characters.count, depth > 0 {
                if characters[end] == UInt16(UInt8(ascii: "(")) { depth += 1 }
                if characters[end] == UInt16(UInt8(ascii: ")")) { depth -= 1 }
                end += 1
            }
            let rest = text.substring(with: NSRange(location: match.range.location + match.range.length,
                                                    length: end - match.range.location - match.range.length))
            var declared = Set(names(rest).map { $0.replacingOccurrences(of: "-", with: "_") })
            for (variable, modules) in variables where rest.range(of: #"\b\#(variable)\b"#, options: .regularExpression) != nil {
                declared.formUnion(modules)
            }
            let explicit = path.firstMatch(in: rest, range: NSRange(location: 0, length: (rest as NSString).length))
                .map { (rest as NSString).substring(with: $0.range(at: 1)) }
            let folder = explicit ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return (name.replacingOccurrences(of: "-", with: "_"), folder, declared)
        }
    }

    /// Each import of a module the target neither declares nor gets from the toolchain: SwiftPM
    /// builds a target's dependencies' dependencies first, so such an import compiles until the
    /// chain that brought the module changes.
    static func undeclaredImports(_ imports: [(file: String, module: String)], module: String, declared: Set<String>) -> [String] {
        imports.filter { $0.module != module && !declared.contains($0.module) && !system.contains($0.module) }
            .map { "\($0.file) imports \($0.module)" }.sorted()
    }

    func testEveryTargetImportsOnlyWhatItDeclares() throws {
        let targets = try Self.targets()
        XCTAssertGreaterThan(targets.count, 25, "Package.swift's targets were not read")
        for target in targets {
            let folder = Self.root.appendingPathComponent(target.folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            let imports = try files.flatMap { file in
                try Self.imports(in: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)).map { ("\(target.folder)/\(file)", $0) }
            }
            XCTAssertEqual(Self.undeclaredImports(imports, module: target.module, declared: target.declared), [], "\(target.module) declares \(target.declared.sorted())")
        }
    }

    /// The check can fail: a module reached through another target's dependencies is caught.
    func testTheImportRuleCatchesAnUndeclaredModule() throws {
        let serve = try XCTUnwrap(Self.targets().first { $0.module == "a11ykb_serve" })
        XCTAssertEqual(Self.undeclaredImports([("Sources/a11ykb-serve/main.swift", "Hummingbird"), ("Sources/a11ykb-serve/main.swift", "Foundation")],
                                              module: serve.module, declared: serve.declared),
                       ["Sources/a11ykb-serve/main.swift imports Hummingbird"])
    }

    /// The check itself can fail: a store that reaches up to search, or a cycle, is caught.
    func testTheRuleCatchesALayerThatReachesUp() {
        XCTAssertEqual(Self.upwardDependencies(["KBStore": ["KBModel", "KBSearch"], "KBSearch": ["KBStore"]]),
                       ["KBStore -> KBSearch"])
        XCTAssertEqual(Self.upwardDependencies(["KBRead": ["KBRead"]]), ["KBRead -> KBRead"])
    }
}

/// The skins write an answer through its document (`Document.rendered`), not by calling a
/// renderer's pieces: one path per answer, whatever the skin. The renderers the skins still call
/// directly are listed here, and the list only shrinks: a skin that calls one not listed (the
/// component search's, which now answers as `ComponentSearchDocument`) fails.
final class AnswerPathTests: XCTestCase {
    static let skins = ["a11ykb", "a11ykb-mcp", "A11yKBMCP", "A11yKBServer", "a11ykb-serve"]
    /// Still called by a skin: none now (the conformance tools' data and the search's corrections
    /// are their documents' `json` and `corrections`; a listing's colours are a `SearchStyle`).
    static let stillDirect: Set<String> = []

    static func renderersCalled(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"\b([A-Z][A-Za-z]*Rendering)\."#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    func testSkinsCallNoRendererBesidesThoseListed() throws {
        var called: [String: Set<String>] = [:]
        for skin in Self.skins {
            let folder = LayerTests.root.appendingPathComponent("Sources/\(skin)")
            for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for renderer in Self.renderersCalled(in: text).subtracting(Self.stillDirect) { called[renderer, default: []].insert("\(skin)/\(file)") }
            }
        }
        XCTAssertEqual(called, [:], "answer through the document (Document.rendered), not the renderer's pieces")
    }

    func testTheCheckFindsARendererCall() {
        XCTAssertEqual(Self.renderersCalled(in: "let text = ComponentSearchRendering.text(result) + Links.x"), ["ComponentSearchRendering"])
    }
}

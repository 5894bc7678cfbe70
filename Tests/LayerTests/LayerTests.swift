import Foundation
import XCTest

/// The layer rules of docs/architecture.md, checked on the sources: a layer depends only on layers
/// below it (Package.swift), and no file imports a layer its target does not declare. SwiftPM
/// lets a file import any module built before it, so without this test a stray `import` would
/// quietly bring a cycle back.
final class LayerTests: XCTestCase {
    /// Bottom to top. A library target may depend on targets before it in this list, never after.
    static let order = ["KBResources", "KBFiles", "KBModel", "KBRead", "KBNormalize", "KBStore", "KBSearch",
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
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words.count > index + 1,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                found.append(("\(target)/\(file)", String(words[index + 1])))
            }
        }
        return found
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

    /// The check itself can fail: a store that reaches up to search, or a cycle, is caught.
    func testTheRuleCatchesALayerThatReachesUp() {
        XCTAssertEqual(Self.upwardDependencies(["KBStore": ["KBModel", "KBSearch"], "KBSearch": ["KBStore"]]),
                       ["KBStore -> KBSearch"])
        XCTAssertEqual(Self.upwardDependencies(["KBRead": ["KBRead"]]), ["KBRead -> KBRead"])
    }
}

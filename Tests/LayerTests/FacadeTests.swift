import Foundation
import XCTest

/// The façade is the boundary: `Sources/A11yKB/Exports.swift` re-exports the types the skins use,
/// one by one, never a whole layer, so a layer's other declarations stay out of the skins' reach
/// (a skin cannot import a layer itself: `LayerTests.testSkinsSeeTheLibraryThroughTheFacadeOnly`).
/// A type the skins stop using leaves the list, so that it names what they use and no more.
final class FacadeTests: XCTestCase {
    static let exports = LayerTests.root.appendingPathComponent("Sources/A11yKB/Exports.swift")
    /// Every target that sees the library through the façade (a11ykb-bench too: it imports A11yKB alone of the library).
    static let skins = LayerTests.skins + ["a11ykb-bench"]

    /// The re-exports of a source: scoped ones (`@_exported import struct KBModel.Family`) as
    /// their declaration's name, whole modules (`@_exported import KBModel`) apart.
    static func reExports(in text: String) -> (declarations: [String], modules: [String]) {
        var declarations: [String] = [], modules: [String] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "@_exported", words[1] == "import" else { continue }
            if words.count == 3 { modules.append(String(words[2])) } else if let name = words[3].split(separator: ".").last {
                declarations.append(String(name))
            }
        }
        return (declarations, modules)
    }

    /// The identifiers a skin's code names (comments left out).
    static func identifiers(of skin: String) throws -> Set<String> {
        let folder = LayerTests.root.appendingPathComponent("Sources/\(skin)")
        var names: Set<String> = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                names.formUnion(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            }
        }
        return names
    }

    func testTheFacadeReExportsNoWholeLayer() throws {
        let exported = Self.reExports(in: try String(contentsOf: Self.exports, encoding: .utf8))
        XCTAssertGreaterThan(exported.declarations.count, 50, "Exports.swift was not read")
        XCTAssertEqual(exported.modules, [], "re-export the types the skins use, one by one")
    }

    func testEveryReExportedTypeIsNamedByASkin() throws {
        let named = try Self.skins.reduce(into: Set<String>()) { $0.formUnion(try Self.identifiers(of: $1)) }
        let exported = Self.reExports(in: try String(contentsOf: Self.exports, encoding: .utf8)).declarations
        XCTAssertEqual(exported.filter { !named.contains($0) }, [], "no skin names these: take them out of Exports.swift")
    }

    /// The check can fail: a whole layer re-exported is caught beside the scoped re-exports.
    func testTheCheckFindsAWholeLayer() {
        let text = "// @_exported import KBQuery\n@_exported import enum KBModel.Family\n@_exported import KBModel\nimport KBStore\n"
        let found = Self.reExports(in: text)
        XCTAssertEqual(found.declarations, ["Family"])
        XCTAssertEqual(found.modules, ["KBModel"])
        // And the import rule reads a re-exported declaration's module.
        XCTAssertEqual(LayerTests.imports(in: text), ["KBModel", "KBModel", "KBStore"])
    }
}

// Test helpers exist in debug builds only: `swift build -c release` builds every target, and
// this one imports XCTest and A11yKB for testing, which release builds (static stdlib) lack.
#if DEBUG
import Foundation
import XCTest

/// The bad input files the importer's library tests and the `import` command's tests share.
extension Fixtures {
    /// One bad file, and the one-line diagnostic it must get: `path:line: reason` or `path: reason`.
    public struct BadFile: Sendable {
        public var name: String
        public var line: Int?
        public var reason: String
    }

    /// The bad files of the issue, written into `folder`. Binary ones are generated, not committed.
    public static func writeBadFiles(into folder: URL) throws -> [BadFile] {
        func write(_ name: String, _ data: Data) throws { try data.write(to: folder.appendingPathComponent(name)) }
        try write("empty.md", Data())
        var binary = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        binary[10] = 0
        try write("binary.md", binary)
        try write("invalid-utf8.md", Data("# Button\n\n## iOS Developer Notes\n\n- Name: caf".utf8) + Data([0xC3, 0x28]) + Data(" ok\n".utf8))
        try write("broken-yaml.md", Data("---\ntitle: Broken\nkeyboard:\n  tab: moves\n  bad: : x: [\n---\n# Broken\n".utf8))
        try write("unclosed-yaml.md", Data("---\ntitle: Never closed\nkeyboard:\n  tab: moves focus\n\n# Body\n".utf8))
        try write("list-yaml.md", Data("---\n- keyboard\n- mobile\n---\n# A list where a map belongs\n".utf8))
        return [
            BadFile(name: "empty.md", line: nil, reason: "empty file"),
            BadFile(name: "binary.md", line: nil, reason: "binary file (NUL bytes), not text"),
            BadFile(name: "invalid-utf8.md", line: 5, reason: "not valid UTF-8"),
            BadFile(name: "broken-yaml.md", line: 5, reason: "front matter is not valid YAML"),
            BadFile(name: "unclosed-yaml.md", line: 1, reason: "front matter opened with --- never closes"),
            BadFile(name: "list-yaml.md", line: 2, reason: "front matter is a list, not a map of keys"),
        ]
    }

    /// The seed plus one of each bad file, and the files that are odd but not errors.
    public static func mixedFolder(_ test: XCTestCase) throws -> (folder: URL, bad: [BadFile]) {
        let folder = try temporaryFolder(test).appendingPathComponent("mixed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: seedFolder.path) {
            try FileManager.default.copyItem(at: seedFolder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        var bad = try writeBadFiles(into: folder)
        try writeBigFile(folder.appendingPathComponent("huge.md"))
        bad.append(BadFile(name: "huge.md", line: nil, reason: "file too large (50 MB, over the 16 MB limit for one document); not read"))
        try Data("# Only a heading\n\n## And another\n".utf8).write(to: folder.appendingPathComponent("heading-only.md"))
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createDirectory(at: loop, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: loop.appendingPathComponent("again").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.md").path, withDestinationPath: "b.md")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.md").path, withDestinationPath: "a.md")
        return (folder, bad)
    }

    /// 50 MB of plausible markdown (bullets under a platform heading), written in chunks.
    public static func writeBigFile(_ url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("# Huge\n\n## iOS Developer Notes\n\n".utf8))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        let chunk = Data(String(repeating: "- Name: a bullet that goes on and on to fill fifty megabytes of text\n", count: 16_384).utf8)
        while try handle.offset() < 50 << 20 { try handle.write(contentsOf: chunk) }
        try handle.truncate(atOffset: 50 << 20)
    }
}
#endif

// Test helpers exist in debug builds only (see Processes.swift).
#if DEBUG
import A11yKB
import Foundation

extension Fixtures {
    nonisolated(unsafe) private static var served: String?
    private static let servedLock = NSLock()

    /// The knowledge base the team server's tests serve: the corpus (MagentaA11y today, WCAG, ACT,
    /// axe-core) imported once per test process, with a saved plan ("release 12": web/button and
    /// web/checkbox). Shared, not copied: a server only reads it.
    public static func servedKnowledgeBase() throws -> String {
        try servedLock.withLock {
            if let served { return served }
            var folders: [String] = []
            for name in ["magentaA11y-2026", "wcag", "act-rules", "axe-core"] { folders.append(try corpus(name).path) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("a11ykb-server-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("kb.sqlite").path
            let kb = try KnowledgeBase.open(forImport: file)
            _ = try kb.importFiles(folders)
            _ = try kb.savePlan("release 12", checklist: try kb.checklist(["web/button", "web/checkbox"]))
            try kb.close()
            served = file
            return file
        }
    }
}
#endif

#if DEBUG
import KBModel

extension Fixtures {
    /// How many criteria of the built-in WCAG 2.2 catalogue are active up to `level`: what a
    /// coverage to that level lists, derived from the catalogue rather than written in a test.
    public static func activeCriteria(upTo level: WCAGLevel) -> Int {
        WCAGCatalogue.builtIn.filter { row in
            row.status == "active" && row.level.flatMap { WCAGLevel(rawValue: $0) }.map { $0 <= level } == true
        }.count
    }
}
#endif

import Foundation
import KBFiles

// What a path must hold before a named knowledge base is opened. Opening a missing path once made
// an empty knowledge base there (and its folders): a mistyped path (typo-dir/kb.sqlit) then searched nothing
// and said only "no component matches". A question now needs a knowledge base to be there; only
// an import makes one, and only in a folder that exists.
extension KnowledgeBase {
    /// Refuses a path that holds no knowledge base: nothing there, or an empty file. Anything else
    /// (a folder, a FIFO, another database) is left to `init(path:)` to refuse in its own words.
    package static func requireExisting(_ path: String) throws {
        switch FileKind(path) {
        case .missing:
            throw StoreError.noKnowledgeBase(path)
        case .regular:
            if FileKind.size(of: path) == 0 { throw StoreError.noKnowledgeBase(path) }
        default:
            break
        }
    }

    /// Refuses a new knowledge base whose folder does not exist: a mistyped folder is never made.
    package static func requireFolder(of path: String) throws {
        guard FileKind(path) == .missing else { return }
        let folder = FileKind.folder(of: path)
        if FileKind(folder) == .missing { throw StoreError.noSuchFolder(path, folder) }
    }
}

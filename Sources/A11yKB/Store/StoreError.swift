import Foundation

/// Why a knowledge base file cannot be opened or written. Each case names the file.
public enum StoreError: Error, LocalizedError, CustomStringConvertible, Equatable {
    case notADatabase(String)
    case notAKnowledgeBase(String)
    case newerSchema(String, [String])
    case corrupt(String, String)
    case cannotCreate(String, String)
    case cannotOpen(String, String)
    /// `export db FILE` naming the knowledge base itself (or its -wal or -shm).
    case wouldOverwriteKnowledgeBase(String)

    public var description: String {
        switch self {
        case .notADatabase(let path): "\(path) is not an SQLite database; refusing to touch it"
        case .notAKnowledgeBase(let path): "\(path) is an SQLite database but not an a11ykb knowledge base; refusing to touch it"
        case let .newerSchema(path, unknown):
            "\(path) was written by a newer a11ykb (schema \(unknown.joined(separator: ", "))); upgrade a11ykb to use it"
        case let .corrupt(path, reason):
            "\(path) is a corrupt SQLite database (\(reason)); refusing to touch it: restore it from a backup or move it aside"
        case let .cannotCreate(path, reason): "cannot create \(path): \(reason)"
        case let .cannotOpen(path, reason): "cannot open \(path): \(reason)"
        case .wouldOverwriteKnowledgeBase(let path):
            "\(path) is the knowledge base itself; refusing to write over it: name another file"
        }
    }

    public var errorDescription: String? { description }
}

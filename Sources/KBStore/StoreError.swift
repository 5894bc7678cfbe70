import Foundation
import KBModel

/// Why a knowledge base file cannot be opened or written. Each case names the file.
public enum StoreError: Error, LocalizedError, HintedError, Equatable {
    case notADatabase(String)
    case notAKnowledgeBase(String)
    case newerSchema(String, [String])
    /// A knowledge base of an older schema opened to be read only, which never brings it up to date.
    case olderSchema(String)
    case corrupt(String, String)
    case cannotCreate(String, String)
    case cannotOpen(String, String)
    /// The path names something that is not a file (a FIFO, a device, a directory): the kind.
    case notAFile(String, String)
    /// Writing needs access the file does not give: the reason, and what was to be written.
    case readOnly(String, String, String)
    /// Another process holds the write lock, and the seconds the import would wait passed.
    case locked(String, seconds: Double)
    /// A write failed part-way (a full disk): SQLite's reason. The transaction was rolled back.
    case writeFailed(String, String)
    /// No place for the default knowledge base (`HOME` empty or relative): the reason.
    case noDefaultPlace(String)
    /// `export db FILE` naming the knowledge base itself (or its -wal or -shm).
    case wouldOverwriteKnowledgeBase(String)
    /// A write committed, but its closing checkpoint did not complete (a reader held it past the
    /// wait, a full disk): the data is in the `-wal` file only. The reason.
    case notCheckpointed(String, String)
    /// A query named a path that holds no knowledge base (nothing there, or an empty file).
    case noKnowledgeBase(String)
    /// A file named as another knowledge base to read (an older one to compare) that cannot be
    /// read as one, for whatever reason: the same words for each, so they tell nothing of the path.
    case unreadableKnowledgeBase(String)
    /// A source file a knowledge base names that a11ykb will not read (outside its root, or not
    /// the file recorded): the file as named, and why.
    case refusedSource(String, String)
    /// A new knowledge base named in a folder that does not exist (a mistyped path): the folder.
    case noSuchFolder(String, String)

    public func message(_ hint: HintWording) -> String {
        switch self {
        case .notADatabase(let path): "\(path) is not an SQLite database; refusing to touch it"
        case .notAKnowledgeBase(let path): "\(path) is an SQLite database but not an a11ykb knowledge base; refusing to touch it"
        case let .newerSchema(path, unknown):
            "\(path) was written by a newer a11ykb (schema \(unknown.joined(separator: ", "))); upgrade a11ykb to use it"
        case .olderSchema(let path):
            "\(path) was written by an older a11ykb and is open to be read only, which never updates it; "
                + "open it once with a11ykb itself to bring it up to date"
        case let .corrupt(path, reason):
            "\(path) is a corrupt SQLite database (\(reason)); refusing to touch it: restore it from a backup or move it aside"
        case let .cannotCreate(path, reason): "cannot create \(path): \(reason)"
        case let .cannotOpen(path, reason): "cannot open \(path): \(reason)"
        case let .notAFile(path, kind):
            "\(path) is \(kind), not a knowledge base file: name a regular file, or a new path to create one"
        case let .readOnly(path, reason, need):
            "cannot write \(path): \(reason); \(need) needs to write the file and its folder (searching and the other queries only read it)"
        case let .locked(path, seconds):
            "\(path) is locked by another import; gave up waiting after \(StoreError.seconds(seconds))"
                + (hint(.waitForLock).map { " (\($0))" } ?? "") + "; nothing was imported"
        case let .writeFailed(path, reason):
            "cannot write \(path): \(reason); nothing was written, the knowledge base is as it was"
        case .noDefaultPlace(let reason):
            "no place for the default knowledge base: \(reason); name one with "
                + ((hint(.nameDatabase).map { [$0] } ?? []) + ["$A11YKB_DB or $XDG_DATA_HOME"]).joined(separator: ", ")
        case .wouldOverwriteKnowledgeBase(let path):
            "\(path) is the knowledge base itself; refusing to write over it: name another file"
        case let .notCheckpointed(path, reason):
            "the import is committed but only in \(path)-wal, not yet in \(path) itself (\(reason)): keep the -wal file "
                + "with it (a copy of the .sqlite alone lacks the import); the next import folds it in"
        case .noKnowledgeBase(let path):
            "no knowledge base at \(path)" + (hint(.createKnowledgeBase(path: path)).map { "; create one with \($0)" } ?? "")
        case .unreadableKnowledgeBase(let path):
            "\(path) is not a knowledge base a11ykb can read (nothing there, no access, not one, or of another schema)"
        case let .refusedSource(path, reason): "refusing to read \(path): \(reason)"
        case let .noSuchFolder(path, folder):
            "cannot create \(path): no folder \(folder) (a11ykb creates the knowledge base file, never its folder)"
        }
    }

    public var errorDescription: String? { description }

    /// The message without the path it names (for a temporary file's error told of the real one).
    var reason: String {
        switch self {
        case .cannotCreate(_, let reason), .cannotOpen(_, let reason), .writeFailed(_, let reason): reason
        default: description
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

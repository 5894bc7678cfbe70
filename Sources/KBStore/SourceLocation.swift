import Foundation

/// Where a source file is: the folder it was imported from (its root, kept once in `roots`) and its
/// path below that root, as `sources.path` holds it. Nothing else of the importing machine is
/// stored, so a knowledge base copied elsewhere names paths that mean the same thing there.
///
/// An import finds a file's stored row by where the file is now (`absolute`): importing the same
/// checkout again updates its rows, a second copy of it elsewhere gets rows of its own.
package struct SourceLocation: Hashable, Sendable {
    /// The absolute folder the file was imported from; nil for documents that are not files (the
    /// embedded seed's `(embedded)/seed/NAME`).
    package var root: String?
    /// Below `root`, without a leading `/`; the whole name when there is no root.
    package var path: String

    package init(root: String?, path: String) {
        self.root = root
        self.path = path
    }

    /// `file` (absolute) split at `root` when it lies below it.
    package init(file: String, root: String?) {
        guard let root, let relative = SourceLocation.relative(file, to: root) else {
            self.init(root: nil, path: file)
            return
        }
        self.init(root: root, path: relative)
    }

    /// The file's path on the machine that imported it.
    package var absolute: String {
        guard let root else { return path }
        return root == "/" ? "/" + path : root + "/" + path
    }

    /// The file's name, without its folders.
    package var fileName: String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The file on this machine, when the stored location can name only a file below its root:
    /// the root absolute, the path relative and made of plain names (no `.`, `..` or empty part),
    /// and the file, links resolved, still below the root, links resolved. Nil for any other
    /// location: a knowledge base is a file anyone may hand over, and its rows must not make
    /// a11ykb read `/etc/passwd` (root `/`) or `../../.ssh/id_rsa`.
    package var containedFile: String? {
        guard namesFileBelowRoot, let root else { return nil }
        let file = absolute
        guard let realRoot = SourceLocation.realPath(root), let realFile = SourceLocation.realPath(file),
              SourceLocation.relative(realFile, to: realRoot) != nil else { return nil }
        return realFile
    }

    /// Whether the location, as written, names a file below its root: the root absolute, the path
    /// relative and made of plain names (no `.`, `..` or empty part, no control character).
    package var namesFileBelowRoot: Bool {
        guard let root, root.hasPrefix("/"), !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            && !root.split(separator: "/").contains(where: { $0 == "." || $0 == ".." })
            && !(root + path).unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    }

    /// `path` with every link resolved, or nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func relative(_ file: String, to root: String) -> String? {
        let prefix = root == "/" ? "/" : root + "/"
        guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
        return String(file.dropFirst(prefix.count))
    }

    /// The same rejoining in SQL, for `sources AS s LEFT JOIN roots AS r` (the view `v_sources`).
    static let absoluteSQL = "CASE WHEN r.path IS NULL THEN s.path WHEN r.path = '/' THEN '/' || s.path ELSE r.path || '/' || s.path END"
}

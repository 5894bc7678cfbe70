import Foundation
import KBFiles
import KBModel

/// A file chosen for import, with what its place says about it.
package struct PendingFile: Sendable, Equatable {
    package enum Role: Sendable, Equatable {
        /// A document describing one component (or, content.json, many).
        case document
        /// A video's captions, attached to the component of its folder.
        case transcript
    }

    package var path: String
    package var hints: SourceHints
    package var role: Role
    /// The folder `sources.path` is kept relative to (`SourceLocation`): the MagentaA11y checkout
    /// the file lies in, else the folder given to the import, else the file's own folder. Nil for
    /// documents that are not files.
    package var root: String?

    package init(path: String, hints: SourceHints, role: Role, root: String? = nil) {
        self.path = path
        self.hints = hints
        self.role = role
        self.root = root
    }
}

/// Finds what to import under the paths a user gave.
///
/// Inside a MagentaA11y checkout the layout is trusted: today's
/// `public/content/documentation/{native,web}/<category>/<slug>.md` and caption files under
/// `public/content/assets/media/video/`, the Jekyll era's `_checklist-{native,web}/<slug>.md`; the
/// file name is the slug and `_`-prefixed files are templates or drafts. The ACT rules' checkout
/// keeps its rules in `_rules/*.md`, axe-core's in `lib/rules/*.json`; an installed axe-core's list
/// is `axe-*-getRules.json`. Anything else in a checkout is not guessed at. Outside a checkout every file is a document, identified by its content.
package enum FileCollector {
    package typealias Skip = ImportSummary.Skip

    package struct Result: Sendable {
        package var files: [PendingFile] = []
        package var skipped: [Skip] = []
        package var errors: [Skip] = []
        /// Files in a checkout that are not documentation (README, LICENSE, code).
        package var ignoredInCheckout = 0
        /// Folders given that are (or lie in) a MagentaA11y checkout: the knowledge base mirrors
        /// them, so a source below one that was not found this time is gone from the checkout.
        package var mirrored: [String] = []
        /// Folders below those that could not be read: what they held is unknown, not gone.
        package var unreadable: [String] = []
        /// The checkouts found below the mirrored folders: what their layout owns is mirrored.
        package var checkouts: Set<String> = []
    }

    package static func collect(_ paths: [String]) -> Result {
        var result = Result()
        var owners = CaptionOwners()
        for path in paths {
            // An empty name would be read as the current folder (knowledge base included).
            guard !path.isEmpty else {
                result.errors.append(Skip(path: path, reason: "an empty name names no file or folder"))
                continue
            }
            let url = URL(fileURLWithPath: physical(path))
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                result.errors.append(Skip(path: path, reason: "no such file or folder"))
                continue
            }
            if isDirectory.boolValue {
                var files: [String] = []
                let skippedBefore = result.skipped.count
                walk(url.path, into: &files, skipped: &result.skipped)
                let roots = checkoutRoots(files)
                // What could not be read is unknown, not absent: an error (status 1, said even
                // when only errors are shown), and never taken for gone by a mirror.
                let cannotRead = result.skipped[skippedBefore...].filter { $0.reason == unreadableFolder || $0.reason == unreadable }
                result.skipped.removeAll { skip in cannotRead.contains(skip) }
                result.errors += cannotRead
                if !roots.isEmpty {
                    result.mirrored.append(url.path)
                    result.checkouts.formUnion(roots)
                    result.unreadable += cannotRead.map(\.path)
                }
                for file in files.sorted() {
                    let before = result.files.count
                    classify(file, checkoutRoots: roots, owners: &owners, into: &result)
                    root(result.files[before...].indices, in: &result, checkoutRoots: roots, otherwise: url.path)
                }
            } else if (try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)[.type]
                            as? FileAttributeType) != .typeRegular {
                // A FIFO or a device would block or never end.
                result.skipped.append(Skip(path: path, reason: "not a regular file"))
            } else {
                let roots = checkoutRoots([url.path])
                let before = result.files.count
                classify(url.path, checkoutRoots: roots, owners: &owners, into: &result, explicit: true)
                root(result.files[before...].indices, in: &result, checkoutRoots: roots, otherwise: FileKind.folder(of: url.path))
            }
        }
        return result
    }

    /// Whether the walk of mirrored `folder` (holding `checkouts`) takes the file at `path` as its
    /// own: not hidden below the folder, and a document or captions by the layout (a file the
    /// checkout's layout ignores, such as one at its root, was imported by name and is not the
    /// layout's to remove).
    static func owns(_ path: String, folder: String, checkouts: Set<String>) -> Bool {
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.hasPrefix(prefix), !path.dropFirst(prefix.count).split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            return false
        }
        var result = Result()
        var owners = CaptionOwners()
        classify(path, checkoutRoots: checkouts.union(checkoutRoots([path])), owners: &owners, into: &result, readsLinks: false)
        return !result.files.isEmpty
    }

    /// The one spelling of a path given to an import: absolute, with every symbolic link in its
    /// folders resolved (`cd link && import .` and `import /path/link` name the same sources, and
    /// mirror the same checkout). A named file that is itself a link keeps its own name: inside a
    /// checkout its name is the slug.
    static func physical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if FileKind.isSymbolicLink(url.path), FileKind(url.path) != .directory {
            return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
        }
        return url.resolvingSymlinksInPath().path
    }

    /// Every regular file below `directory`, hidden ones aside. Symbolic links to folders are not
    /// followed: that is what keeps a link loop from walking forever.
    static func walk(_ directory: String, into files: inout [String], skipped: inout [Skip]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            skipped.append(Skip(path: directory, reason: unreadableFolder))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let type = attributes[.type] as? FileAttributeType else {
                skipped.append(Skip(path: path, reason: unreadable))
                continue
            }
            switch type {
            case .typeDirectory:
                walk(path, into: &files, skipped: &skipped)
            case .typeRegular:
                files.append(path)
            case .typeSymbolicLink:
                // What the link names decides, as for a file named by the user.
                switch FileKind(path) {
                case .regular: files.append(path)
                case .directory: skipped.append(Skip(path: path, reason: "symbolic link to a folder, not followed"))
                case .missing, .danglingLink: skipped.append(Skip(path: path, reason: "broken or looping symbolic link"))
                case let kind: skipped.append(Skip(path: path, reason: "not a regular file (symbolic link to \(kind.article))"))
                }
            default:
                skipped.append(Skip(path: path, reason: "not a regular file"))
            }
        }
    }

    /// Gives the files just classified their root: the innermost checkout holding them, else `otherwise`.
    static func root(_ files: Range<Int>, in result: inout Result, checkoutRoots: Set<String>, otherwise: String) {
        for index in files {
            let path = result.files[index].path
            let checkout = checkoutRoots.filter { path.hasPrefix(($0.isEmpty ? "" : $0) + "/") }.max { $0.count < $1.count }
            result.files[index].root = checkout.map { $0.isEmpty ? "/" : $0 } ?? otherwise
        }
    }

    static let unreadableFolder = "folder cannot be read"
    static let unreadable = "cannot be read"

    static let markers = ["/_checklist-native/", "/_checklist-web/", "/public/content/"] + standardsMarkers

    /// The rules' checkouts: the ACT rules' site (`_rules/*.md`) and axe-core (`lib/rules/*.json`).
    static let standardsMarkers = ["/_rules/", "/lib/rules/"]

    /// Folders that are MagentaA11y checkouts (or the ACT rules' or axe-core's), found by the layout's own folders.
    static func checkoutRoots(_ files: [String]) -> Set<String> {
        var roots = Set<String>()
        for file in files {
            for marker in markers {
                if let range = file.range(of: marker) { roots.insert(String(file[..<range.lowerBound])) }
            }
        }
        return roots
    }

    static func classify(_ path: String, checkoutRoots: Set<String>, owners: inout CaptionOwners, into result: inout Result,
                         explicit: Bool = false, readsLinks: Bool = true) {
        let parts = path.split(separator: "/").map(String.init)
        let name = parts.last ?? path
        let stem = (name as NSString).deletingPathExtension
        // The page's address: case and `_` vs `-` changed across eras (`Focus.md`, `loading_spinner.md`);
        // a name that is no slug is reduced to one (`Slug`), never stored as written.
        let slug = Slug.from(stem)
        let ext = (name as NSString).pathExtension.lowercased()
        let parent = parts.count >= 2 ? parts[parts.count - 2] : ""

        if parent == "_checklist-native" || parent == "_checklist-web" {
            guard ext == "md" || ext == "markdown" else { return ignore(path, explicit, &result) }
            if stem.hasPrefix("_") {
                result.skipped.append(Skip(path: path, reason: "template or draft (name starts with _)"))
                return
            }
            let family: Family = parent == "_checklist-web" ? .web : .native
            result.files.append(PendingFile(path: path, hints: SourceHints(slug: slug, family: family), role: .document))
            return
        }
        if let docs = parts.lastIndex(of: "documentation"), docs >= 2, parts[docs - 1] == "content", parts[docs - 2] == "public",
           parts.count > docs + 1 {
            guard let family = Family(rawValue: parts[docs + 1]), ext == "md" || ext == "markdown" else {
                return ignore(path, explicit, &result)
            }
            if stem.hasPrefix("_") {
                result.skipped.append(Skip(path: path, reason: "template or draft (name starts with _)"))
                return
            }
            let category = parts.count > docs + 3 ? parts[docs + 2] : nil
            // Two pages of one name in two category folders: the folder decides (`PageNames`).
            let familyFolder = (path.hasPrefix("/") ? "/" : "") + parts[...(docs + 1)].joined(separator: "/")
            let page = readsLinks ? owners.pages.slug(of: parts[(docs + 2)...].joined(separator: "/"), in: familyFolder) : nil
            result.files.append(PendingFile(path: path, hints: SourceHints(slug: page ?? slug, family: family, category: category),
                                            role: .document))
            return
        }
        // `.../video/<family>/<component>/<file>.vtt`, or a caption straight in `<family>/`.
        if ext == "vtt", let video = parts.lastIndex(of: "video"), parts.count - video >= 3 {
            let family: Family = parts[video + 1] == "web" ? .web : .native
            let folder = Slug.from(parts.count - video >= 4 ? parent : stem) ?? ""
            let root = checkoutRoots.first { path.hasPrefix($0 + "/") }
            let slug = readsLinks ? owners.owner(of: path, family: family, folder: folder, checkoutRoot: root) : folder
            result.files.append(PendingFile(path: path, hints: SourceHints(slug: slug, family: family), role: .transcript))
            return
        }
        // The standards: what their checkouts keep rules in, and an installed axe-core's rule list.
        if (path.contains("/_rules/") && (ext == "md" || ext == "markdown")) || (path.contains("/lib/rules/") && ext == "json")
            || (ext == "json" && name.hasSuffix("getRules.json")) {
            result.files.append(PendingFile(path: path, hints: SourceHints(looseFileName: name), role: .document))
            return
        }
        if name == "content.json" {
            result.files.append(PendingFile(path: path, hints: SourceHints(), role: .document))
            return
        }
        if checkoutRoots.contains(where: { path.hasPrefix($0 + "/") }) {
            return ignore(path, explicit, &result)
        }
        result.files.append(PendingFile(path: path, hints: SourceHints(looseFileName: name),
                                        role: ext == "vtt" ? .transcript : .document))
    }

    static func ignore(_ path: String, _ explicit: Bool, _ result: inout Result) {
        if explicit {
            result.skipped.append(Skip(path: path, reason: "not documentation in a MagentaA11y checkout"))
        } else {
            result.ignoredInCheckout += 1
        }
    }
}

import Foundation
import KBModel
import KBRead

/// Which component a caption file belongs to. Caption folders are not always named as the entry's
/// slug (`video/web/radio/` holds the captions of `radio-button`), so the entry's own links to its
/// videos decide first: the entry whose `<track>` names this very file, else the one whose videos
/// live in this folder. Without such a link the folder's name is matched against the checkout's
/// entries: the entry of that slug, else the one entry whose slug starts with it (`sticky` →
/// `sticky-element`). A caption no entry claims keeps its folder's name and is reported by the
/// import if no component has it.
struct CaptionOwners {
    /// What one checkout's entries link to, read once per import.
    struct Links {
        /// `media/video/web/radio/radioAndroidTalkback-en-US.vtt` → the entries linking it.
        var files: [String: Set<String>] = [:]
        /// `media/video/web/radio/` → the entries with videos there.
        var folders: [String: Set<String>] = [:]
        /// The entries' slugs, per family.
        var slugs: [Family: Set<String>] = [:]
    }

    private var checkouts: [String: Links] = [:]
    /// The slug each documentation page goes by (the folder decides between pages of one name).
    var pages = PageNames()

    mutating func owner(of path: String, family: Family, folder: String, checkoutRoot: String?) -> String {
        guard let root = checkoutRoot else { return folder }
        if checkouts[root] == nil { checkouts[root] = CaptionOwners.links(root) }
        let links = checkouts[root]!
        guard let key = CaptionOwners.mediaKey(path) else { return folder }
        let folderKey = String(key[..<(key.lastIndex(of: "/").map { key.index(after: $0) } ?? key.endIndex)])
        if let owners = links.files[key], owners.count == 1 { return owners.first! }
        if let owners = links.folders[folderKey], owners.count == 1 { return owners.first! }
        let slugs = links.slugs[family] ?? []
        if slugs.contains(folder) { return folder }
        let prefixed = slugs.filter { $0.hasPrefix(folder + "-") }
        if prefixed.count == 1 { return prefixed.first! }
        return folder
    }

    /// `.../assets/media/video/web/radio/x.vtt`, `media/video/...`, `/media/video/...` →
    /// `media/video/web/radio/x.vtt`: how the entries write the address of a video file.
    static func mediaKey(_ path: String) -> String? {
        guard let range = path.range(of: "media/video/") else { return nil }
        return String(path[range.lowerBound...])
    }

    /// Every documentation entry of the checkout, with the video files its page links to (the
    /// `src` of its `<source>` and `<track>` elements, as the outline walker reads them).
    static func links(_ root: String) -> Links {
        var links = Links()
        let documentation = root + "/public/content/documentation"
        for family in Family.allCases {
            let folder = documentation + "/" + family.rawValue
            for (relative, slug) in PageNames.read(folder).sorted(by: { $0.key < $1.key }) {
                links.slugs[family, default: []].insert(slug)
                guard let data = FileManager.default.contents(atPath: folder + "/" + relative),
                      let text = String(data: data, encoding: .utf8), text.contains("media/video/") else { continue }
                for source in OutlineWalker.sources(in: text) {
                    guard let key = mediaKey(source) else { continue }
                    links.files[key, default: []].insert(slug)
                    if let slash = key.lastIndex(of: "/") {
                        links.folders[String(key[...slash]), default: []].insert(slug)
                    }
                }
            }
        }
        return links
    }
}

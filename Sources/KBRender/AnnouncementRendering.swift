/// What screen readers say (`a11ykb` MCP's announcements answer): grouped by component, then by
/// platform and origin, each announcement with the line it is written on.
import KBModel
import KBQuery

public enum AnnouncementRendering {
    public static func markdown(_ announcements: [SpokenAnnouncement]) -> String {
        func e(_ s: String) -> String { MarkdownText.inline(s) }
        var out = ""
        var component = "", group = "", source = ""
        for a in announcements {
            let key = "\(a.family.rawValue)/\(a.component)"
            if key != component {
                component = key
                group = ""
                source = ""
                out += (out.isEmpty ? "" : "\n") + "## \(e(a.title)) (\(e(key)))\n"
            }
            let platform = a.platform.map(platformName) ?? (a.family == .web ? "Web" : "every platform")
            let heading = [platform, a.screenReader].compactMap { $0 }.joined(separator: " · ")
                + (a.origin == .transcript ? " — video caption transcript" : " — examples in the notes")
            if heading != group {
                group = heading
                out += "\n### \(e(heading))\n\n"
            }
            // The file once, where it changes (a transcript comes from its caption file); then lines.
            if a.source != source {
                source = a.source
                out += "from \(e(a.source))" + (a.video.map { ", captions of the recording \(e($0))" } ?? "") + "\n"
            }
            let time = a.startMs.map { "[\(timestamp($0))] " } ?? ""
            out += "- \(time)\"\(e(a.text))\"" + (a.context.map { " (\(e($0)))" } ?? "") + " (line \(a.line))\n"
        }
        return out
    }

    static func platformName(_ platform: Platform) -> String { platform.name }

    /// `1:05.2` from 65200 ms.
    static func timestamp(_ ms: Int) -> String {
        let tenths = (ms % 1000) / 100, seconds = (ms / 1000) % 60, minutes = ms / 60_000
        return "\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(tenths)"
    }
}

/// The announcements a question shows, with how many match: markdown, and as data.
public struct AnnouncementsDocument: MarkdownStructuredDocument, Sendable {
    public var shown: Shown<SpokenAnnouncement>

    public init(_ shown: Shown<SpokenAnnouncement>) { self.shown = shown }

    public var json: JSONValue { .object([("total", .int(Int64(shown.total))), ("announcements", shown.items.tabular.json)]) }

    public var markdown: String { AnnouncementRendering.markdown(shown.items) }
}

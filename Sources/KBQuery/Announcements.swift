import GRDB
import KBModel
import KBStore

/// What a screen reader says, with the component it belongs to: an example quoted in the notes or
/// an utterance of a screen-reader video's captions, and the file and line it comes from.
public struct SpokenAnnouncement: Sendable, Equatable, RowDecodable {
    public var component: String
    public var title: String
    public var family: Family
    /// nil: written for every platform of the family.
    public var platform: Platform?
    public var text: String
    /// The note in parentheses after it (`disabled state`), or the lead-in before it.
    public var context: String?
    public var origin: AnnouncementOrigin
    public var screenReader: String?
    /// A transcript utterance's place in its video.
    public var startMs: Int?
    public var endMs: Int?
    public var source: String
    public var line: Int
    /// A transcript's recording, as the component's page links it (`videos.src`): the video
    /// whose caption track is this utterance's file.
    public var video: String?

    init(row: Row) throws {
        component = row["component"]
        title = row["title"]
        family = try row.family()
        platform = try row.platform()
        text = row["text"]
        context = row["context"]
        origin = row["origin"]
        screenReader = row["screen_reader"]
        startMs = row["start_ms"]
        endMs = row["end_ms"]
        source = row["source"]
        line = row["line"]
        video = row["video"]
    }

    /// Announcements in component order, examples before transcripts, each in source order.
    /// `platform` keeps that platform's and those written for every platform of its family.
    package static func list(_ db: Database, componentID: Int64?, family: Family?, platform: Platform?,
                     origin: AnnouncementOrigin?) throws -> [SpokenAnnouncement] {
        var filters = SQLFilters()
        if let componentID { filters.add("x.component_id = ?", componentID) }
        if let family { filters.add("c.family = ?", family.rawValue) }
        if let platform { filters.add("(p.slug = ? OR (x.platform_id IS NULL AND c.family = ?))", platform.rawValue, platform.family.rawValue) }
        if let origin { filters.add("x.origin = ?", origin.rawValue) }
        return try SpokenAnnouncement.fetchAll(db, sql: """
            SELECT c.slug AS component, c.title, c.family, p.slug AS platform, x.text, x.context, x.origin, x.screen_reader,
                   x.start_ms, x.end_ms, s.path AS source, x.line,
                   CASE WHEN x.origin = 'transcript' THEN
                       (SELECT v.src FROM videos v WHERE v.component_id = x.component_id AND v.captions IS NOT NULL
                        AND substr(s.path, -length(v.captions)) = v.captions ORDER BY v.position LIMIT 1) END AS video
            FROM announcements x JOIN components c ON c.id = x.component_id LEFT JOIN platforms p ON p.id = x.platform_id
            JOIN sources s ON s.id = x.source_id
            WHERE \(filters.sql)
            ORDER BY c.family, c.slug, x.origin = 'transcript', x.position
            """, arguments: filters.arguments)
    }
}

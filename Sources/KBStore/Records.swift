import GRDB
import KBModel

// One record type per table of migrations/ (docs/schema.md), read by column name. Query types
// that join slugs in (ComponentFacts and the rest) decode their own rows by column name too.

extension Family: DatabaseValueConvertible {}
extension AnnouncementOrigin: DatabaseValueConvertible {}
extension GapProblem: DatabaseValueConvertible {}
// Open sets: any text a column holds is one (an unknown kind or aspect is kept as its slug).
extension CriterionKind: DatabaseValueConvertible {}
extension Aspect: DatabaseValueConvertible {}

struct SourceRecord: Codable, FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "sources"
    var id: Int64
    /// Nil for documents that are not files (the embedded seed).
    var rootID: Int64?
    /// Relative to the root (`SourceLocation`).
    var path: String
    var format: String
    var sha256: String
    var bytes: Int
    var importedAt: String
    var supersededBy: Int64?

    enum CodingKeys: String, CodingKey {
        case id, path, format, sha256, bytes
        case rootID = "root_id"
        case importedAt = "imported_at"
        case supersededBy = "superseded_by"
    }
}

struct PlatformRecord: Codable, FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "platforms"
    var id: Int64
    var slug: String
    var name: String
    var screenReader: String?

    enum CodingKeys: String, CodingKey {
        case id, slug, name
        case screenReader = "screen_reader"
    }
}

struct FrameworkRecord: Codable, FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "frameworks"
    var id: Int64
    var slug: String
    var name: String
    var platformID: Int64

    enum CodingKeys: String, CodingKey {
        case id, slug, name
        case platformID = "platform_id"
    }
}

package struct ComponentRecord: Codable, FetchableRecord, TableRecord, Sendable {
    package static let databaseTableName = "components"
    package var id: Int64
    package var slug: String
    package var title: String
    package var family: Family
    var category: String?
    var summary: String?
    var sourceID: Int64

    enum CodingKeys: String, CodingKey {
        case id, slug, title, family, category, summary
        case sourceID = "source_id"
    }
}

struct NoticeRecord: Codable, FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "notices"
    var id: Int64
    var sourceID: Int64
    var kind: String
    var line: Int?
    var message: String

    enum CodingKeys: String, CodingKey {
        case id, kind, line, message
        case sourceID = "source_id"
    }
}

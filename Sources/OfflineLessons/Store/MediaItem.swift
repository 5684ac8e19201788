import Foundation
internal import GRDB

/// A row of the registry's `mediaItem` table: one medium of one lesson and its download state.
struct MediaItem: Sendable, Hashable, FetchableRecord, TableRecord {
    static let databaseTableName = "mediaItem"

    enum Columns {
        static let type = Column("type")
        static let id = Column("id")
        static let medium = Column("medium")
        static let state = Column("state")
        static let link = Column("link")
        static let expectedBytes = Column("expectedBytes")
        static let receivedBytes = Column("receivedBytes")
        static let etag = Column("etag")
        static let lastModified = Column("lastModified")
        static let attempts = Column("attempts")
        static let lastError = Column("lastError")
        static let requestedAt = Column("requestedAt")
        static let completedAt = Column("completedAt")
        static let lastAccessAt = Column("lastAccessAt")
    }

    var key: MediaKey
    var state: MediaState
    /// The medium's link as the server gave it (an S3 key for audio and PDF, an absolute URL for
    /// video), resolved to a URL when fetched.
    var link: String
    var expectedBytes: Int?
    var receivedBytes: Int
    var etag: String?
    var lastModified: String?
    var attempts: Int
    var lastError: String?
    var requestedAt: Date
    var completedAt: Date?
    var lastAccessAt: Date?

    init(row: Row) throws {
        key = MediaKey(LessonID(try row.decode(Columns.type), row[Columns.id]), try row.decode(Columns.medium))
        state = try row.decode(Columns.state)
        link = row[Columns.link]
        expectedBytes = row[Columns.expectedBytes]
        receivedBytes = row[Columns.receivedBytes]
        etag = row[Columns.etag]
        lastModified = row[Columns.lastModified]
        attempts = row[Columns.attempts]
        lastError = row[Columns.lastError]
        requestedAt = row[Columns.requestedAt]
        completedAt = row[Columns.completedAt]
        lastAccessAt = row[Columns.lastAccessAt]
    }

    /// The row of one item.
    static func matching(_ key: MediaKey) -> QueryInterfaceRequest<MediaItem> {
        matching(key.lesson).filter(Columns.medium == key.medium.rawValue)
    }

    /// The rows of one lesson.
    static func matching(_ lesson: LessonID) -> QueryInterfaceRequest<MediaItem> {
        filter(Columns.type == lesson.type.rawValue && Columns.id == lesson.id)
    }
}

extension Row {
    /// A column holding one of the library's string enumerations (type, medium, state, kind).
    func decode<Value: RawRepresentable>(_ column: Column) throws -> Value where Value.RawValue == String {
        let text: String = self[column]
        guard let value = Value(rawValue: text) else {
            throw RegistryError.unreadableRow("'\(text)' is not a \(Value.self) (column \(column.name))")
        }
        return value
    }
}

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

    /// Every query of items selects these columns in this order, so that a row is read by
    /// position (by name, each column costs a lookup: a sync reads every row).
    static var databaseSelection: [any SQLSelectable] {
        [
            Columns.type, Columns.id, Columns.medium, Columns.state, Columns.link, Columns.expectedBytes, Columns.receivedBytes,
            Columns.etag, Columns.lastModified, Columns.attempts, Columns.lastError, Columns.requestedAt, Columns.completedAt,
            Columns.lastAccessAt,
        ]
    }
    /// ``databaseSelection`` as SQL, for statements written by hand.
    static let selectionSQL =
        "type, id, medium, state, link, expectedBytes, receivedBytes, etag, lastModified, attempts, lastError, requestedAt, completedAt, lastAccessAt"

    /// The row of one item.
    static func matching(_ key: MediaKey) -> QueryInterfaceRequest<MediaItem> {
        matching(key.lesson).filter(Columns.medium == key.medium.rawValue)
    }

    /// The rows of one lesson.
    static func matching(_ lesson: LessonID) -> QueryInterfaceRequest<MediaItem> {
        filter(Columns.type == lesson.type.rawValue && Columns.id == lesson.id)
    }
}

extension MediaItem {
    /// (In an extension: the struct keeps its memberwise initializer, for a row made without a read.)
    init(row: Row) throws {
        guard row.count == 14 else {
            throw RegistryError.unreadableRow("an item row has \(row.count) columns, not the 14 of MediaItem.databaseSelection")
        }
        key = MediaKey(LessonID(try row.decode(at: 0, Columns.type), row[1]), try row.decode(at: 2, Columns.medium))
        state = try row.decode(at: 3, Columns.state)
        link = row[4]
        expectedBytes = row[5]
        receivedBytes = row[6]
        etag = row[7]
        lastModified = row[8]
        attempts = row[9]
        lastError = row[10]
        guard let requestedAt = try row.storedDate(atIndex: 11) else {
            throw RegistryError.unreadableRow("an item row has no request date")
        }
        self.requestedAt = requestedAt
        completedAt = try row.storedDate(atIndex: 12)
        lastAccessAt = try row.storedDate(atIndex: 13)
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

    /// The same, by position (`column` names it in the error).
    func decode<Value: RawRepresentable>(at index: Int, _ column: Column) throws -> Value where Value.RawValue == String {
        let text: String = self[index]
        guard let value = Value(rawValue: text) else {
            throw RegistryError.unreadableRow("'\(text)' is not a \(Value.self) (column \(column.name))")
        }
        return value
    }
}

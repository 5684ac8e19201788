import Foundation
import GRDB

/// The state of one medium of one lesson in the registry.
public enum MediaState: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case queued
    case downloading
    case complete
    /// Retries exhausted or a final HTTP error; `lastError` says why.
    case failed
    /// Was complete; the file is gone (found by sync).
    case missing
}

/// One medium of one lesson: (type, id, medium) is unique.
public struct MediaKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var lesson: LessonID
    public var medium: MediaKind

    public init(_ lesson: LessonID, _ medium: MediaKind) {
        self.lesson = lesson
        self.medium = medium
    }

    public var description: String { "\(lesson) \(medium.rawValue)" }

    public static func < (lhs: MediaKey, rhs: MediaKey) -> Bool { (lhs.lesson, lhs.medium) < (rhs.lesson, rhs.medium) }
}

/// A row of the registry's `mediaItem` table.
public struct MediaItem: Sendable, Hashable, Codable, FetchableRecord {
    public var key: MediaKey
    public var state: MediaState
    /// The URL it is fetched from, resolved when requested.
    public var url: String
    public var expectedBytes: Int?
    public var receivedBytes: Int
    public var etag: String?
    public var lastModified: String?
    public var attempts: Int
    public var lastError: String?
    public var requestedAt: Date
    public var completedAt: Date?
    public var lastAccessAt: Date?

    public init(row: Row) throws {
        key = MediaKey(LessonID(row["type"], row["id"]), row["medium"])
        state = row["state"]
        url = row["url"]
        expectedBytes = row["expectedBytes"]
        receivedBytes = row["receivedBytes"]
        etag = row["etag"]
        lastModified = row["lastModified"]
        attempts = row["attempts"]
        lastError = row["lastError"]
        requestedAt = row["requestedAt"]
        completedAt = row["completedAt"]
        lastAccessAt = row["lastAccessAt"]
    }
}

/// Why an entry was written to the event log.
public enum EventKind: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case requested, completed, failed, removed, missing, adopted, expired, imported
}

/// One entry of the append-only event log.
public struct RegistryEvent: Sendable, Hashable, Codable, FetchableRecord {
    public var seq: Int64
    public var at: Date
    public var lesson: LessonID
    public var medium: MediaKind?
    public var kind: EventKind
    public var detail: String?

    public init(row: Row) throws {
        seq = row["seq"]
        at = row["at"]
        lesson = LessonID(row["type"], row["id"])
        medium = row["medium"]
        kind = row["kind"]
        detail = row["detail"]
    }
}

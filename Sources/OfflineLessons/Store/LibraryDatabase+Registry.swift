import Foundation
import GRDB

/// The registry: which lessons were requested (with their metadata and placement) and the state
/// of each of their media. Every change is one transaction that also appends to the event log.
extension LibraryDatabase {
    /// What to register for one lesson: the lesson and, per medium, the URL to fetch it from.
    public struct Registration: Sendable {
        public var lesson: PlacedLesson
        public var media: [(MediaKind, URL)]

        public init(lesson: PlacedLesson, media: [(MediaKind, URL)]) {
            self.lesson = lesson
            self.media = media
        }
    }

    /// Records a download request before any byte is fetched: the lesson's snapshot and placement,
    /// and a queued item per medium. Complete items stay complete; failed or missing ones are queued
    /// again; queued or downloading ones are left as they are (one download per item).
    /// Returns the keys that need work.
    @discardableResult
    public func register(_ registrations: [Registration], at now: Date = Date()) throws -> [MediaKey] {
        let snapshots = try registrations.map { try SnapshotCoding.encode($0.lesson.lesson) }
        return try writer.write { db in
            var pending: [MediaKey] = []
            for (registration, json) in zip(registrations, snapshots) {
                let placed = registration.lesson
                try db.execute(
                    sql: """
                        INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT(type, id) DO UPDATE SET
                          sederId = excluded.sederId, masechetId = excluded.masechetId, chapter = excluded.chapter,
                          number = excluded.number, json = excluded.json
                        """,
                    arguments: [
                        placed.type, placed.lesson.id, placed.placement.sederId, placed.placement.masechetId,
                        placed.placement.chapter, placed.number, json, now,
                    ])
                for (medium, url) in registration.media {
                    let key = MediaKey(placed.id, medium)
                    let state = try MediaState.fetchOne(
                        db, sql: "SELECT state FROM mediaItem WHERE type = ? AND id = ? AND medium = ?",
                        arguments: [key.lesson.type, key.lesson.id, medium])
                    switch state {
                    case .complete:
                        continue
                    case .queued, .downloading:
                        pending.append(key)
                    case .failed, .missing:
                        try db.execute(
                            sql: """
                                UPDATE mediaItem SET state = 'queued', url = ?, attempts = 0, lastError = NULL, requestedAt = ?
                                WHERE type = ? AND id = ? AND medium = ?
                                """,
                            arguments: [url.absoluteString, now, key.lesson.type, key.lesson.id, medium])
                        try Self.log(db, .requested, key.lesson, medium, "requested again", at: now)
                        pending.append(key)
                    case nil:
                        try db.execute(
                            sql: """
                                INSERT INTO mediaItem (type, id, medium, state, url, requestedAt)
                                VALUES (?, ?, ?, 'queued', ?, ?)
                                """,
                            arguments: [key.lesson.type, key.lesson.id, medium, url.absoluteString, now])
                        try Self.log(db, .requested, key.lesson, medium, url.absoluteString, at: now)
                        pending.append(key)
                    }
                }
            }
            return pending
        }
    }

    /// One item, or `nil` when it was never requested.
    public func mediaItem(_ key: MediaKey) throws -> MediaItem? {
        try writer.read { db in
            try MediaItem.fetchOne(
                db, sql: "SELECT * FROM mediaItem WHERE type = ? AND id = ? AND medium = ?",
                arguments: [key.lesson.type, key.lesson.id, key.medium])
        }
    }

    /// All items of a lesson.
    public func mediaItems(of lesson: LessonID) throws -> [MediaItem] {
        try writer.read { db in
            try MediaItem.fetchAll(
                db, sql: "SELECT * FROM mediaItem WHERE type = ? AND id = ? ORDER BY medium",
                arguments: [lesson.type, lesson.id])
        }
    }

    /// Items in `states`, oldest request first.
    public func mediaItems(in states: [MediaState]) throws -> [MediaItem] {
        try writer.read { db in
            let marks = states.map { _ in "?" }.joined(separator: ",")
            return try MediaItem.fetchAll(
                db, sql: "SELECT * FROM mediaItem WHERE state IN (\(marks)) ORDER BY requestedAt, type, id, medium",
                arguments: StatementArguments(states.map(\.rawValue)))
        }
    }

    /// Whether a lesson is downloaded (audio or video complete): one indexed lookup, no file system.
    public func isDownloaded(_ lesson: LessonID) throws -> Bool {
        try writer.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM mediaItem WHERE type = ? AND id = ?
                                   AND medium IN ('audio', 'video') AND state = 'complete')
                    """,
                arguments: [lesson.type, lesson.id]) ?? false
        }
    }

    /// A registered lesson with its snapshot and placement.
    public func registeredLesson(_ lesson: LessonID) throws -> PlacedLesson? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM lesson WHERE type = ? AND id = ?", arguments: [lesson.type, lesson.id])
                .map(Self.placedLesson(from:))
        }
    }

    /// Every registered lesson with its items.
    public func registeredLessons() throws -> [(lesson: PlacedLesson, items: [MediaItem])] {
        try writer.read { db in
            let lessons = try Row.fetchAll(db, sql: "SELECT * FROM lesson").map(Self.placedLesson(from:))
            var items: [LessonID: [MediaItem]] = [:]
            for item in try MediaItem.fetchAll(db, sql: "SELECT * FROM mediaItem") {
                items[item.key.lesson, default: []].append(item)
            }
            return lessons.map { ($0, (items[$0.id] ?? []).sorted { $0.key < $1.key }) }
        }
    }

    /// The event log, oldest first, optionally for one lesson.
    public func events(of lesson: LessonID? = nil) throws -> [RegistryEvent] {
        try writer.read { db in
            if let lesson {
                return try RegistryEvent.fetchAll(
                    db, sql: "SELECT * FROM event WHERE type = ? AND id = ? ORDER BY seq", arguments: [lesson.type, lesson.id])
            }
            return try RegistryEvent.fetchAll(db, sql: "SELECT * FROM event ORDER BY seq")
        }
    }

    static func log(_ db: Database, _ kind: EventKind, _ lesson: LessonID, _ medium: MediaKind?, _ detail: String?, at: Date) throws {
        try db.execute(
            sql: "INSERT INTO event (at, type, id, medium, kind, detail) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [at, lesson.type, lesson.id, medium, kind, detail])
    }
}

import Foundation
internal import GRDB

/// The reads behind the downloads list and status lookups: columns only, never a snapshot decoded.
extension LibraryDatabase {
    /// One complete medium of a registered lesson, with what the list shows of the lesson.
    struct CompleteMedium: Sendable {
        var lesson: LessonID
        var placement: Placement
        var number: Int
        var duration: Int
        /// Whether the lesson's snapshot names a PDF (downloaded or not).
        var offersText: Bool
        var medium: MediaKind
        var bytes: Int
        var completedAt: Date?
        /// `complete`, unless read with `completeOnly` false.
        var state: MediaState = .complete
    }

    /// Every complete medium of every registered lesson (with `completeOnly` false, every
    /// registered medium whatever its state): one join, no snapshot decoded (the duration and
    /// whether a PDF is offered are columns of their own), a lesson's media next to each other.
    /// The lessons are walked in key order and each one's items looked up by key (`CROSS JOIN`
    /// fixes that order), so the rows come out ordered with no sort.
    func registeredMedia(completeOnly: Bool) async throws -> [CompleteMedium] {
        try await read { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT l.type, l.id, l.sederId, l.masechetId, l.chapter, l.number, l.duration, l.offersText,
                           m.medium, m.receivedBytes, m.completedAt, m.state
                    FROM lesson l CROSS JOIN mediaItem m ON m.type = l.type AND m.id = l.id
                    \(completeOnly ? "WHERE +m.state = 'complete'" : "")
                    ORDER BY l.type, l.id
                    """)
            var media: [CompleteMedium] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                media.append(
                    CompleteMedium(
                        lesson: LessonID(try row.decode(at: 0, Column("type")), row[1]),
                        placement: Placement(sederId: row[2], masechetId: row[3], chapter: row[4]), number: row[5],
                        duration: row[6], offersText: row[7], medium: try row.decode(at: 8, Column("medium")), bytes: row[9],
                        completedAt: try row.storedDate(atIndex: 10), state: try row.decode(at: 11, Column("state"))))
            }
            return media
        }
    }

    /// The lessons whose audio or video is complete: one indexed read, for many status lookups.
    func downloadedLessonIDs() async throws -> Set<LessonID> {
        try await read { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT DISTINCT type, id FROM mediaItem WHERE state = 'complete' AND medium IN ('audio', 'video')
                    """)
            var ids = Set<LessonID>()
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() { ids.insert(LessonID(try row.decode(at: 0, Column("type")), row[1])) }
            return ids
        }
    }

    /// Each lesson's items, in one read (indexed lookups, one per lesson).
    func mediaItems(of lessons: [LessonID]) async throws -> [LessonID: [MediaItem]] {
        try await read { db in
            let statement = try db.cachedStatement(sql: "SELECT \(MediaItem.selectionSQL) FROM mediaItem WHERE type = ? AND id = ?")
            var items: [LessonID: [MediaItem]] = [:]
            for lesson in Set(lessons) {
                items[lesson] = try MediaItem.fetchAll(statement, arguments: [lesson.type.rawValue, lesson.id])
            }
            return items
        }
    }

    /// Every registered lesson's identity and placement (no snapshot decoded): what selectors match against.
    func registeredPlaces() async throws -> [(id: LessonID, placement: Placement, number: Int)] {
        try await read { db in
            let statement = try db.cachedStatement(sql: "SELECT type, id, sederId, masechetId, chapter, number FROM lesson")
            var places: [(id: LessonID, placement: Placement, number: Int)] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                places.append(
                    (
                        LessonID(try row.decode(at: 0, Column("type")), row[1]),
                        Placement(sederId: row[2], masechetId: row[3], chapter: row[4]), row[5]
                    ))
            }
            return places
        }
    }

    /// Which of `lessons` are registered: one indexed lookup each.
    func registeredIDs(among lessons: [LessonID]) async throws -> Set<LessonID> {
        try await read { db in Set(try lessons.filter { try Self.isRegistered($0, in: db) }) }
    }

    /// Whether the lesson table has a row for `lesson` (one indexed lookup).
    static func isRegistered(_ lesson: LessonID, in db: Database) throws -> Bool {
        let statement = try db.cachedStatement(sql: "SELECT 1 FROM lesson WHERE type = ? AND id = ?")
        return try Bool.fetchOne(statement, arguments: [lesson.type.rawValue, lesson.id]) != nil
    }
}

import Foundation
internal import GRDB

extension LibraryDatabase {
    /// Every registered medium of every registered lesson, whatever its state, ordered by lesson
    /// as ``completeMedia()`` orders them (complete or not, a row each).
    func registeredMedia() async throws -> [CompleteMedium] {
        try await read { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT l.type, l.id, l.sederId, l.masechetId, l.chapter, l.number, l.duration, l.offersText,
                           m.medium, m.receivedBytes, m.completedAt, m.state
                    FROM lesson l CROSS JOIN mediaItem m ON m.type = l.type AND m.id = l.id
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
}

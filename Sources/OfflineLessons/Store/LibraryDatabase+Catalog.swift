import Foundation
internal import GRDB

/// The catalog cache: the Shas and every lesson listing fetched, with each lesson's placement,
/// so the catalog is there offline.
extension LibraryDatabase {
    /// Stores the Shas. An empty Shas is refused so that it never replaces a good cached copy.
    func saveShas(_ shas: Shas, fetchedAt: Date) async throws {
        guard !shas.isEmpty else { throw RegistryError.emptyShas }
        let json = try SnapshotCoding.encode(shas)
        try await write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO shasCache (singleton, json, fetchedAt) VALUES (1, ?, ?)",
                arguments: [json, StoredDate.text(fetchedAt)])
        }
    }

    /// The cached Shas and when it was fetched, or `nil` when none is cached.
    func cachedShas() async throws -> (shas: Shas, fetchedAt: Date)? {
        try await read { db -> (shas: Shas, fetchedAt: Date)? in
            guard let row = try Row.fetchOne(db, sql: "SELECT json, fetchedAt FROM shasCache WHERE singleton = 1") else {
                return nil
            }
            let shas = try SnapshotCoding.decode(Shas.self, from: row["json"])
            guard let fetchedAt = try row.storedDate(atIndex: 1) else { throw RegistryError.unreadableRow("the cached Shas has no date") }
            return (shas, fetchedAt)
        }
    }

    /// Records a fetched listing: each lesson with its placement. Lessons cached earlier are kept.
    func saveListing(
        type: LessonType, placement: Placement, lessons: [Lesson], problemCount: Int, fetchedAt: Date
    ) async throws {
        let chapterKey = type == .gemara ? 0 : placement.chapter
        let rows = try lessons.map { lesson in
            (lesson, try SnapshotCoding.encode(lesson))
        }
        try await write { db in
            for (lesson, json) in rows {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO catalogLesson (type, id, sederId, masechetId, chapter, number, json)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        type.rawValue, lesson.id, placement.sederId, placement.masechetId,
                        type == .gemara ? lesson.chapter : placement.chapter, lesson.number(as: type) ?? 0, json,
                    ])
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO catalogListing (type, masechetId, chapter, fetchedAt, problemCount)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [type.rawValue, placement.masechetId, chapterKey, StoredDate.text(fetchedAt), problemCount])
        }
    }

    /// The cached lessons of a masechet (Gemara) or chapter (Mishna), in catalog order,
    /// or `nil` when that listing was never fetched.
    func cachedListing(type: LessonType, masechetId: Int, chapter: Int? = nil) async throws -> [PlacedLesson]? {
        try await read { db in
            let chapterKey = type == .gemara ? 0 : (chapter ?? 0)
            let fetched = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM catalogListing WHERE type = ? AND masechetId = ? AND chapter = ?",
                arguments: [type.rawValue, masechetId, chapterKey])
            guard fetched == true else { return nil }
            typealias Columns = CatalogLessonRecord.Columns
            var request = CatalogLessonRecord.filter(Columns.type == type.rawValue && Columns.masechetId == masechetId)
            if type == .mishna { request = request.filter(Columns.chapter == chapterKey) }
            return try request.order(Columns.chapter, Columns.number, Columns.id).fetchAll(db).map(\.placed)
        }
    }

    /// The first and last daf of a masechet's cached Gemara listing, or `nil` when it was never fetched.
    func cachedDafRange(masechetId: Int) async throws -> ClosedRange<Int>? {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT MIN(number), MAX(number) FROM catalogLesson
                    WHERE type = 'gemara' AND masechetId = ?
                      AND EXISTS (SELECT 1 FROM catalogListing WHERE type = 'gemara' AND masechetId = ? AND chapter = 0)
                    """,
                arguments: [masechetId, masechetId])
            guard let row, let first: Int = row[0], let last: Int = row[1] else { return nil }
            return first...last
        }
    }

    /// Where the catalog cache places those of `lessons` it holds (from its columns: no snapshot
    /// is decoded).
    func cachedPlaces(of lessons: some Sequence<LessonID>) async throws -> [(id: LessonID, placement: Placement, number: Int)] {
        let lessons = Array(lessons)
        return try await read { db in
            let statement = try db.cachedStatement(
                sql: "SELECT sederId, masechetId, chapter, number FROM catalogLesson WHERE type = ? AND id = ?")
            return try lessons.compactMap { lesson in
                try Row.fetchOne(statement, arguments: [lesson.type.rawValue, lesson.id]).map {
                    (lesson, Placement(sederId: $0[0], masechetId: $0[1], chapter: $0[2]), $0[3])
                }
            }
        }
    }

    /// A cached lesson by identity, with its placement.
    func cachedLesson(_ id: LessonID) async throws -> PlacedLesson? {
        try await read { db in
            try CatalogLessonRecord.matching(id).fetchOne(db)?.placed
        }
    }

    /// How many lessons of each type the catalog cache holds.
    func cachedLessonCounts() async throws -> [LessonType: Int] {
        try await read { db in
            var counts: [LessonType: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT type, COUNT(*) AS n FROM catalogLesson GROUP BY type") {
                if let type = LessonType(rawValue: row["type"]) { counts[type] = row["n"] }
            }
            return counts
        }
    }
}

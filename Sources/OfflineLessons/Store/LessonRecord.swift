import Foundation
internal import GRDB

/// A row of the registry's `lesson` table: a requested lesson's placement, its snapshot (JSON in
/// the legacy shape) and whether it is pinned.
struct LessonRecord: Sendable, FetchableRecord, TableRecord {
    static let databaseTableName = "lesson"

    enum Columns {
        static let type = Column("type")
        static let id = Column("id")
        static let sederId = Column("sederId")
        static let masechetId = Column("masechetId")
        static let chapter = Column("chapter")
        static let number = Column("number")
        static let json = Column("json")
        static let requestedAt = Column("requestedAt")
        static let pinned = Column("pinned")
    }

    var placed: PlacedLesson
    var pinned: Bool

    init(row: Row) throws {
        placed = try PlacedLesson(row: row)
        pinned = row[Columns.pinned]
    }

    /// The row of one lesson.
    static func matching(_ lesson: LessonID) -> QueryInterfaceRequest<LessonRecord> {
        filter(Columns.type == lesson.type.rawValue && Columns.id == lesson.id)
    }

    /// Identities only (no snapshot decoded): what a sync or a retention sweep needs.
    static func identities(in db: Database) throws -> [(id: LessonID, pinned: Bool)] {
        try Row.fetchAll(db, select(Columns.type, Columns.id, Columns.pinned)).map { row in
            (LessonID(try row.decode(Columns.type), row[Columns.id]), row[Columns.pinned])
        }
    }
}

/// A row of the catalog cache's `catalogLesson` table: a listed lesson with its placement.
struct CatalogLessonRecord: Sendable, FetchableRecord, TableRecord {
    static let databaseTableName = "catalogLesson"

    enum Columns {
        static let type = Column("type")
        static let id = Column("id")
        static let masechetId = Column("masechetId")
        static let chapter = Column("chapter")
        static let number = Column("number")
    }

    var placed: PlacedLesson

    init(row: Row) throws {
        placed = try PlacedLesson(row: row)
    }

    static func matching(_ lesson: LessonID) -> QueryInterfaceRequest<CatalogLessonRecord> {
        filter(Columns.type == lesson.type.rawValue && Columns.id == lesson.id)
    }
}

import Foundation
internal import GRDB

/// One entry of the registry's append-only event log: what changed, for which lesson, and why.
public struct RegistryEvent: Sendable, Hashable, Codable {
    public var seq: Int64
    public var at: Date
    public var lesson: LessonID
    public var medium: MediaKind?
    public var kind: EventKind
    public var detail: String?

    enum Columns {
        static let seq = Column("seq")
        static let at = Column("at")
        static let type = Column("type")
        static let id = Column("id")
        static let medium = Column("medium")
        static let kind = Column("kind")
        static let detail = Column("detail")
    }

    init(row: Row) throws {
        seq = row[Columns.seq]
        at = row[Columns.at]
        lesson = LessonID(try row.decode(Columns.type), row[Columns.id])
        let medium: String? = row[Columns.medium]
        self.medium = try medium.map { text in
            guard let kind = MediaKind(rawValue: text) else { throw RegistryError.unreadableRow("'\(text)' is not a medium") }
            return kind
        }
        kind = try row.decode(Columns.kind)
        detail = row[Columns.detail]
    }

    /// Appends an entry to the log (inside the caller's transaction).
    static func append(_ kind: EventKind, _ lesson: LessonID, _ medium: MediaKind?, _ detail: String?, at: Date, in db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO event (at, type, id, medium, kind, detail) VALUES (?, ?, ?, ?, ?, ?)")
            .execute(arguments: [StoredDate.text(at), lesson.type.rawValue, lesson.id, medium?.rawValue, kind.rawValue, detail])
    }
}

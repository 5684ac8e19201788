import Foundation
internal import GRDB

/// The registry's side of a sync: one read of everything, and the changes a reconciliation makes,
/// each logged with its reason.
extension LibraryDatabase {
    private typealias Columns = MediaItem.Columns

    /// Every item's state and sizes (four columns of each, not its whole row): the one read of the
    /// registry a sync makes before its walk. Which lessons are registered is asked afterwards,
    /// for the files no item names only (``registered(among:)``).
    func registrySnapshot() async throws -> [MediaKey: ItemState] {
        try await read { db in
            let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM mediaItem")) ?? 0
            var items = [MediaKey: ItemState](minimumCapacity: count)
            try Self.readItemStates(db.cachedStatement(sql: "SELECT \(Self.itemStateColumns) FROM mediaItem"), [], into: &items)
            return items
        }
    }

    /// The same for some lessons only (indexed lookups, one per lesson).
    func registrySnapshot(of lessons: [LessonID]) async throws -> [MediaKey: ItemState] {
        try await read { db in
            let itemsOfLesson = try db.cachedStatement(sql: "SELECT \(Self.itemStateColumns) FROM mediaItem WHERE type = ? AND id = ?")
            var items: [MediaKey: ItemState] = [:]
            for lesson in lessons {
                try Self.readItemStates(itemsOfLesson, [lesson.type.rawValue, lesson.id], into: &items)
            }
            return items
        }
    }

    /// Which of `lessons` the registry has (indexed lookups, one per lesson).
    func registered(among lessons: Set<LessonID>) async throws -> Set<LessonID> {
        guard !lessons.isEmpty else { return [] }
        return try await read { db in try lessons.filter { try Self.isRegistered($0, in: db) } }
    }

    private static let itemStateColumns = "type, id, medium, state, expectedBytes, receivedBytes"

    /// Rows of ``itemStateColumns``, by position, into `items`.
    private static func readItemStates(
        _ statement: Statement, _ arguments: StatementArguments,
        into items: inout [MediaKey: ItemState]
    ) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            let key = MediaKey(LessonID(try row.decode(at: 0, Columns.type), row[1]), try row.decode(at: 2, Columns.medium))
            items[key] = ItemState(state: try row.decode(at: 3, Columns.state), expectedBytes: row[4], receivedBytes: row[5])
        }
    }

    /// Every item, whole (tests, and what `sync --verify` hashes).
    func allMediaItems() async throws -> [MediaItem] {
        try await read { db in try MediaItem.fetchAll(db) }
    }

    /// A complete item whose file has the wrong size: `corrupt` (or queued again, to repair).
    func markCorrupt(_ key: MediaKey, reason: String, movedTo: String, requeue: Bool, at now: Date) async throws {
        try await write { db in
            let changed = try MediaItem.matching(key).filter(Columns.state == MediaState.complete.rawValue).updateAll(
                db,
                [
                    Columns.state.set(to: (requeue ? MediaState.queued : .corrupt).rawValue), Columns.lastError.set(to: reason),
                    Columns.receivedBytes.set(to: 0), Columns.attempts.set(to: 0),
                ])
            // The move is logged whatever the row says: no file leaves its place unrecorded.
            if changed > 0 { try RegistryEvent.append(.corrupt, key.lesson, key.medium, reason, at: now, in: db) }
            try RegistryEvent.append(.movedAside, key.lesson, key.medium, movedTo, at: now, in: db)
            guard changed > 0 else { return }
            if requeue { try RegistryEvent.append(.requested, key.lesson, key.medium, Message(.detailRepair).description, at: now, in: db) }
        }
    }

    /// A file no row names, moved aside by sync: logged under its lesson, with where it went.
    func noteMovedAside(_ key: MediaKey, to name: String, at now: Date) async throws {
        try await write { db in try RegistryEvent.append(.movedAside, key.lesson, key.medium, name, at: now, in: db) }
    }

    /// The items a repair queued and no download finished since: each pending item whose last
    /// request is a repair's (``requeueForRepair(_:at:)``).
    func pendingRepairs() async throws -> Set<MediaKey> {
        let repair = Message(.detailRepair).description
        return try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT m.type, m.id, m.medium FROM mediaItem m
                    WHERE m.state IN ('queued', 'downloading')
                      AND (SELECT e.detail FROM event e
                           WHERE e.type = m.type AND e.id = m.id AND e.medium = m.medium AND e.kind = 'requested'
                           ORDER BY e.seq DESC LIMIT 1) = ?
                    """, arguments: [repair])
            return Set(
                rows.compactMap { row -> MediaKey? in
                    guard let type = LessonType(rawValue: row["type"]), let medium = MediaKind(rawValue: row["medium"]) else { return nil }
                    return MediaKey(LessonID(type, row["id"]), medium)
                })
        }
    }

    /// A missing or corrupt item queued again (repair).
    @discardableResult
    func requeueForRepair(_ key: MediaKey, at now: Date) async throws -> Bool {
        try await write { db in
            let changed = try MediaItem.matching(key)
                .filter([MediaState.missing.rawValue, MediaState.corrupt.rawValue].contains(Columns.state))
                .updateAll(
                    db, [Columns.state.set(to: MediaState.queued.rawValue), Columns.attempts.set(to: 0), Columns.receivedBytes.set(to: 0)])
            if changed > 0 {
                try RegistryEvent.append(.requested, key.lesson, key.medium, Message(.detailRepair).description, at: now, in: db)
            }
            return changed > 0
        }
    }

    /// Registers a file found in place that no download brought: the lesson (if new) and the item,
    /// complete at the file's size. Nothing changes when a download registered the item meanwhile
    /// (false then).
    @discardableResult
    func discover(_ key: MediaKey, of placed: PlacedLesson, link: String, bytes: Int, at now: Date) async throws -> Bool {
        let json = try SnapshotCoding.encode(placed.lesson)
        return try await write { db in
            guard try MediaItem.matching(key).isEmpty(db) else { return false }
            try Self.insertLessonIfNew(placed, json: json, at: now, in: db)
            try db.execute(
                sql: """
                    INSERT INTO mediaItem (type, id, medium, state, link, expectedBytes, receivedBytes, requestedAt, completedAt, lastAccessAt)
                    VALUES (?, ?, ?, 'complete', ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key.lesson.type.rawValue, key.lesson.id, key.medium.rawValue, link, bytes, bytes, now, now, now])
            try RegistryEvent.append(
                .discovered, key.lesson, key.medium, Message(.detailFoundInPlace, .number(bytes)).description, at: now, in: db)
            return true
        }
    }
}

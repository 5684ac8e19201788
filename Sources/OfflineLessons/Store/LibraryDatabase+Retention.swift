import Foundation
internal import GRDB

/// The registry's side of retention: what is complete, when it was completed and last used, and
/// which lessons are pinned.
extension LibraryDatabase {
    /// Every registered lesson with its complete items (one read).
    func retentionSnapshot() async throws -> [(lesson: LessonID, pinned: Bool, items: [RetentionPlanner.Item])] {
        try await read { db in
            var pinned: [LessonID: Bool] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT type, id, pinned FROM lesson") {
                pinned[LessonID(try row.decode(Column("type")), row["id"])] = row["pinned"]
            }
            var items: [LessonID: [RetentionPlanner.Item]] = [:]
            for item in try MediaItem.filter(MediaItem.Columns.state == MediaState.complete.rawValue).fetchAll(db) {
                let completed = item.completedAt ?? item.requestedAt
                items[item.key.lesson, default: []].append(
                    .init(key: item.key, bytes: item.receivedBytes, completedAt: completed, lastUsed: max(completed, item.lastAccessAt ?? completed)))
            }
            return pinned.keys.sorted().map { ($0, pinned[$0] ?? false, items[$0] ?? []) }
        }
    }

    /// Pins or unpins registered lessons (a pinned lesson is never cleaned); returns those changed.
    func setPinned(_ lessons: [LessonID], _ pinned: Bool, at now: Date) async throws -> [LessonID] {
        try await write { db in
            var changed: [LessonID] = []
            for lesson in lessons {
                try db.execute(sql: "UPDATE lesson SET pinned = ? WHERE type = ? AND id = ? AND pinned != ?",
                               arguments: [pinned, lesson.type.rawValue, lesson.id, pinned])
                if db.changesCount > 0 {
                    try RegistryEvent.append(pinned ? .pinned : .unpinned, lesson, nil, nil, at: now, in: db)
                    changed.append(lesson)
                }
            }
            return changed
        }
    }
}

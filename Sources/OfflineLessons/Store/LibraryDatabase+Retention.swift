import Foundation
internal import GRDB

/// The registry's side of retention: what is complete, when it was completed and last used, and
/// which lessons are pinned.
extension LibraryDatabase {
    /// Every registered lesson with its complete items (one read).
    func retentionSnapshot() async throws -> [RetentionRow] {
        try await read { db in
            var pinned: [LessonID: Bool] = [:]
            for (lesson, isPinned) in try LessonRecord.identities(in: db) { pinned[lesson] = isPinned }
            var items: [LessonID: [RetentionRow.Item]] = [:]
            for item in try MediaItem.filter(MediaItem.Columns.state == MediaState.complete.rawValue).fetchAll(db) {
                let completed = item.completedAt ?? item.requestedAt
                items[item.key.lesson, default: []].append(
                    .init(
                        key: item.key, bytes: item.receivedBytes, completedAt: completed,
                        lastUsed: max(completed, item.lastAccessAt ?? completed)))
            }
            return pinned.keys.sorted().map { RetentionRow(lesson: $0, pinned: pinned[$0] ?? false, items: items[$0] ?? []) }
        }
    }

    /// Pins or unpins registered lessons (a pinned lesson is never cleaned); returns those changed.
    func setPinned(_ lessons: [LessonID], _ pinned: Bool, at now: Date) async throws -> [LessonID] {
        try await write { db in
            var changed: [LessonID] = []
            for lesson in lessons {
                let changes = try LessonRecord.matching(lesson).filter(LessonRecord.Columns.pinned != pinned)
                    .updateAll(db, [LessonRecord.Columns.pinned.set(to: pinned)])
                if changes > 0 {
                    try RegistryEvent.append(pinned ? .pinned : .unpinned, lesson, nil, nil, at: now, in: db)
                    changed.append(lesson)
                }
            }
            return changed
        }
    }
}

extension LibraryDatabase {
    /// Sets the last use of a lesson's complete media.
    func recordUse(of lesson: LessonID, at now: Date) async throws {
        try await write { db in
            _ = try MediaItem.matching(lesson).filter(MediaItem.Columns.state == MediaState.complete.rawValue)
                .updateAll(db, [MediaItem.Columns.lastAccessAt.set(to: now)])
        }
    }
}

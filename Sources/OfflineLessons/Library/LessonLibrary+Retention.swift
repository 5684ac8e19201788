import Foundation

extension LessonLibrary {
    /// Removes what the retention policy selects (see ``RetentionPolicy``): files first, then
    /// registry rows, each logged as `expired` with its reason. With `dryRun`, reports what would
    /// go and the bytes it would free, and changes nothing. An app can run it at launch.
    public func clean(_ policy: RetentionPolicy = RetentionPolicy(), dryRun: Bool = false) async throws -> CleanReport {
        if !dryRun { try checkWritable() }
        try store.checkFolders()
        let holds = try await planHolds(on: LearningDay(now(), in: policy.timeZone))
        let planner = RetentionPlanner(policy: policy, now: now(), holds: holds)
        let (actions, pinnedKept, overQuota) = planner.plan(try await database.retentionSnapshot())
        if !dryRun {
            for action in actions {
                _ = try await removeItem(action.key, reason: Message(.detailClean, .text(action.reason)).description, kind: .expired)
            }
        }
        return CleanReport(
            actions: actions, dryRun: dryRun, bytesFreed: actions.reduce(0) { $0 + $1.bytes }, pinnedKept: pinnedKept,
            overQuotaByPins: overQuota)
    }

    /// Pins the registered lessons the selectors name: `clean` never removes them. Returns the
    /// lessons whose pin changed.
    @discardableResult
    public func pin(_ selectors: [LessonSelector]) async throws -> [LessonID] {
        try checkWritable()
        return try await database.setPinned(registeredLessons(matching: selectors), true, at: now())
    }

    /// Unpins them again.
    @discardableResult
    public func unpin(_ selectors: [LessonSelector]) async throws -> [LessonID] {
        try checkWritable()
        return try await database.setPinned(registeredLessons(matching: selectors), false, at: now())
    }

    /// File, then row, then the file again (a download that committed between the two steps has
    /// placed it; a later commit finds no row and removes its own). Returns whether a file went.
    func removeItem(_ key: MediaKey, reason: String, kind: EventKind) async throws -> Bool {
        let deleted = try await store.delete(key)
        await beforeCommit?(key)
        try await database.removeItems([key], reason: reason, kind: kind, at: now())
        let placedMeanwhile = try await store.delete(key)
        return deleted || placedMeanwhile
    }
}

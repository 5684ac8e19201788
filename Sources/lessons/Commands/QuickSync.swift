import OfflineLessons

/// The quick sync `list` and `status` run first (not in a read-only library): its changes in one
/// line of the human output.
func quickSync(_ library: LessonLibrary, enabled: Bool, json: Bool, lessons: [LessonID]? = nil) async throws -> SyncReport? {
    guard enabled, !library.isReadOnly else { return nil }
    let report = if let lessons { try await library.sync(lessons: lessons) } else { try await library.sync() }
    if !json, !report.changes.isEmpty {
        Terminal.out(Terminal.say(.quickSyncLine, .number(report.changes.count), .message(report.summaryWords)))
    }
    return report
}

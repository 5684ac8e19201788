import OfflineLessons

/// The quick sync `list` and `status` run first (not in a read-only library): its changes in one
/// line of the human output. With a file where the media folder should be, it says so and
/// changes nothing: the command then shows the registry as it is.
func quickSync(_ library: LessonLibrary, enabled: Bool, json: Bool, lessons: [LessonID]? = nil) async throws -> SyncReport? {
    guard enabled, !library.isReadOnly else { return nil }
    let report: SyncReport
    do {
        report = if let lessons { try await library.sync(lessons: lessons) } else { try await library.sync() }
    } catch let error as FileError {
        guard case .notAFolder = error else { throw error }
        Terminal.warning(Terminal.say(error.words))
        return nil
    }
    if !json, !report.changes.isEmpty {
        Terminal.out(Terminal.say(.quickSyncLine, .number(report.changes.count), .message(report.summaryWords)))
    }
    return report
}

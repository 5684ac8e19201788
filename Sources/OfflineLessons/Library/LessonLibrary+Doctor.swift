extension LessonLibrary {
    /// A read-only diagnosis: the drift between the registry and the media folder (what
    /// ``sync(_:)`` would do), unknown files, failed and unfinished downloads, and SQLite's
    /// integrity check. Changes nothing.
    public func diagnose() async throws -> DoctorReport {
        let drift = try await sync(SyncOptions(dryRun: true))
        let rows = Set(try await database.allMediaItems().map(\.key))
        var problems = drift.actions.map { action in
            // A file gone is said as the registry's missing items are, so that they share a line.
            DoctorReport.Problem(
                kind: action.action.rawValue, type: action.type, id: action.id, medium: action.medium, path: action.path,
                detail: action.action == .missing ? Message(.doctorWasComplete).description : "\(action.found): \(action.reason)",
                fix: action.action == .unknown
                    ? .moveOut
                    : (action.action == .missing || action.action == .corrupt) && action.key.map(rows.contains) == true
                        ? .repair : .sync)
        }
        let drifting = Set(drift.actions.compactMap(\.key))
        let download: DoctorReport.Fix = try await isQueuePaused() ? .resumeAndDownload : .download
        for item in try await database.mediaItems(in: [.failed, .queued, .downloading, .missing, .corrupt])
        where !drifting.contains(item.key) {
            let (kind, detail, fix): (String, String, DoctorReport.Fix) =
                switch item.state {
                case .failed: ("failed", item.lastError ?? Message(.doctorNoReason).description, download)
                case .missing: ("missing", Message(.doctorWasComplete).description, .repair)
                case .corrupt: ("corrupt", item.lastError ?? Message(.doctorWrongSize).description, .repair)
                default: ("pending", Message(.doctorRequested).description, download)
                }
            problems.append(
                DoctorReport.Problem(
                    kind: kind, type: item.key.lesson.type, id: item.key.lesson.id, medium: item.key.medium,
                    path: nil, detail: detail, fix: fix))
        }
        let integrity = try await database.integrityCheck()
        if integrity != ["ok"] {
            problems.append(
                DoctorReport.Problem(
                    kind: "integrity", type: nil, id: nil, medium: nil, path: nil,
                    detail: integrity.prefix(3).joined(separator: "; "), fix: .restore))
        }
        let registered = try await database.registeredLessons()
        // A file no download brought is named too, when the catalog cache places its lesson.
        let names = try await lessonNames(including: problems.compactMap { $0.key?.lesson })
        for index in problems.indices {
            problems[index].lessonName = problems[index].key.map { names.name($0.lesson) }
        }
        return DoctorReport(problems: problems, integrity: integrity, lessons: registered.count, files: drift.filesSeen)
    }
}

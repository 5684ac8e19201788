import Foundation

extension LessonLibrary {
    /// Imports a legacy app container (a folder with `Documents/` and/or `Library/Caches/`):
    /// the lessons of both generations' `downloadedLessons.json`, merged entry by entry, and their
    /// `{id}_aud.mp3`, `{id}_vid.mp4` and `{id}_text.pdf` files, moved into the library (a rename on
    /// the same file system; else copied, verified, registered, and only then deleted at the source).
    ///
    /// Files no registry lists are placed through the legacy metadata caches; files that cannot be
    /// placed, ambiguous ids and unrelated files are reported and left untouched. After a run
    /// without failures the registries are renamed with a `.migrated` suffix (and still read, to
    /// place files, by later runs). Resumable after a crash at any point, and idempotent: a second
    /// run changes nothing. With `dryRun`, returns the plan and changes nothing. `progress` is told
    /// after each file.
    public func migrate(
        from container: URL, dryRun: Bool = false,
        progress: (@Sendable (MaintenanceProgress) -> Void)? = nil
    ) async throws -> MigrationReport {
        if !dryRun {
            try checkWritable()
            // A file an interrupted run moved into place, but did not register, is registered now.
            _ = try await sync()
        }
        let libraryShas = try await database.cachedShas()?.shas
        let legacy = try await BlockingIO.run { try LegacyContainer.read(at: container, libraryShas: libraryShas) }
        // A queued item whose partial file is locked is being downloaded (its first request goes
        // out before its state says so): its legacy file is left in place as for a downloading one.
        var states = try await database.mediaStates()
        for (key, state) in states where state == .queued && store.isBeingWritten(key) { states[key] = .downloading }
        let planner = MigrationPlanner(container: legacy, items: states)
        let plan = planner.plan(dryRun: dryRun)
        var report = plan.report
        report.playback = try await importPlayback(plan.playback, into: report.playback, dryRun: dryRun)
        if dryRun {
            report.adopted = plan.steps.map { Self.adoption($0, in: legacy) }
            return report
        }
        var done = MaintenanceProgress(
            files: 0, totalFiles: plan.steps.count, bytes: 0,
            totalBytes: plan.steps.reduce(0) { $0 + $1.file.bytes })
        var start = 0
        while start < plan.steps.count {
            let batch = Array(plan.steps[start..<min(start + Self.importBatch, plan.steps.count)])
            start += batch.count
            let outcome = await importFiles(batch, from: legacy.root) { step in
                done.files += 1
                done.bytes += step.file.bytes
                progress?(done)
            }
            report.adopted += outcome.adopted.map { Self.adoption($0, in: legacy) }
            report.leftInPlace += outcome.leftInPlace
        }
        if report.succeeded {
            report.registriesRenamed = try await BlockingIO.run {
                try plan.registriesToRename.map { try Self.markMigrated($0, in: legacy.root) }
            }
        }
        return report
    }

    /// What ``migrate(from:dryRun:)`` would do into a new, empty library: for a dry run or a
    /// diagnosis before any library exists. Changes nothing anywhere.
    public static func previewMigration(from container: URL) async throws -> MigrationReport {
        let legacy = try await BlockingIO.run { try LegacyContainer.read(at: container, libraryShas: nil) }
        let plan = MigrationPlanner(container: legacy, items: [:]).plan(dryRun: true)
        var report = plan.report
        report.playback.positionsWritten = plan.playback.positions.count
        report.playback.recentWritten = plan.playback.recent.count
        report.adopted = plan.steps.map { Self.adoption($0, in: legacy) }
        return report
    }

    private static func adoption(_ step: MigrationPlanner.Step, in legacy: LegacyContainer) -> MigrationReport.Adoption {
        let place = step.placed.placement
        let name = legacy.masechetName(place.masechetId).map {
            LessonNames.name(type: step.key.lesson.type, masechet: $0, chapter: place.chapter, number: step.placed.number)
        }
        return .init(
            file: step.file.path, lesson: step.key.lesson, name: name, medium: step.key.medium, bytes: step.file.bytes,
            placedBy: step.placedBy)
    }

    /// Files imported per registry transaction.
    static let importBatch = 64

    /// A batch of files: their lessons first (one transaction), then each move, then their
    /// registration (one transaction); a copy's source is deleted only after the registration. A
    /// crash after a move leaves a file in place with its lesson: the next run's sync registers it.
    private func importFiles(
        _ steps: [MigrationPlanner.Step], from root: URL,
        moved: (MigrationPlanner.Step) -> Void
    ) async -> (adopted: [MigrationPlanner.Step], leftInPlace: [MigrationReport.LeftFile]) {
        var left: [MigrationReport.LeftFile] = []
        func fail(_ step: MigrationPlanner.Step, _ error: any Error) {
            left.append(.init(file: step.file.path, reason: .failed, detail: "\(error); left in place"))
        }
        do {
            try await database.importLessons(steps.map(\.placed), at: now())
        } catch {
            for step in steps { fail(step, error) }
            return ([], left)
        }
        var placed: [(step: MigrationPlanner.Step, method: MediaStore.AdoptionMethod)] = []
        var files: [LibraryDatabase.ImportedFile] = []
        for step in steps {
            do {
                let method = try await store.adopt(root.appendingPathComponent(step.file.path), as: step.key)
                await beforeCommit?(step.key)
                let how: Phrase = method == .renamed ? .detailMoved : .detailCopied
                files.append(
                    .init(
                        key: step.key, link: step.placed.lesson.link(for: step.key.medium) ?? "",
                        bytes: store.finalSize(step.key) ?? step.file.bytes,  // as it is now, not as it was listed
                        modified: step.file.modified,
                        detail: Message(.detailImported, .word(how), .text(step.file.path), .text(step.placedBy)).description))
                placed.append((step, method))
            } catch {
                fail(step, error)
            }
            moved(step)
        }
        do {
            try await database.recordImports(files, at: now())
        } catch {
            // Moved, not registered: the next run's sync registers them.
            for item in placed { fail(item.step, error) }
            return ([], left)
        }
        var adopted: [MigrationPlanner.Step] = []
        for (step, method) in placed {
            do {
                if method == .copied {
                    try await BlockingIO.run { try FileManager.default.removeItem(at: root.appendingPathComponent(step.file.path)) }
                }
                adopted.append(step)
            } catch {
                fail(step, error)  // copied and registered; its source stays
            }
        }
        return (adopted, left)
    }

    /// Renames a migrated registry `<name>.migrated` (or `.migrated-2`, … when that is taken).
    private static func markMigrated(_ relative: String, in root: URL) throws -> String {
        let source = root.appendingPathComponent(relative)
        var suffix = LegacyContainer.migratedSuffix
        var attempt = 1
        while FileManager.default.fileExists(atPath: source.path + suffix) {
            attempt += 1
            suffix = "\(LegacyContainer.migratedSuffix)-\(attempt)"
        }
        try FileManager.default.moveItem(atPath: source.path, toPath: source.path + suffix)
        return relative + suffix
    }
}

import Foundation
import OfflineLessons

/// `doctor --from <container>`: what migrate would recover from a legacy container, and what the
/// legacy app itself would have lost (legacy-system.md §6). Changes nothing.
struct LegacyDoctor {
    let global: GlobalOptions

    func run(container: URL) async throws {
        let report: MigrationReport
        if FileManager.default.fileExists(atPath: global.libraryURL.appendingPathComponent("library.sqlite").path) {
            report = try await global.openLibrary(readOnly: true).migrate(from: container, dryRun: true)
        } else {
            report = try await LessonLibrary.previewMigration(from: container)
        }
        let losses = Self.legacyLosses(report)
        if global.json {
            struct Document: Encodable {
                var migration: MigrationReport
                var legacyWouldLose: [String]
            }
            try Terminal.json(Document(migration: report, legacyWouldLose: losses.map(\.description)))
        } else {
            MigrateCommand.print(report, names: LessonNames(shas: nil))
            for loss in losses { Terminal.out(Terminal.say(.legacyLoss, .message(loss))) }
        }
        if !report.adopted.isEmpty || !report.rejected.isEmpty {
            throw CommandFailure(
                Terminal.say(.legacyToRecover, .number(report.adopted.count), .text(container.path)),
                exitCode: CommandFailure.failed)
        }
        if global.json == false { Terminal.out(Terminal.say(.legacyNothing)) }
    }

    /// What the legacy app would have lost or hidden, file by file and entry by entry.
    static func legacyLosses(_ report: MigrationReport) -> [Message] {
        var losses: [Message] = []
        let halves = Set(
            report.rejected.compactMap { rejection in
                rejection.path.split(separator: "/").first.map { Message(.legacyHalf, .text(String($0)), .text(rejection.source)) }
            })
        losses += halves.sorted { $0.description < $1.description }.map { Message(.legacyHalfDropped, .message($0)) }
        let registryInDocuments = report.registriesRead.contains { $0.hasPrefix("Documents/") }
        if registryInDocuments {
            losses += report.adopted.filter { $0.file.hasPrefix("Library/Caches/") }
                .map { Message(.legacyStranded, .text($0.file), .text("\($0.name ?? $0.lesson.description) \($0.medium.spoken)")) }
        }
        losses += report.adopted.filter {
            !$0.placedBy.hasSuffix("downloadedLessons.json") && !$0.placedBy.contains("downloadedLessons.json.migrated")
        }
        .map { Message(.legacyUnlisted, .text($0.file), .text($0.placedBy)) }
        losses += report.left(.ambiguous).map { Message(.legacyShared, .text($0.file)) }
        return losses
    }
}

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
            try Terminal.json(Document(migration: report, legacyWouldLose: losses))
        } else {
            MigrateCommand.print(report)
            for loss in losses { Terminal.out("legacy   \(loss)") }
        }
        if !report.adopted.isEmpty || !report.rejected.isEmpty {
            throw CommandFailure(
                "\(report.adopted.count) file(s) to recover: run `lessons migrate --from \(container.path)`",
                exitCode: CommandFailure.failed)
        }
        if global.json == false { Terminal.out("nothing to migrate") }
    }

    /// What the legacy app would have lost or hidden, file by file and entry by entry.
    static func legacyLosses(_ report: MigrationReport) -> [String] {
        var losses: [String] = []
        let halves = Set(
            report.rejected.compactMap { rejection in
                rejection.path.split(separator: "/").first.map { "the \($0) half of \(rejection.source)" }
            })
        losses += halves.sorted().map { "\($0): dropped whole for one bad value (B23); migrate keeps every good entry" }
        let registryInDocuments = report.registriesRead.contains { $0.hasPrefix("Documents/") }
        if registryInDocuments {
            losses += report.adopted.filter { $0.file.hasPrefix("Library/Caches/") }
                .map {
                    "\($0.file): stranded in Library/Caches by the upgrade (B1); migrate adopts it as \($0.lesson) \($0.medium.rawValue)"
                }
        }
        losses += report.adopted.filter {
            !$0.placedBy.hasSuffix("downloadedLessons.json") && !$0.placedBy.contains("downloadedLessons.json.migrated")
        }
        .map { "\($0.file): in no registry, so on no Downloads list (B7); placed through \($0.placedBy)" }
        losses += report.left(.ambiguous).map { "\($0.file): one file for two lessons (B11); left in place" }
        return losses
    }
}

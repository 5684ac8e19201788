import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `doctor`: read-only; healthy says so; drift, unknown files and failed downloads are named with
/// what fixes them.
@Suite("Doctor")
struct DoctorTests {
    @Test("healthy, then three problems named with their fix, and nothing changed by looking")
    func diagnose() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            _ = await collect(try await library.download(lessons, media: .audio))
            let healthy = try await library.diagnose()
            #expect(healthy.healthy && healthy.integrity == ["ok"] && healthy.lessons == 2, "\(healthy.problems)")

            try FileManager.default.removeItem(at: library.layout.fileURL(lessons[0].id, .audio))
            try Data("?".utf8).write(to: library.layout.mediaRoot.appendingPathComponent("stray.bin"))
            let failing = try await fixture.lessons("gemara/20", in: library)
            await fixture.faults.inject(.failFirst(count: 100, status: 404), at: MediaAddress(failing[0].id, .audio))
            _ = await collect(try await library.download(failing, media: .audio))

            let before = try await library.database.allMediaItems().sorted { $0.key < $1.key }
            let reader = try await LessonLibrary(root: fixture.root, configuration: .init(readOnly: true))
            let report = try await reader.diagnose()
            let found = Set(report.problems.map { "\($0.kind) \($0.fix.rawValue)" })
            #expect(found == ["missing repair", "unknown moveOut", "failed download"], "\(report.problems)")
            #expect(try await library.database.allMediaItems().sorted { $0.key < $1.key } == before, "doctor changed nothing")
            #expect(try await library.database.mediaItem(MediaKey(lessons[0].id, .audio))?.state == .complete)
        }
    }

    @Test("media found missing by an earlier quick sync are still problems; a missing library is said so")
    func missingAfterQuickSync() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2", in: library)
            _ = await collect(try await library.download(lessons, media: .audio))
            try FileManager.default.removeItem(at: library.layout.fileURL(lessons[0].id, .audio))
            _ = try await library.downloads()  // the quick sync marks it missing
            let report = try await library.diagnose()
            #expect(report.problems.map { "\($0.kind) \($0.fix.rawValue)" } == ["missing repair"], "\(report.problems)")
        }
        let folder = try TemporaryDirectory()
        do {
            _ = try await LessonLibrary(root: folder.url.appendingPathComponent("none"), configuration: .init(readOnly: true))
            Issue.record("a read-only open of nothing succeeded")
        } catch let error as LibraryError {
            #expect(error.description.contains("there is no library at"), "\(error)")
        }
    }
}

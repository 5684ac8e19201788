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

    @Test("problems alike are one group: its kind, its cause without the attempt count, and every item, named as people name lessons")
    func groups() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-7", in: library)
            for lesson in lessons.prefix(4) {
                await fixture.faults.inject(.failFirst(count: 100, status: 404), at: MediaAddress(lesson.id, .audio))
            }
            await fixture.faults.inject(.failFirst(count: 100, status: 500), at: MediaAddress(lessons[4].id, .audio))
            _ = await collect(try await library.download(lessons, media: .audio))
            let report = try await library.diagnose()
            let groups = report.groups
            #expect(groups.map(\.problems.count) == [4, 1], "\(groups)")
            #expect(groups.map(\.kind) == ["failed", "failed"] && groups.allSatisfy { $0.fix == .download })
            #expect(groups.map(\.detail) == ["the server answered HTTP 404", "the server answered HTTP 500"], "\(groups.map(\.detail))")
            #expect(groups[0].problems.map(\.lessonName) == ["Berakhot 2", "Berakhot 3", "Berakhot 4", "Berakhot 5"])
            #expect(
                groups[1].problems.first?.detail == "the server answered HTTP 500 (gave up after 4 attempts)",
                "every problem keeps its detail")
        }
        #expect(DoctorReport.alike("network error: connection refused (gave up after 12 attempts)") == "network error: connection refused")
        #expect(DoctorReport.alike("odd (gave up after many attempts)") == "odd (gave up after many attempts)")
        let mishna = PlacedLesson(
            type: .mishna, placement: Placement(sederId: 1, masechetId: 1, chapter: 1),
            lesson: Lesson(id: 7, chapter: 1, duration: 600, mishna: 3))
        var names = LessonNames(
            shas: Shas(sedarim: [
                Seder(
                    id: 1, order: 1, name: "Zeraim",
                    masechtot: [
                        Masechet(id: 1, order: 1, name: "Berakhot", chapters: 9, pages: 63, chapterList: [])
                    ])
            ]))
        #expect(names.name(mishna.id) == "mishna/7", "an unknown lesson keeps its id")
        names.add([mishna])
        #expect(names.name(mishna.id) == "Berakhot 1:3")
        #expect(names.name(MediaKey(mishna.id, .text)) == "Berakhot 1:3 PDF")
        #expect(LessonNames(shas: nil, places: [mishna.id: .init(masechetId: 1, chapter: 1, number: 3)]).name(mishna.id) == "mishna/7")
    }
}

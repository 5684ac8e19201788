import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

@Suite("Downloads")
struct DownloadTests {
    @Test("happy path: files byte-identical to what the server serves, registered complete")
    func happyPath() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            #expect(lessons.map(\.number) == [2, 3, 4])
            let (events, summary) = await collect(try await library.download(lessons, media: .audio))
            #expect(summary?.downloaded == 6)
            #expect(summary?.failed.isEmpty == true)
            #expect(events.filter { if case .queued = $0 { true } else { false } }.count == 6)
            for lesson in lessons {
                for medium in [MediaKind.audio, .text] {
                    #expect(fixture.hasServedFile(library, lesson, medium))
                    let item = try #require(try await library.database.mediaItem(MediaKey(lesson.id, medium)))
                    #expect(item.state == .complete)
                    #expect(item.receivedBytes == fixture.served(lesson, medium).count)
                }
                #expect(try await library.isDownloaded(lesson.id))
                #expect(!fixture.hasFile(library, lesson.id, .video))
            }
        }
    }

    @Test("gemara/1 and mishna/1 get distinct files, rows and bytes")
    func collidingIDs() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let gemara = try await fixture.lessons("gemara/1", in: library)
            let mishna = try await fixture.lessons("mishna/1", in: library)
            _ = await collect(try await library.download(gemara + mishna, media: .audio))
            let g = try #require(fixture.file(library, LessonID(.gemara, 1), .audio))
            let m = try #require(fixture.file(library, LessonID(.mishna, 1), .audio))
            #expect(g != m ? true : false)
            #expect(fixture.hasServedFile(library, gemara[0], .audio))
            #expect(fixture.hasServedFile(library, mishna[0], .audio))
            #expect(library.layout.fileURL(LessonID(.gemara, 1), .audio) != library.layout.fileURL(LessonID(.mishna, 1), .audio))
            let downloads = try await library.downloads()
            #expect(Set(downloads.map(\.lessonID)) == [LessonID(.gemara, 1), LessonID(.mishna, 1)])
        }
    }

    @Test("the same item requested twice at once is downloaded once")
    func concurrentSameItem() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lesson = try await fixture.lessons("gemara/5", in: library)
            await fixture.faults.inject(.delay(milliseconds: 150), at: MediaAddress(LessonID(.gemara, 5), .audio))
            let first = try await library.download(lesson, media: .audio)
            let second = try await library.download(lesson, media: .audio)
            async let a = collect(first)
            async let b = collect(second)
            let (ra, rb) = await (a, b)
            #expect(ra.summary?.failed.isEmpty == true && rb.summary?.failed.isEmpty == true)
            let audio = MediaKey(LessonID(.gemara, 5), .audio)
            for run in [ra, rb] {
                #expect(run.events.contains { if case .completed(audio, _, _) = $0 { true } else { false } })
            }
            #expect(await fixture.faults.downloads(of: MediaAddress(LessonID(.gemara, 5), .audio)) == 1)
            #expect(fixture.hasServedFile(library, lesson[0], .audio))
        }
    }

    @Test("a medium the lesson lacks is reported unavailable and never requested")
    func unavailableMedium() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            // Demo lesson ids divisible by 11 have no video.
            let lesson = try await fixture.lessons("gemara/11", in: library)
            #expect(lesson[0].lesson.video == nil)
            let (events, summary) = await collect(try await library.download(lesson, media: .video))
            #expect(summary?.unavailable.map(\.medium) == [.video])
            let reasons = summary?.unavailable.map { Phrasebook.recognize($0.reason).text(.es) }
            #expect(reasons == ["la clase no tiene vídeo"], "said in Spanish: \(String(describing: reasons))")
            #expect(events.contains { if case .unavailable(let key, _) = $0 { key.medium == .video } else { false } })
            #expect(try await library.database.mediaItems(of: LessonID(.gemara, 11)).isEmpty)
            #expect(await fixture.faults.requests(for: MediaAddress(LessonID(.gemara, 11), .text)).isEmpty)
        }
    }

    @Test("remove deletes files and registry rows together, also when the files are already gone")
    func removal() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            _ = await collect(try await library.download(lessons, media: .both))
            let first = lessons[0].id
            let second = lessons[1].id
            // Only the video of the first: audio and PDF stay.
            let partial = try await library.remove([first], media: [.video])
            #expect(partial.removed.map(\.medium) == [.video])
            #expect(!fixture.hasFile(library, first, .video))
            #expect(fixture.hasFile(library, first, .audio))
            #expect(try await library.isDownloaded(first))
            // The second lesson's files vanish behind the registry's back (legacy B12).
            try FileManager.default.removeItem(at: library.layout.folder(for: second))
            let report = try await library.remove([second])
            #expect(report.removed.count == 3)
            #expect(report.removed.allSatisfy { !$0.fileDeleted })
            #expect(try await library.database.mediaItems(of: second).isEmpty)
            #expect(try await library.database.registeredLesson(second) == nil)
            #expect(try await library.downloads().map(\.lessonID) == [first])
            // Removing the audio (the last medium) takes the PDF too.
            _ = try await library.remove([first], media: [.audio])
            #expect(try await library.database.mediaItems(of: first).isEmpty)
            #expect(!fixture.hasFile(library, first, .text))
            let removals = try await library.database.events().filter { $0.kind == .removed }
            #expect(removals.count == 6)
            // Each says why in the reader's language (the history stores the catalog's English).
            #expect(removals.allSatisfy { Phrasebook.recognize($0.detail ?? "").text(.es) == "borrado a petición" })
        }
    }

    @Test("a restarted library finishes pending work without downloading completed files again")
    func restartResume() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-6", in: first)
            // Lesson 5 (daf 6) cannot be fetched during the first run.
            let blocked = MediaAddress(LessonID(.gemara, 5), .audio)
            await fixture.faults.inject(.failFirst(count: 4, status: 503), at: blocked)
            let (_, summary) = await collect(try await first.download(lessons, media: .audio))
            #expect(summary?.failed.map(\.lesson) == [LessonID(.gemara, 5)])
            #expect(try await first.database.mediaItem(MediaKey(LessonID(.gemara, 5), .audio))?.state == .failed)
            // A second library on the same folder, as after a restart.
            let second = try await fixture.library()
            let (_, resumed) = await collect(try await second.resumePending())
            #expect(resumed?.downloaded == 1)
            #expect(resumed?.failed.isEmpty == true)
            for lesson in lessons {
                #expect(fixture.hasServedFile(second, lesson, .audio))
                let address = MediaAddress(lesson.id, .audio)
                let gets = await fixture.faults.downloads(of: address)
                #expect(gets == (address == blocked ? 5 : 1), "\(address) was fetched \(gets) times")
            }
        }
    }

    @Test("the registry's times come from the library's clock (Configuration.now)")
    func injectedClock() async throws {
        try await DownloadFixture.run { fixture in
            let then = Date(timeIntervalSince1970: 1_600_000_000)
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            let library = try await LessonLibrary(root: fixture.root, client: client, configuration: .init(now: { then }))
            #expect(try await library.catalog().fetchedAt == then)
            let lessons = try await fixture.lessons("gemara/5", in: library)
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            #expect(summary?.downloaded == 2)
            let item = try #require(try await library.database.mediaItem(MediaKey(LessonID(.gemara, 5), .audio)))
            #expect(item.requestedAt == then && item.completedAt == then)
            let events = try await library.history(of: LessonID(.gemara, 5))
            #expect(events.count == 4 && events.allSatisfy { $0.at == then }, "\(events)")
            #expect(events.map(\.kind) == [.completed, .completed, .requested, .requested], "newest first")
        }
    }

    @Test("requesting downloaded lessons again: each item reported complete from the registration, nothing fetched")
    func requestedAgain() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            let (_, first) = await collect(try await library.download(lessons, media: .audio))
            #expect(first?.downloaded == 6)
            let address = MediaAddress(lessons[0].id, .audio)
            let fetched = await fixture.faults.downloads(of: address)
            let (events, again) = await collect(try await library.download(lessons, media: .audio))
            #expect(again?.alreadyComplete == 6 && again?.downloaded == 0 && again?.failed.isEmpty == true)
            let completions = events.compactMap { event -> MediaKey? in
                if case .completed(let key, _, alreadyPresent: true) = event { key } else { nil }
            }
            #expect(Set(completions).count == 6 && completions.count == 6, "\(events)")
            #expect(await fixture.faults.downloads(of: address) == fetched)
        }
    }

    @Test("requesting a lesson whose file vanished downloads it again and logs it missing")
    func vanishedFile() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/4", in: library)
            _ = await collect(try await library.download(lessons, media: .audio))
            try FileManager.default.removeItem(at: library.layout.fileURL(LessonID(.gemara, 4), .audio))
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            #expect(summary?.downloaded == 1)
            #expect(summary?.alreadyComplete == 1)
            #expect(fixture.hasServedFile(library, lessons[0], .audio))
            let kinds = try await library.database.events(of: LessonID(.gemara, 4)).filter { $0.medium == .audio }.map(\.kind)
            #expect(kinds == [.requested, .completed, .missing, .requested, .completed])
        }
    }

    @Test("two library instances downloading the same item never interleave their bytes")
    func twoInstances() async throws {
        try await DownloadFixture.run(scale: 0.05) { fixture in
            let one = try await fixture.library()
            let two = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/6", in: one)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 5), at: MediaAddress(LessonID(.gemara, 6), .audio))
            async let a = collect(try await one.download(lessons, media: .audio))
            async let b = collect(try await two.download(lessons, media: .audio))
            let (ra, rb) = try await (a, b)
            // Whichever instance locks the file first downloads it; the other waits for its lock to
            // go, then finds the item complete: no failure, and it never writes into the file.
            #expect(
                ra.summary?.failed.isEmpty == true && rb.summary?.failed.isEmpty == true,
                "\(String(describing: ra.summary?.failed)) \(String(describing: rb.summary?.failed))")
            let waited = (ra.events + rb.events).filter { if case .waiting = $0 { true } else { false } }
            let downloads = [ra, rb].compactMap(\.summary).map(\.downloaded).reduce(0, +)
            #expect(downloads == 2, "audio and PDF downloaded once each, by either instance")
            #expect(!waited.isEmpty, "one instance found the other writing and waited")
            #expect(fixture.hasServedFile(one, lessons[0], .audio))
            #expect(await fixture.faults.downloads(of: MediaAddress(LessonID(.gemara, 6), .audio)) == 1)
            let (_, again) = await collect(try await two.resumePending())
            #expect(again?.failed.isEmpty == true)
            #expect(try await one.database.mediaItem(MediaKey(LessonID(.gemara, 6), .audio))?.state == .complete)
            #expect(fixture.hasServedFile(one, lessons[0], .audio))
            for medium in [MediaKind.audio, .text] {
                #expect(one.store.partialSize(MediaKey(LessonID(.gemara, 6), medium)) == 0, "no partial file is left behind")
            }
        }
    }

    @Test("a partial file written whole before a crash is placed without another request")
    func wholePartial() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/8", in: library)
            let key = MediaKey(LessonID(.gemara, 8), .audio)
            await fixture.faults.inject(.failFirst(count: 4, status: 503), at: key)
            _ = await collect(try await library.download(lessons, media: .audio))
            #expect(try await library.database.mediaItem(key)?.state == .failed)
            // As if a previous run had written every byte and died before the rename.
            let bytes = fixture.served(lessons[0], .audio)
            try Data(bytes).write(to: library.layout.partialURL(key.lesson, .audio))
            try await library.database.recordValidators(
                key, link: try #require(lessons[0].lesson.audio), expectedBytes: bytes.count, etag: "\"v0\"", lastModified: nil)
            let (_, summary) = await collect(try await library.resumePending())
            #expect(summary?.failed.isEmpty == true)
            #expect(await fixture.faults.downloads(of: key) == 4)
            #expect(fixture.hasServedFile(library, lessons[0], .audio))
        }
    }

    @Test("without a media base, a download is refused as a configuration error, not silently skipped")
    func noMediaBase() async throws {
        try await DownloadFixture.run { fixture in
            let lessons = try await fixture.lessons("gemara/9", in: try await fixture.library())
            let offline = try await LessonLibrary(root: fixture.root)
            await #expect(throws: LibraryError.self) { try await offline.download(lessons, media: .audio) }
            #expect(try await offline.database.mediaItems(of: LessonID(.gemara, 9)).isEmpty)
        }
    }
}

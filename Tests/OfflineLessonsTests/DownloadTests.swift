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

    @Test("cancelling a run leaves items queued; the next run resumes them")
    func cancellation() async throws {
        try await DownloadFixture.run(scale: 0.05) { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-21", in: library)
            // The first lesson comes at once, the others' audio 3 s after each request, one at a
            // time: the run goes on for a minute after the consumer's first event. Its tasks run
            // on the event loop, so a consumer starved of the cooperative pool (a loaded machine,
            // a sanitizer) still sees that event before the run ends.
            for lesson in lessons.dropFirst() {
                await fixture.faults.inject(.delay(milliseconds: 3000), at: MediaAddress(lesson.id, .audio))
            }
            let run = try await library.download(lessons, media: .audio)
            let consumer = Task {
                for await event in run {
                    if case .completed = event { withUnsafeCurrentTask { $0?.cancel() } }
                }
            }
            // Cancelling the consumer ends the stream, which cancels the run; its summary comes
            // once every unfinished item is back in the queue (no polling).
            await consumer.value
            let cancelled = await run.summary
            #expect(cancelled.leftQueued > 0, "\(cancelled)")
            #expect(await library.activeDownloads() == 0)
            let pending = try await library.database.mediaItems(in: [.queued, .downloading])
            #expect(!pending.isEmpty)
            #expect(pending.allSatisfy { $0.state == .queued })
            await fixture.faults.removeAllFaults()
            let (_, summary) = await collect(try await fixture.library().resumePending())
            #expect(summary?.failed.isEmpty == true)
            for lesson in lessons { #expect(fixture.hasServedFile(library, lesson, .audio)) }
        }
    }

    @Test("run.cancel(): the summary arrives once every unfinished item is back in the queue")
    func cancelAwaitsRequeue() async throws {
        try await DownloadFixture.run(scale: 0.05) { fixture in
            let library = try await fixture.library(concurrency: 2)
            let lessons = try await fixture.lessons("gemara:berakhot:2-5", in: library)
            // Slow enough that no file ends before the cancel, however loaded the machine.
            for lesson in lessons {
                await fixture.faults.inject(.throttle(millisecondsPerChunk: 1000), at: MediaAddress(lesson.id, .audio))
            }
            let run = try await library.download(lessons, media: .audio)
            var events = run.makeAsyncIterator()
            while let event = await events.next() {
                if case .progress(_, let received, _) = event, received > 0 { break }
            }
            run.cancel()
            let summary = await run.summary
            #expect(summary.leftQueued > 0 && summary.downloaded < lessons.count * 2, "\(summary)")
            // Read at once, without waiting: nothing is still marked as being downloaded.
            #expect(try await library.database.mediaItems(in: [.downloading]).isEmpty)
            #expect(try await library.database.mediaItems(in: [.queued]).count == summary.leftQueued)
            #expect(await library.activeDownloads() == 0)
            // The events end with the summary, after the cancel too.
            var last: DownloadEvent?
            while let event = await events.next() { last = event }
            #expect(last == .finished(summary))
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

    @Test("observe() sees the events of every run, in order, each ending with its summary")
    func observeWholeQueue() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let observed = await library.observe()
            let first = try await fixture.lessons("gemara/1", in: library)
            let second = try await fixture.lessons("mishna/1", in: library)
            _ = await collect(try await library.download(first, media: .audio))
            _ = await collect(try await library.download(second, media: .audio))
            var completed: [MediaKey] = []
            var summaries = 0
            for await event in observed {
                if case .completed(let key, _, _) = event { completed.append(key) }
                if case .finished = event { summaries += 1 }
                if summaries == 2 { break }
            }
            #expect(
                Set(completed) == [
                    MediaKey(LessonID(.gemara, 1), .audio), MediaKey(LessonID(.gemara, 1), .text),
                    MediaKey(LessonID(.mishna, 1), .audio), MediaKey(LessonID(.mishna, 1), .text),
                ])
            #expect(completed.count == 4)
        }
    }

    @Test("discardEvents(): the run's stream ends, the run goes on to its summary, and observers see every event")
    func discardEvents() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let observed = await library.observe()
            let lessons = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            // One file takes a while: the run cannot end before the call below.
            await fixture.faults.inject(.delay(milliseconds: 500), at: MediaAddress(lessons[0].id, .audio))
            let run = try await library.download(lessons, media: .audio)
            run.discardEvents()
            for await event in run {
                if case .finished = event { Issue.record("the run's end reached its stream after discardEvents()") }
            }
            let summary = await run.summary
            #expect(summary.downloaded == 6)
            #expect(summary.failed.isEmpty)
            var completed = 0
            for await event in observed {
                if case .completed = event { completed += 1 }
                if case .finished = event { break }
            }
            #expect(completed == 6)
            for lesson in lessons { #expect(try await library.isDownloaded(lesson.id)) }
        }
    }

    @Test("observe(): a cancelled run that joined another's download says so in its own stream only; the download goes on")
    func joinedCancelNotObserved() async throws {
        try await DownloadFixture.run(scale: 0.05) { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/7", in: library)
            let key = MediaKey(LessonID(.gemara, 7), .audio)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 100), at: MediaAddress(key.lesson, .audio))
            let observed = await library.observe()
            let owner = try await library.download(lessons, media: .audio)
            for _ in 0..<500 where library.store.partialSize(key) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            let joiner = try await library.download(lessons, media: .audio)
            joiner.cancel()
            var ownStream: [DownloadEvent] = []
            for await event in joiner { ownStream.append(event) }
            let (_, summary) = await collect(owner)
            #expect(ownStream.contains(.cancelled(key)), "the joining run learns its end: \(ownStream)")
            #expect(summary?.downloaded == 2, "\(String(describing: summary))")
            var seen: [DownloadEvent] = []
            var finished = 0
            for await event in observed {
                seen.append(event)
                if case .finished = event { finished += 1 }
                if finished == 2 { break }
            }
            #expect(!seen.contains(.cancelled(key)), "observers never see the item cancelled while it downloads")
            #expect(
                seen.filter { $0 == .completed(key, bytes: fixture.served(lessons[0], .audio).count, alreadyPresent: false) }.count == 1)
            #expect(fixture.hasServedFile(library, lessons[0], .audio))
        }
    }

    @Test("removing a lesson while it downloads leaves no file, no partial and no row; the run counts it withdrawn, not failed")
    func removeWhileDownloading() async throws {
        try await DownloadFixture.run(scale: 0.05) { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/7", in: library)
            let key = MediaKey(LessonID(.gemara, 7), .audio)
            // A second a 64 KiB chunk: the file (about 34 chunks) cannot end before the removal,
            // however slowly a loaded machine (sanitizers, parallel tests) gets to it. The removal
            // is seen when the next chunk comes.
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 1000), at: key)
            let run = Task { await collect(try await library.download(lessons, media: .audio)) }
            for _ in 0..<500 where library.store.partialSize(key) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(library.store.partialSize(key) > 0)
            _ = try await library.remove([key.lesson])
            let (events, summary) = try await run.value
            // Removed at the user's request: withdrawn from the run, not a failure.
            // The PDF too, when it was still under way.
            #expect(summary?.failed.isEmpty == true && summary?.withdrawn ?? 0 >= 1, "\(String(describing: summary))")
            #expect(events.contains(.withdrawn(key)))
            #expect(!fixture.hasFile(library, key.lesson, .audio))
            #expect(library.store.partialSize(key) == 0)
            #expect(try await library.database.mediaItems(of: key.lesson).isEmpty)
            #expect(try await library.downloads().isEmpty)
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

import Foundation
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// The queue as people control it: cancel one item while the others go on, pause (kept across a
/// restart) and resume, move an item to the front.
@Suite("Queue control")
struct QueueControlTests {
    @Test("cancelling one item of a run stops it alone: the others complete, it leaves the queue, its history says so")
    func cancelOne() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(concurrency: 3)
            let lessons = try await fixture.lessons("gemara:berakhot:2-6", in: library)
            let slow = MediaKey(lessons[0].id, .audio)
            // Two seconds between its chunks: the cancel lands mid-body however slow the machine.
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 2_000), at: slow)
            let run = try await library.download(lessons, media: .audio)
            // Wait until the slow item has its first bytes, then cancel it.
            let deadline = ContinuousClock.now + .seconds(30)
            while library.store.partialSize(slow) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(library.queueControl.isRunning(slow))
            let started = ContinuousClock.now
            let report = try await library.cancelDownload(slow)
            #expect(ContinuousClock.now - started < .seconds(15), "the transfer stops at its next read, not at its end")
            #expect(report.removed.map(\.medium).sorted() == [.audio, .text], "its PDF goes with the lesson's only medium")
            let summary = await run.summary
            #expect(summary.withdrawn >= 1, "the audio, and the PDF if it was still going")
            #expect(summary.leftQueued == 0 && summary.failed.isEmpty, "\(summary)")
            for lesson in lessons.dropFirst() { #expect(try await library.isDownloaded(lesson.id)) }
            #expect(try await library.database.mediaItem(slow) == nil)
            #expect(!fixture.hasFile(library, slow.lesson, .audio))
            #expect(library.store.partialSize(slow) == 0)
            let history = try await library.history(of: slow.lesson)
            #expect(history.contains { $0.kind == .cancelled && $0.medium == .audio })
            #expect(try await library.queue().isEmpty)
        }
    }

    @Test("a cancel that meets a download another process completes meanwhile keeps it, file, row and PDF, and removes nothing")
    func cancelMeetsCompletion() async throws {
        try await DownloadFixture.run { fixture in
            let other = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2", in: other)
            let key = MediaKey(lessons[0].id, .audio)
            // Its audio fails once: a failed item, which a cancel takes.
            await fixture.faults.inject(.failFirst(count: 1, status: 404), at: MediaAddress(key.lesson, .audio))
            _ = await collect(try await other.download(lessons, media: .audio))
            #expect(try await other.database.mediaItem(key)?.state == .failed)
            // Between the cancel's look at the item and its removal, the other process downloads it again.
            let completing = Completing(other, lessons)
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            var configuration = LessonLibrary.Configuration(retry: DownloadFixture.fastRetry)
            configuration.beforeCommit = { key in await completing.once(for: key) }
            let cancelling = try await LessonLibrary(root: fixture.root, client: client, configuration: configuration)
            let report = try await cancelling.cancelDownload(key)
            #expect(await completing.done, "the other download ran")
            #expect(report.removed.isEmpty, "\(report.removed)")
            #expect(try await cancelling.database.mediaItem(key)?.state == .complete)
            #expect(try await cancelling.database.mediaItem(MediaKey(key.lesson, .text))?.state == .complete)
            let fileKept = fixture.hasServedFile(cancelling, lessons[0], .audio)  // out of #expect, which would print the fixture
            #expect(fileKept)
        }
    }

    @Test("an item another process cancels while this run downloads it is withdrawn from the run, not failed")
    func cancelledElsewhere() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            let slow = MediaKey(lessons[0].id, .audio)
            // The other process is open before the run begins, so only its cancel falls in the window.
            let elsewhere = try await fixture.library()
            // Four seconds between its chunks: the cancel lands mid-body however slow the machine.
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 4_000), at: slow)
            let run = try await library.download(lessons, media: .audio)
            // A generous wait: the whole suite in parallel under AddressSanitizer once kept it past 30 s.
            let deadline = ContinuousClock.now + .seconds(90)
            while library.store.partialSize(slow) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(library.store.partialSize(slow) > 0, "the slow item's body had begun when the cancel came")
            #expect(try await elsewhere.cancelDownload(slow).removed.map(\.medium).sorted() == [.audio, .text])
            let (events, summary) = await collect(run)
            #expect(summary?.failed.isEmpty == true && summary?.withdrawn ?? 0 >= 1, "\(String(describing: summary))")
            #expect(events.contains(.withdrawn(slow)), "\(events.filter { $0.key == slow })")
            #expect(try await library.isDownloaded(lessons[1].id))
            #expect(try await library.database.mediaItem(slow) == nil)
        }
    }

    @Test("an item cancelled before its turn is never requested: the run reads it, gone, when its turn comes")
    func cancelBeforeItsTurn() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            // One slot: the first item holds it while the next 16 wait under way; the last is not started.
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-20", in: library)
            let (first, later) = (MediaKey(lessons[0].id, .audio), MediaKey(try #require(lessons.last).id, .audio))
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 150), at: first)
            let run = try await library.download(lessons, media: .audio)
            let deadline = ContinuousClock.now + .seconds(30)
            while library.store.partialSize(first) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(!library.queueControl.isRunning(later))
            let report = try await library.cancelDownload(later)
            #expect(report.removed.map(\.medium).sorted() == [.audio, .text])

            _ = await run.summary
            for lesson in lessons.dropLast() { #expect(try await library.isDownloaded(lesson.id)) }
            #expect(await fixture.faults.requests(for: later).isEmpty, "no request for an item cancelled before its turn")
            #expect(try await library.database.mediaItem(later) == nil)
        }
    }

    @Test("cancelling a run's lessons at once: none of them starts while another is being cancelled")
    func cancelSeveral() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-12", in: library)
            let first = MediaKey(lessons[0].id, .audio)
            // It stalls after 70 KB for longer than the test: it holds the one slot until the cancel,
            // however slow the machine.
            await fixture.faults.inject(.stallMidBody(afterBytes: 70_000, count: 100), at: first)
            let run = try await library.download(lessons, media: .audio)
            let deadline = ContinuousClock.now + .seconds(30)
            while library.store.partialSize(first) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            var waiting: [MediaKey] = []
            for lesson in lessons.dropFirst() where await fixture.faults.requests(for: MediaKey(lesson.id, .audio)).isEmpty {
                waiting.append(MediaKey(lesson.id, .audio))
            }
            #expect(waiting.count >= 4, "audio not started yet, behind the slow one")
            let report = try await library.cancelDownloads(matching: [.gemara(masechet: "berakhot", dapim: 2...12)])
            let summary = await run.summary
            // Each item of the run ends: downloaded (a PDF before the cancel) or withdrawn, the one
            // stopped and those never started alike; none left queued.
            #expect(summary.withdrawn + summary.downloaded == 2 * lessons.count, "\(summary)")
            #expect(summary.withdrawn >= lessons.count && summary.leftQueued == 0 && summary.failed.isEmpty, "\(summary)")
            for key in waiting {
                #expect(report.removed.contains { $0.lesson == key.lesson && $0.medium == .audio }, "\(key)")
                #expect(await fixture.faults.requests(for: key).isEmpty, "\(key) was started while the others were cancelled")
            }
            #expect(try await library.queue().isEmpty)
        }
    }

    @Test("a paused queue stays paused after a restart: a download registers and waits; resumed, it completes")
    func pauseAcrossRestart() async throws {
        try await DownloadFixture.run { fixture in
            var library = try await fixture.library()
            try await library.pauseQueue()
            library = try await fixture.library()  // a restart
            #expect(try await library.isQueuePaused())
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            let summary = await try library.download(lessons, media: .audio).summary
            #expect(summary.queuePaused == 4 && summary.downloaded == 0)
            #expect(await fixture.faults.downloads(of: MediaKey(lessons[0].id, .audio)) == 0, "nothing was fetched")
            #expect(try await library.queue().count == 4)
            try await library.resumeQueue()
            #expect(try await !library.isQueuePaused())
            let resumed = await try library.resumePending().summary
            #expect(resumed.downloaded == 4)
            for lesson in lessons { #expect(try await library.isDownloaded(lesson.id)) }
        }
    }

    @Test("pausing stops the runs under way: their items go back to the queue and resume later from their partial files")
    func pauseStopsRuns() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(concurrency: 2)
            let lessons = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            for lesson in lessons { await fixture.faults.inject(.throttle(millisecondsPerChunk: 100), at: MediaKey(lesson.id, .audio)) }
            let run = try await library.download(lessons, media: .audio)
            let deadline = ContinuousClock.now + .seconds(30)
            while try await library.queue().allSatisfy({ $0.receivedBytes == 0 }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await library.pauseQueue()
            let summary = await run.summary
            #expect(summary.queuePaused > 0 && summary.leftQueued == 0 && summary.failed.isEmpty, "\(summary)")
            #expect(try await library.pendingDownloads() > 0)
            try await library.resumeQueue()
            for lesson in lessons { await fixture.faults.inject(.throttle(millisecondsPerChunk: 0), at: MediaKey(lesson.id, .audio)) }
            let resumed = await try library.resumePending().summary
            #expect(resumed.failed.isEmpty && resumed.leftQueued == 0, "\(resumed)")
            for lesson in lessons { #expect(fixture.hasServedFile(library, lesson, .audio)) }
        }
    }

    @Test("a pause made by another process (another library on the folder) stops a run under way within seconds")
    func pauseFromElsewhere() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(concurrency: 2)
            let elsewhere = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-5", in: library)
            // Two seconds between chunks: the run is still going when the pause lands, however slow the machine.
            for lesson in lessons { await fixture.faults.inject(.throttle(millisecondsPerChunk: 2_000), at: MediaKey(lesson.id, .audio)) }
            let run = try await library.download(lessons, media: .audio)
            let deadline = ContinuousClock.now + .seconds(30)
            while try await library.queue().allSatisfy({ $0.receivedBytes == 0 }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await elsewhere.pauseQueue()
            let paused = ContinuousClock.now
            let summary = await run.summary
            #expect(ContinuousClock.now - paused < .seconds(15), "the run stopped at its next look at the queue")
            #expect(summary.queuePaused > 0 && summary.leftQueued == 0 && summary.failed.isEmpty, "\(summary)")
            #expect(try await library.pendingDownloads() > 0)
            try await elsewhere.resumeQueue()
            for lesson in lessons { await fixture.faults.inject(.throttle(millisecondsPerChunk: 0), at: MediaKey(lesson.id, .audio)) }
            let resumed = await try library.resumePending().summary
            #expect(resumed.failed.isEmpty && resumed.leftQueued == 0, "\(resumed)")
            for lesson in lessons { #expect(try await library.isDownloaded(lesson.id)) }
        }
    }

    @Test("an item moved to the front is the next one a run starts")
    func moveToFront() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-6", in: library)
            try await library.pauseQueue()
            _ = await try library.download(lessons, media: .audio).summary
            let last = MediaKey(lessons[4].id, .audio)
            #expect(try await library.moveToFront(last))
            #expect(try await library.queue().first?.key == last)
            #expect(try await !library.moveToFront(MediaKey(LessonID(.gemara, 2000), .audio)), "not queued")
            try await library.resumeQueue()
            let (events, _) = await collect(try await library.resumePending())
            let firstStarted = events.compactMap { event -> MediaKey? in
                if case .progress(let key, _, _) = event { return key }
                return nil
            }.first
            #expect(firstStarted == last)
        }
    }

    @Test("moved to the front while a run goes on, an item takes the next free transfer slot")
    func moveToFrontDuringARun() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-7", in: library)
            let keys = lessons.map { MediaKey($0.id, .audio) }
            // The first transfer takes seconds: while it goes, the others wait for the one slot, and
            // the move reaches the queue before it ends, on a loaded machine too.
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 1_500), at: keys[0])
            for key in keys.dropFirst() { await fixture.faults.inject(.throttle(millisecondsPerChunk: 150), at: key) }
            let run = try await library.download(lessons, media: .audio)
            var order: [MediaKey] = []
            var moved: MediaKey?
            for await event in run {
                guard case .progress(let key, _, _) = event, key.medium == .audio, !order.contains(key) else { continue }
                order.append(key)
                if moved == nil, let last = keys.last(where: { $0 != key }) {
                    moved = last
                    #expect(try await library.moveToFront(last))
                }
            }
            #expect(order.count == keys.count)
            #expect(order.dropFirst().first == moved, "\(order), moved \(String(describing: moved))")
        }
    }
}

/// Another process's download, run once when the cancel reaches its first item.
private actor Completing {
    let library: LessonLibrary
    let lessons: [PlacedLesson]
    var done = false

    init(_ library: LessonLibrary, _ lessons: [PlacedLesson]) {
        self.library = library
        self.lessons = lessons
    }

    func once(for key: MediaKey) async {
        guard !done, key.medium == .audio else { return }
        done = true
        guard let run = try? await library.download(lessons, media: .audio) else { return }
        _ = await collect(run)
    }
}

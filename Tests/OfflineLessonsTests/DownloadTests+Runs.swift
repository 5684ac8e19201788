import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// A run's events and its cancellation: what observers see, what a cancelled or withdrawn item
/// leaves in the queue and on disk.
extension DownloadTests {
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
}

import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// What a registration left can change before the item's download starts: these cases change it
/// on purpose and check that the download takes the registry as it is when its lock is had,
/// whether it starts from the row the registration left or claims the item first.
@Suite("The registration's row")
struct RegistrationRowTests {
    static let key = MediaKey(LessonID(.gemara, 9), .audio)

    /// gemara/9 registered (audio + PDF), nothing fetched; its audio row as the registration left it.
    static func registered(_ fixture: DownloadFixture, _ library: LessonLibrary) async throws -> (PlacedLesson, MediaItem) {
        let lesson = try #require(try await fixture.lessons("gemara/9", in: library).first)
        let rows = try await library.database.register(
            [.init(lesson: lesson, media: [(.audio, try #require(lesson.lesson.audio))])], at: Date())
        let row = try #require(rows.first { $0.key == key })
        #expect(row.state == .queued)
        return (lesson, row)
    }

    @Test("registration returns each item that needs work as it left it; a complete one is not returned")
    func rowsReturned() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            #expect(row == (try await library.database.mediaItem(Self.key)))
            #expect(row.link == lesson.lesson.audio)
            try await library.database.markComplete(Self.key, bytes: 10, at: Date())
            let again = try await library.database.register(
                [.init(lesson: lesson, media: [(.audio, try #require(lesson.lesson.audio))])], at: Date())
            #expect(again.isEmpty)
        }
    }

    @Test(
        "completed by another download since the registration: taken as complete without a request, its file untouched, no partial left",
        arguments: [true, false])
    func completedSince(fromRow: Bool) async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            let served = fixture.served(lesson, .audio)
            let finalURL = library.fileURL(for: Self.key)
            try FileManager.default.createDirectory(at: finalURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(served).write(to: finalURL)
            try await library.database.markComplete(Self.key, bytes: served.count, at: Date())
            let address = MediaAddress(Self.key.lesson, .audio)
            let requestsBefore = await fixture.faults.downloads(of: address)

            let (outcome, joined) = await library.engine.download(Self.key, registered: fromRow ? row : nil) { _ in }
            #expect(!joined)
            #expect(outcome == .completed(bytes: served.count, alreadyPresent: true), "\(outcome)")
            #expect(await fixture.faults.downloads(of: address) == requestsBefore, "no second fetch of a file another download completed")
            #expect(fixture.hasServedFile(library, lesson, .audio))
            #expect(library.store.partialSize(Self.key) == 0)
            #expect(!FileManager.default.fileExists(atPath: library.layout.partialPath(Self.key.lesson, .audio)))
            let completions = try await library.database.events(of: Self.key.lesson).filter { $0.medium == .audio && $0.kind == .completed }
            #expect(completions.count == 1, "\(completions)")
        }
    }

    @Test("removed since the registration: the download ends as removed, with no file, no partial and no row", arguments: [true, false])
    func removedSince(fromRow: Bool) async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (_, row) = try await Self.registered(fixture, library)
            try await library.database.removeItems([Self.key], reason: "removed by the test", at: Date())

            let (outcome, _) = await library.engine.download(Self.key, registered: fromRow ? row : nil) { _ in }
            #expect(outcome == .removed, "\(outcome)")
            #expect(!FileManager.default.fileExists(atPath: library.fileURL(for: Self.key).path))
            #expect(!FileManager.default.fileExists(atPath: library.layout.partialPath(Self.key.lesson, .audio)))
            #expect(try await library.database.mediaItem(Self.key) == nil)
        }
    }

    @Test(
        "bytes another download left in the partial file since the registration are resumed, not fetched again", arguments: [true, false])
    func partialWrittenSince(fromRow: Bool) async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            #expect(row.etag == nil)
            // Another download (another library on the folder) is cancelled after some bytes: it
            // leaves them, with the validators it recorded, and the item queued.
            let other = try await fixture.library()
            let address = MediaAddress(Self.key.lesson, .audio)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 100), at: address)
            let run = try await other.resumePending()
            let end = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < end, library.store.partialSize(Self.key) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            run.cancel()
            _ = await run.summary
            let left = library.store.partialSize(Self.key)
            #expect(left > 0)
            #expect(try await library.database.mediaItem(Self.key)?.etag != nil)

            let (outcome, _) = await library.engine.download(Self.key, registered: fromRow ? row : nil) { _ in }
            #expect(outcome == .completed(bytes: fixture.served(lesson, .audio).count, alreadyPresent: false), "\(outcome)")
            let last = await fixture.faults.requests(for: address).last
            #expect(last?.range == "bytes=\(left)-", "resumed from the bytes left: \(String(describing: last))")
            #expect(fixture.hasServedFile(library, lesson, .audio))
        }
    }

    @Test("requested again with another link since the registration: the file comes from the new link, not from the row's")
    func relinkedSince() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            // Another download failed it, and another request queued it again from another key.
            try await library.database.markFailed(Self.key, reason: "failed by the test", attempts: 3, receivedBytes: 0, at: Date())
            let other = try #require(try await fixture.lessons("gemara/10", in: library).first)
            let newLink = try #require(other.lesson.audio)
            var moved = lesson
            moved.lesson.audio = newLink
            _ = try await library.database.register([.init(lesson: moved, media: [(.audio, newLink)])], at: Date())
            #expect(try await library.database.mediaItem(Self.key)?.link == newLink)

            let (outcome, _) = await library.engine.download(Self.key, registered: row) { _ in }
            let served = fixture.served(other, .audio)
            #expect(outcome == .completed(bytes: served.count, alreadyPresent: false), "\(outcome)")
            #expect(try Data(contentsOf: library.fileURL(for: Self.key)) == Data(served))
            #expect(await fixture.faults.downloads(of: MediaAddress(other.id, .audio)) == 1)
            let item = try #require(try await library.database.mediaItem(Self.key))
            #expect(item.state == .complete && item.link == newLink)
        }
    }

    @Test("from the row, an attempt that fails before any byte marks the item downloading for its backoff")
    func failedBeforeBytes() async throws {
        try await DownloadFixture.run { fixture in
            let slowRetry = RetryPolicy(maxRetries: 3, baseDelay: .seconds(2), maxDelay: .seconds(2), maxRetryAfter: .seconds(2))
            let library = try await fixture.library(retry: slowRetry)
            let (lesson, row) = try await Self.registered(fixture, library)
            let address = MediaAddress(Self.key.lesson, .audio)
            await fixture.faults.inject(.failFirst(count: 1, status: 503), at: address)
            let download = Task { await library.engine.download(Self.key, registered: row) { _ in } }
            // The row as it goes, until the second request (after the two-second backoff).
            var seen: [String] = []
            let end = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < end, await fixture.faults.requests(for: address).count < 2 {
                if let item = try await library.database.mediaItem(Self.key) {
                    let now = "\(item.state.rawValue) after \(item.attempts)"
                    if seen.last != now { seen.append(now) }
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(seen.contains("downloading after 1"), "\(seen)")

            let (outcome, _) = await download.value
            #expect(outcome == .completed(bytes: fixture.served(lesson, .audio).count, alreadyPresent: false), "\(outcome)")
        }
    }

    @Test("from a fresh row the item is marked downloading by its validators write while its body comes, then completes")
    func freshRow() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 150), at: MediaAddress(Self.key.lesson, .audio))
            let download = Task { await library.engine.download(Self.key, registered: row) { _ in } }
            var seen: [MediaState] = []
            let end = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < end, seen.last != .complete {
                if let state = try await library.database.mediaItem(Self.key)?.state, seen.last != state { seen.append(state) }
                try await Task.sleep(for: .milliseconds(10))
            }
            let (outcome, _) = await download.value
            #expect(outcome == .completed(bytes: fixture.served(lesson, .audio).count, alreadyPresent: false), "\(outcome)")
            #expect(seen.contains(.downloading), "\(seen)")
            #expect(try await library.database.mediaItem(Self.key)?.state == .complete)
            #expect(fixture.hasServedFile(library, lesson, .audio))
        }
    }

    @Test("from the registration's row the request goes out with no registry write: the item is still queued when the server has it")
    func noWriteBeforeRequest() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            let address = MediaAddress(Self.key.lesson, .audio)
            await fixture.faults.inject(.delay(milliseconds: 1_000), at: address)
            let download = Task { await library.engine.download(Self.key, registered: row) { _ in } }
            let end = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < end, await fixture.faults.requests(for: address).isEmpty {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(await fixture.faults.requests(for: address).count == 1)
            #expect(try await library.database.mediaItem(Self.key)?.state == .queued, "no claim written before the request")

            let (outcome, _) = await download.value
            #expect(outcome == .completed(bytes: fixture.served(lesson, .audio).count, alreadyPresent: false), "\(outcome)")
            #expect(try await library.database.mediaItem(Self.key)?.state == .complete)
        }
    }

    @Test("one registration of lessons in every state, of both types, one named twice: each item as it was found (one read for all)")
    func manyLessonsAtOnce() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let gemara = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            let mishna = try await fixture.lessons("mishna:berakhot:1", in: library)
            let (complete, failed, fresh, mishnaFailed) = (gemara[0], gemara[1], gemara[2], mishna[0])
            func audio(_ lesson: PlacedLesson) throws -> LibraryDatabase.Registration {
                .init(lesson: lesson, media: [(.audio, try #require(lesson.lesson.audio))])
            }
            _ = try await library.database.register([try audio(complete), try audio(failed), try audio(mishnaFailed)], at: Date())
            let completeKey = MediaKey(complete.id, .audio)
            try await library.database.markComplete(completeKey, bytes: 10, at: Date())
            for lesson in [failed, mishnaFailed] {
                try await library.database.markFailed(MediaKey(lesson.id, .audio), reason: "x", attempts: 3, receivedBytes: 0, at: Date())
            }

            let logged = try await library.database.events().count
            let registered = try await library.database.registerRequest(
                [try audio(complete), try audio(failed), try audio(fresh), try audio(mishnaFailed), try audio(fresh)], at: Date())
            // Logged in the order of the request (the new items' rows and events are written together).
            let events = try await library.database.events().dropFirst(logged)
            #expect(
                events.map { "\($0.lesson) \($0.kind.rawValue) \($0.detail ?? "")" }
                    == [
                        "\(failed.id) requested requested again", "\(fresh.id) requested \(try #require(fresh.lesson.audio))",
                        "\(mishnaFailed.id) requested requested again",
                    ])
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq })

            #expect(registered.complete == [completeKey: 10], "complete stays complete, found in the one read")
            #expect(Set(registered.pending.map(\.key)) == Set([failed, fresh, mishnaFailed].map { MediaKey($0.id, .audio) }))
            #expect(registered.pending.allSatisfy { $0.state == .queued && $0.attempts == 0 }, "failed ones queued again")
            #expect(registered.pending.count == 4, "the lesson named twice is found queued the second time, not inserted again")
            for lesson in [failed, fresh, mishnaFailed] {
                #expect(try await library.database.mediaItem(MediaKey(lesson.id, .audio))?.state == .queued)
            }
            #expect(try await library.database.mediaItem(completeKey)?.state == .complete)
        }
    }

    @Test("a queued item requested again with another link is fetched from the link its row keeps, not the one just checked")
    func rowKeepsItsLink() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, row) = try await Self.registered(fixture, library)
            var moved = lesson
            moved.lesson.audio = "nowhere/\(try #require(lesson.lesson.audio))"  // not served: a request for it fails

            let summary = try #require(await collect(try await library.download([moved], media: .audio)).summary)

            #expect(summary.downloaded == 2, "audio and PDF: \(summary)")
            #expect(summary.failed.isEmpty, "\(summary.failed)")
            let item = try #require(try await library.database.mediaItem(Self.key))
            #expect(item.state == .complete)
            #expect(item.link == row.link, "a queued row keeps its link")
            #expect(fixture.hasServedFile(library, lesson, .audio))
        }
    }
}

import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// Another download of the same file (another process, or another library on the same folder),
/// played here by the test holding the file locks itself, as that download would.
@Suite("Another download holds the file")
struct SharedWriterTests {
    static let key = MediaKey(LessonID(.gemara, 9), .audio)

    /// Leaves gemara/9's audio registered and failed, with every request refused (so a request
    /// made by the code under test would show up and fail), and its size recorded.
    func registerRefused(_ fixture: DownloadFixture, _ library: LessonLibrary) async throws -> PlacedLesson {
        let lessons = try await fixture.lessons("gemara/9", in: library)
        await fixture.faults.inject(.failFirst(count: 1000, status: 503), at: MediaAddress(Self.key.lesson, .audio))
        _ = await collect(try await library.download(lessons, media: .audio))
        try await library.database.recordValidators(
            Self.key, link: try #require(lessons[0].lesson.audio), expectedBytes: fixture.served(lessons[0], .audio).count, etag: "\"v0\"",
            lastModified: nil)
        return lessons[0]
    }

    func gets(_ fixture: DownloadFixture) async -> Int {
        await fixture.faults.downloads(of: MediaAddress(Self.key.lesson, .audio))
    }

    /// Reads events until `.waiting` for the key; returns whether it came, with a reason the
    /// reader's language can say (a sentence of the catalog).
    func awaitWaiting(_ iterator: inout AsyncStream<DownloadEvent>.Iterator) async -> Bool {
        while let event = await iterator.next() {
            if case .waiting(Self.key, let reason) = event {
                #expect(Phrasebook.recognize(reason).key == .transferWaitingForOther, "\(reason)")
                return true
            }
        }
        return false
    }

    @Test("a file renamed into place by another download is not adopted before that download commits")
    func placedNotAdoptedEarly() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lesson = try await registerRefused(fixture, library)
            let getsBefore = await gets(fixture)
            // The other download has renamed its verified file into place and holds its lock.
            let finalURL = library.layout.fileURL(Self.key.lesson, .audio)
            try Data(fixture.served(lesson, .audio)).write(to: finalURL)
            let other = try PartialFile(url: finalURL)

            var events = try await library.resumePending().makeAsyncIterator()
            #expect(await awaitWaiting(&events))
            #expect(try await library.database.mediaItem(Self.key)?.state != .complete)
            // The other download commits, then lets go.
            try await library.database.markComplete(Self.key, bytes: other.size, at: Date())
            other.release()
            var summary: DownloadSummary?
            while let event = await events.next() { if case .finished(let final) = event { summary = final } }
            #expect(summary?.failed.isEmpty == true && summary?.alreadyComplete == 1, "\(String(describing: summary))")
            let kinds = try await library.database.events(of: Self.key.lesson).filter { $0.medium == .audio }.map(\.kind)
            #expect(!kinds.contains(.adopted), "\(kinds)")
            #expect(kinds.filter { $0 == .completed }.count == 1, "\(kinds)")
            #expect(await gets(fixture) == getsBefore, "no request of its own")
        }
    }

    @Test("a download that waited adopts the file the other one placed before its commit failed, without a request")
    func waitedAdoptsAfterFailedCommit() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lesson = try await registerRefused(fixture, library)
            let getsBefore = await gets(fixture)
            // The other download has renamed its verified file into place and holds its lock...
            let finalURL = library.layout.fileURL(Self.key.lesson, .audio)
            try Data(fixture.served(lesson, .audio)).write(to: finalURL)
            let other = try PartialFile(url: finalURL)
            var events = try await library.resumePending().makeAsyncIterator()
            #expect(await awaitWaiting(&events))
            // ...then its commit fails: it records the failure and lets go.
            try await library.database.markFailed(
                Self.key, reason: "disk I/O error (after the file was placed)", attempts: 1,
                receivedBytes: other.size, at: Date())
            other.release()
            var summary: DownloadSummary?
            while let event = await events.next() { if case .finished(let final) = event { summary = final } }
            #expect(summary?.failed.isEmpty == true && summary?.alreadyComplete == 1, "\(String(describing: summary))")
            #expect(try await library.database.mediaItem(Self.key)?.state == .complete)
            let kinds = try await library.database.events(of: Self.key.lesson).filter { $0.medium == .audio }.map(\.kind)
            #expect(kinds.last == .adopted, "\(kinds)")
            #expect(await gets(fixture) == getsBefore, "no request of its own")
        }
    }

    @Test("a file in place at its recorded size, left by a download that died before its commit, is adopted")
    func leftoverAdopted() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lesson = try await registerRefused(fixture, library)
            let getsBefore = await gets(fixture)
            try Data(fixture.served(lesson, .audio)).write(to: library.layout.fileURL(Self.key.lesson, .audio))
            let (_, summary) = await collect(try await library.resumePending())
            #expect(summary?.failed.isEmpty == true)
            #expect(try await library.database.mediaItem(Self.key)?.state == .complete)
            #expect(try await library.database.events(of: Self.key.lesson).contains { $0.kind == .adopted && $0.medium == .audio })
            #expect(await gets(fixture) == getsBefore)
        }
    }

    @Test("a download that waited takes the other's failure as its result, without a request of its own")
    func takesOthersFailure() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            _ = try await registerRefused(fixture, library)
            let getsBefore = await gets(fixture)
            let other = try PartialFile(url: library.layout.partialURL(Self.key.lesson, .audio))

            var events = try await library.resumePending().makeAsyncIterator()
            #expect(await awaitWaiting(&events))
            try await library.database.markFailed(Self.key, reason: "HTTP 404", attempts: 1, receivedBytes: 0, at: Date())
            other.release()
            var summary: DownloadSummary?
            while let event = await events.next() { if case .finished(let final) = event { summary = final } }
            let reasons = summary?.failed.map(\.reason) ?? []
            #expect(reasons.count == 1 && reasons[0].contains("another download of this file failed: HTTP 404"), "\(reasons)")
            #expect(
                reasons.allSatisfy { Phrasebook.recognize($0).text(.es).hasPrefix("falló otra descarga de este archivo: HTTP 404") },
                "\(reasons)")
            #expect(await gets(fixture) == getsBefore)
        }
    }

    @Test("a download that retries keeps the file until its final result, which the waiting one takes")
    func retryingOwnerKeepsFile() async throws {
        try await DownloadFixture.run { fixture in
            let retry = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(300), maxDelay: .seconds(1), maxRetryAfter: .seconds(1))
            let one = try await fixture.library(retry: retry)
            let two = try await fixture.library(retry: retry)
            let lessons = try await fixture.lessons("gemara/13", in: one)  // no PDF: the audio alone
            let address = MediaAddress(LessonID(.gemara, 13), .audio)
            await fixture.faults.inject(.failFirst(count: 1000, status: 503), at: address)
            async let first = collect(try await one.download(lessons, media: .audio))
            // The second starts once the first has sent its request: during the first's backoff.
            for _ in 0..<500 where await fixture.faults.downloads(of: address) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            let second = await collect(try await two.download(lessons, media: .audio))
            let firstReasons = try await first.summary?.failed.map(\.reason) ?? []
            let secondReasons = second.summary?.failed.map(\.reason) ?? []
            #expect(await fixture.faults.downloads(of: address) == retry.maxRetries + 1, "one download's requests, not two")
            #expect(second.events.contains { if case .waiting = $0 { true } else { false } })
            #expect(firstReasons.count == 1 && firstReasons[0].contains("gave up after 4 attempts"), "\(firstReasons)")
            #expect(secondReasons.count == 1 && secondReasons[0].contains("another download of this file failed"), "\(secondReasons)")
        }
    }

    @Test("a commit that fails after the rename: no new attempt writes to the placed file; the next run adopts it")
    func failedCommitAfterPlacement() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/13", in: library)  // no PDF: the audio alone
            let key = MediaKey(LessonID(.gemara, 13), .audio)
            let address = MediaAddress(key.lesson, .audio)
            try await library.database.writer.write { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER refuseComplete BEFORE UPDATE OF state ON mediaItem WHEN NEW.state = 'complete'
                        BEGIN SELECT RAISE(ABORT, 'injected commit failure'); END
                        """)
            }
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            let reasons = summary?.failed.map(\.reason) ?? []
            #expect(reasons.count == 1 && reasons[0].contains("after the file was placed"), "\(reasons)")
            #expect(await fixture.faults.downloads(of: address) == 1, "no attempt after the rename")
            let placed = fixture.hasServedFile(library, lessons[0], .audio)
            #expect(placed, "the verified file stays whole in place")

            try await library.database.writer.write { db in try db.execute(sql: "DROP TRIGGER refuseComplete") }
            let (_, again) = await collect(try await library.download(lessons, media: .audio))
            #expect(again?.failed.isEmpty == true && again?.alreadyComplete == 1, "\(String(describing: again))")
            #expect(try await library.database.mediaItem(key)?.state == .complete)
            #expect(await fixture.faults.downloads(of: address) == 1, "adopted, not fetched again")
        }
    }

    @Test("removing an empty lesson folder never takes a file that is in it")
    func folderRemovalKeepsFiles() throws {
        let folder = try TemporaryDirectory()
        let store = MediaStore(layout: LibraryLayout(root: folder.url))
        let file = try store.openPartial(MediaKey(Self.key.lesson, .text))  // another download's, in the folder
        defer { file.release() }
        store.removeFolderIfEmpty(Self.key.lesson)
        #expect(FileManager.default.fileExists(atPath: file.url.path))
    }

    @Test("a partial file removed or replaced under its download is never moved into place")
    func replacedPartialNotPlaced() async throws {
        let folder = try TemporaryDirectory()
        let store = MediaStore(layout: LibraryLayout(root: folder.url))
        let file = try store.openPartial(Self.key)
        defer { file.release() }
        try [UInt8](repeating: 1, count: 10).withUnsafeBytes { try file.append($0) }
        try FileManager.default.removeItem(at: file.url)
        try Data("somebody else's".utf8).write(to: file.url)
        await #expect(throws: FileError.self) { try await store.place(file, as: Self.key) }
        #expect(store.finalSize(Self.key) == nil)
        #expect(try Data(contentsOf: file.url) == Data("somebody else's".utf8))
    }

    @Test("cancelling a download that waits leaves the other download's state alone")
    func cancelWhileWaiting() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            _ = try await registerRefused(fixture, library)
            let other = try PartialFile(url: library.layout.partialURL(Self.key.lesson, .audio))
            defer { other.release() }
            _ = try await library.database.claim(Self.key, afterWaiting: false)  // as the other download does under its lock
            let run = try await library.resumePending()
            let consumer = Task {
                var events = run.makeAsyncIterator()
                let waited = await awaitWaiting(&events)
                withUnsafeCurrentTask { $0?.cancel() }
                while await events.next() != nil {}
                return waited
            }
            #expect(await consumer.value)
            #expect(await run.summary.leftQueued == 1)
            #expect(await library.activeDownloads() == 0)
            #expect(
                try await library.database.mediaItem(Self.key)?.state == .downloading,
                "as the other download left it: not put back in the queue under its feet")
        }
    }

    @Test("a download waiting for another lends its slot: other items finish meanwhile")
    func waitingLendsSlot() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:10-12", in: library)
            #expect(lessons.first?.id == Self.key.lesson)
            let run = Task {
                let other = try PartialFile(url: library.layout.partialURL(Self.key.lesson, .audio))
                defer { other.release() }
                var waiting = try await library.download([lessons[0]], media: .audio).makeAsyncIterator()
                let waited = await awaitWaiting(&waiting)
                // The only slot is gemara/9's: the rest can run only if it is lent.
                let (_, meanwhile) = await collect(try await library.download(Array(lessons.dropFirst()), media: .audio))
                other.release()  // the other download ends without a file: this one downloads it
                var summary: DownloadSummary?
                while let event = await waiting.next() { if case .finished(let final) = event { summary = final } }
                return (waited, meanwhile, summary)
            }
            // Without the lent slot the second run would stall: stop it, and fail below.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(60))
                run.cancel()
            }
            let (waited, meanwhile, summary) = try await run.value
            watchdog.cancel()
            #expect(waited)
            #expect(meanwhile?.downloaded == 4 && meanwhile?.leftQueued == 0, "\(String(describing: meanwhile))")
            #expect(summary?.failed.isEmpty == true && summary?.leftQueued == 0, "\(String(describing: summary))")
            let served = fixture.hasServedFile(library, lessons[0], .audio)
            #expect(served)
            #expect(await library.engine.freeSlots == 1, "the lent slot came back: the limit is still one")
        }
    }

    @Test("a refused request leaves no partial file and no empty lesson folder")
    func refusedLeavesNothing() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/13", in: library)  // a lesson without a PDF
            #expect(lessons[0].lesson.link(for: .text) == nil)
            await fixture.faults.inject(.failFirst(count: 100, status: 404), at: MediaAddress(LessonID(.gemara, 13), .audio))
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            #expect(summary?.failed.count == 1)
            #expect(!FileManager.default.fileExists(atPath: library.layout.folder(for: LessonID(.gemara, 13)).path))
        }
    }
}

import Foundation
import GRDB
@testable import OfflineLessons
import Testing

/// Small files placed as a group (``PlacementQueue``): two registry commits for the group, each
/// file's steps in invariant 3's order, and one file's failure its own.
@Suite("Placement queue")
struct PlacementQueueTests {
    /// Counts the commits of the connection it observes.
    final class CommitCounter: TransactionObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var commits: Int { lock.withLock { count } }
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { lock.withLock { count += 1 } }
        func databaseDidRollback(_ db: Database) {}
    }

    /// The audio of `selector`'s lessons registered (nothing fetched) and a whole partial file
    /// written for each, open and locked as a download holds it: the jobs to place.
    static func jobs(_ fixture: DownloadFixture, _ library: LessonLibrary, _ selector: String,
                     withValidators: Bool = true,
                     done: @escaping @Sendable (MediaKey, Result<Int, any Error>) -> Void) async throws -> [PlacementQueue.Job] {
        let lessons = try await fixture.lessons(selector, in: library)
        try await library.database.register(
            try lessons.map { .init(lesson: $0, media: [(.audio, try #require($0.lesson.audio))]) }, at: Date())
        return try lessons.map { lesson in
            let key = MediaKey(lesson.id, .audio)
            let file = try library.store.openPartial(key)
            let bytes = fixture.served(lesson, .audio)
            _ = try bytes.withUnsafeBytes { try file.append($0) }
            return PlacementQueue.Job(
                key: key, file: file, bytes: bytes.count, at: Date(),
                validators: withValidators ? DownloadSink.Validators(expected: bytes.count, etag: "\"\(lesson.id)\"") : nil,
                database: library.database, store: library.store
            ) { result in done(key, result) }
        }
    }

    @Test("a group of files: each placed and complete, validators recorded, in two commits for the whole group")
    func groupInTwoCommits() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let jobs = try await Self.jobs(fixture, library, "gemara:berakhot:2-5") { _, _ in }
            #expect(jobs.count == 4)
            let counter = CommitCounter()
            try await library.database.writer.write { db in db.add(transactionObserver: counter, extent: .observerLifetime) }
            let before = counter.commits

            let results = PlacementQueue.placeGroup(jobs)

            #expect(counter.commits - before == 2, "one commit for the validators, one for the completions")
            for (job, result) in zip(jobs, results) {
                #expect((try? result.get()) == job.bytes)
                let item = try #require(try await library.database.mediaItem(job.key))
                #expect(item.state == .complete)
                #expect(item.etag == "\"\(job.key.lesson)\"", "the validators recorded before the rename")
                #expect(library.store.finalSize(job.key) == job.bytes)
                #expect(!FileManager.default.fileExists(atPath: library.store.layout.partialPath(job.key.lesson, job.key.medium)))
                job.file.release()
            }
            // Validators already recorded (a file that had its first checkpoint): one commit.
            let more = try await Self.jobs(fixture, library, "gemara:berakhot:6-7", withValidators: false) { _, _ in }
            let beforeMore = counter.commits
            #expect(PlacementQueue.placeGroup(more).allSatisfy { (try? $0.get()) != nil })
            #expect(counter.commits - beforeMore == 1)
            more.forEach { $0.file.release() }
        }
    }

    @Test("one file's failure is its own: an item removed, a partial file replaced; the others are placed and complete")
    func oneFailureIsItsOwn() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let jobs = try await Self.jobs(fixture, library, "gemara:berakhot:2-5") { _, _ in }
            // berakhot 3: removed from the registry meanwhile. berakhot 4: its partial file replaced.
            let removed = jobs[1].key, replaced = jobs[2].key
            _ = try await library.database.writer.write { db in
                try db.execute(sql: "DELETE FROM mediaItem WHERE type = ? AND id = ? AND medium = ?",
                               arguments: [removed.lesson.type.rawValue, removed.lesson.id, removed.medium.rawValue])
            }
            let replacedPath = library.store.layout.partialPath(replaced.lesson, replaced.medium)
            try FileManager.default.removeItem(atPath: replacedPath)
            try Data("someone else's".utf8).write(to: URL(fileURLWithPath: replacedPath))

            let results = PlacementQueue.placeGroup(jobs)

            #expect(throws: TransferError.notRequested) { try results[1].get() }
            #expect(library.store.finalSize(removed) == nil, "not renamed into place: its validators found it gone")
            #expect(throws: FileError.self) { try results[2].get() }
            #expect(library.store.finalSize(replaced) == nil)
            #expect(try Data(contentsOf: URL(fileURLWithPath: replacedPath)) == Data("someone else's".utf8), "the other file untouched")
            for index in [0, 3] {
                #expect((try? results[index].get()) == jobs[index].bytes)
                #expect(try await library.database.mediaItem(jobs[index].key)?.state == .complete)
                #expect(library.store.finalSize(jobs[index].key) == jobs[index].bytes)
            }
            #expect(try await library.database.mediaItem(replaced)?.state != .complete)
            jobs.forEach { $0.file.release() }
        }
    }

    @Test("an item removed between the group's two commits is not marked complete (nor brought back); the others are")
    func removedBetweenCommits() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let jobs = try await Self.jobs(fixture, library, "gemara:berakhot:2-4") { _, _ in }
            let removed = jobs[1].key
            let results = PlacementQueue.placeGroup(jobs) {
                // Its validators are recorded and its file renamed into place by now.
                _ = try? library.database.writeBlocking { db in
                    try db.execute(sql: "DELETE FROM mediaItem WHERE type = ? AND id = ? AND medium = ?",
                                   arguments: [removed.lesson.type.rawValue, removed.lesson.id, removed.medium.rawValue])
                }
            }
            #expect(throws: RegistryError.notRegistered(removed)) { try results[1].get() }
            #expect(try await library.database.mediaItem(removed) == nil, "the completion wrote no row back")
            for index in [0, 2] {
                #expect((try? results[index].get()) == jobs[index].bytes)
                #expect(try await library.database.mediaItem(jobs[index].key)?.state == .complete)
            }
            jobs.forEach { $0.file.release() }
        }
    }

    @Test("jobs of two libraries interleaved: each placed and registered in its own library")
    func twoLibraries() async throws {
        try await DownloadFixture.run { fixture in
            let first = try await fixture.library()
            let folder = try TemporaryDirectory()
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            let second = try await LessonLibrary(root: folder.url, client: client)
            let ofFirst = try await Self.jobs(fixture, first, "gemara:berakhot:2-4") { _, _ in }
            let ofSecond = try await Self.jobs(fixture, second, "gemara:berakhot:5") { _, _ in }
            let jobs = [ofFirst[0], ofFirst[1], ofSecond[0], ofFirst[2]]
            let results = PlacementQueue.place(jobs)
            for (job, result) in zip(jobs, results) { #expect((try? result.get()) == job.bytes, "\(job.key): \(result)") }
            for job in ofFirst { #expect(try await first.database.mediaItem(job.key)?.state == .complete) }
            #expect(try await second.database.mediaItem(ofSecond[0].key)?.state == .complete)
            #expect(try await first.database.mediaItem(ofSecond[0].key) == nil, "nothing of the second library written to the first")
            #expect(second.store.finalSize(ofSecond[0].key) == ofSecond[0].bytes)
            jobs.forEach { $0.file.release() }
        }
    }

    @Test("jobs submitted together and one by one are all placed, each told once")
    func submittedJobsEnd() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let told = TestTally()
            let jobs = try await Self.jobs(fixture, library, "gemara:berakhot:2-13") { key, result in
                told.add(key, succeeded: (try? result.get()) != nil)
            }
            // Half at once, half with pauses: some land while a drain is ending.
            for job in jobs.prefix(6) { PlacementQueue.shared.submit(job) }
            for job in jobs.dropFirst(6) {
                try await Task.sleep(for: .microseconds(Int.random(in: 0...300)))
                PlacementQueue.shared.submit(job)
            }
            for _ in 0..<500 where told.total < jobs.count { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(50))  // a second call would come by now
            #expect(told.total == jobs.count)
            for job in jobs {
                #expect(told.calls(job.key) == (1, 1), "\(job.key): told (calls, successes) \(told.calls(job.key))")
                #expect(try await library.database.mediaItem(job.key)?.state == .complete)
            }
            jobs.forEach { $0.file.release() }
        }
    }
}

/// Calls and successes per key, from any thread.
final class TestTally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [MediaKey: (Int, Int)] = [:]
    var total: Int { lock.withLock { counts.values.reduce(0) { $0 + $1.0 } } }
    func calls(_ key: MediaKey) -> (Int, Int) { lock.withLock { counts[key] ?? (0, 0) } }
    func add(_ key: MediaKey, succeeded: Bool) {
        lock.withLock {
            let (calls, successes) = counts[key] ?? (0, 0)
            counts[key] = (calls + 1, successes + (succeeded ? 1 : 0))
        }
    }
}

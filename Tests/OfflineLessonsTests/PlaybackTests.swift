import Foundation
import GRDB
import Synchronization
import Testing

@testable import OfflineLessons

/// Where each lesson was left in the player, in the registry (a real SQLite file): recorded, read
/// back, kept across reopening, the played rule, and the v8 migration of an existing registry.
@Suite("Playback positions")
struct PlaybackTests {
    /// A clock the test moves by hand.
    final class TestClock: Sendable {
        private let seconds = Mutex(1_800_000_000.0)
        func now() -> Date { seconds.withLock { Date(timeIntervalSince1970: $0) } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    static func library(_ root: URL, _ clock: TestClock) async throws -> LessonLibrary {
        try await LessonLibrary(root: root, configuration: .init(now: { clock.now() }))
    }

    @Test("recorded, read back with the clock's time, and still there after reopening the library")
    func recordAndReopen() async throws {
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let lesson = LessonID(.gemara, 5)
        do {
            let library = try await Self.library(folder.url, clock)
            #expect(try await library.playback(of: lesson) == nil)
            let saved = try await library.recordPlayback(of: lesson, medium: .audio, position: .seconds(120.5), duration: .seconds(600))
            #expect(saved.position == .seconds(120.5) && saved.duration == .seconds(600) && !saved.played)
            #expect(saved.playedAt == clock.now())
            #expect(saved.fraction.map { abs($0 - 120.5 / 600) < 1e-9 } == true)
            try await library.close()
        }
        clock.advance(60)
        let reopened = try await Self.library(folder.url, clock)
        let read = try #require(try await reopened.playback(of: lesson))
        #expect(read.position == .seconds(120.5) && read.medium == .audio && read.duration == .seconds(600))
        #expect(read.playedAt == Date(timeIntervalSince1970: 1_800_000_000))
        // Gemara 5 and Mishna 5 never share a position.
        #expect(try await reopened.playback(of: LessonID(.mishna, 5)) == nil)
        // A later record without a duration keeps the one known; past the end is the end.
        let later = try await reopened.recordPlayback(of: lesson, position: .seconds(900))
        #expect(later.duration == .seconds(600) && later.position == .seconds(600) && later.played)
        #expect(later.resumePosition == .zero, "a lesson played to its end starts over")
    }

    @Test("played: within the last 30 s, or at 95 % or more; unknown length never; once played, stays played")
    func playedRule() async throws {
        #expect(!Playback.isPlayed(position: .seconds(569), duration: .seconds(600)))
        #expect(Playback.isPlayed(position: .seconds(570), duration: .seconds(600)))
        #expect(Playback.isPlayed(position: .seconds(5000), duration: .seconds(7200)) == false)
        #expect(Playback.isPlayed(position: .seconds(6840), duration: .seconds(7200)), "95 % of two hours")
        #expect(Playback.isPlayed(position: .seconds(9.5), duration: .seconds(10)))
        #expect(!Playback.isPlayed(position: .seconds(3000), duration: nil))

        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let library = try await Self.library(folder.url, clock)
        let lesson = LessonID(.mishna, 7)
        #expect(try await library.recordPlayback(of: lesson, position: .seconds(580), duration: .seconds(600)).played)
        clock.advance(10)
        let again = try await library.recordPlayback(of: lesson, position: .seconds(12), duration: .seconds(600))
        #expect(again.played && again.position == .seconds(12) && again.resumePosition == .seconds(12))
    }

    @Test("continue listening: most recent first, played ones left out; every playback by lesson")
    func recentList() async throws {
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        let library = try await Self.library(folder.url, clock)
        for (id, position) in [(1, 10.0), (2, 20.0), (3, 599.0), (4, 40.0)] {
            try await library.recordPlayback(of: LessonID(.gemara, id), position: .seconds(position), duration: .seconds(600))
            clock.advance(1)
        }
        try await library.recordPlayback(of: LessonID(.gemara, 1), position: .seconds(11), duration: .seconds(600))
        #expect(try await library.recentPlaybacks().map(\.lesson.id) == [1, 4, 2])
        #expect(try await library.recentPlaybacks(limit: 2).map(\.lesson.id) == [1, 4])
        let all = try await library.playbacks()
        #expect(all.count == 4 && all[LessonID(.gemara, 3)]?.played == true)
    }

    @Test("the length and place come from the registry's lesson when the player gives none")
    func lengthFromRegistry() async throws {
        let folder = try TemporaryDirectory()
        let library = try await Self.library(folder.url, TestClock())
        let lesson = Lesson(id: 9, chapter: 1, duration: 300, pageNumber: 4)
        let placed = PlacedLesson(type: .gemara, placement: Placement(sederId: 1, masechetId: 1, chapter: 1), lesson: lesson)
        try await library.database.importLessons([placed], at: Date())
        let saved = try await library.recordPlayback(of: placed.id, position: .seconds(100))
        #expect(saved.duration == .seconds(300))
        #expect(saved.place == Playback.PlacedAt(placement: placed.placement, number: 4))
    }

    @Test("read-only: recording refuses, reading works")
    func readOnly() async throws {
        let folder = try TemporaryDirectory()
        let clock = TestClock()
        do {
            let library = try await Self.library(folder.url, clock)
            try await library.recordPlayback(of: LessonID(.gemara, 1), position: .seconds(3))
            try await library.close()
        }
        let library = try await LessonLibrary(root: folder.url, configuration: .init(readOnly: true))
        #expect(try await library.playback(of: LessonID(.gemara, 1))?.position == .seconds(3))
        await #expect(throws: LibraryError.self) { try await library.recordPlayback(of: LessonID(.gemara, 1), position: .seconds(4)) }
    }

    @Test("v8 on an existing v7 registry: its rows kept, the playback table added and usable")
    func migrationOfExistingRegistry() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        do {
            let v7 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v7, upTo: "v7-checks-without-lists")
            try await v7.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt, duration)
                        VALUES ('gemara', 5, 1, 1, 1, 6, '{}', '2026-01-01 00:00:00.000', 1200)
                        """)
            }
            #expect(try await v7.read { db in try db.tableExists("playback") } == false)
            try v7.close()
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().last == "v13-pace-round")
        let saved = try await database.recordPlayback(LessonID(.gemara, 5), medium: .video, position: 60, duration: nil, at: Date())
        #expect(saved.duration == .seconds(1200) && saved.place?.number == 6)
        await #expect(throws: RegistryError.self) {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO playback (type, id, position, duration) VALUES ('gemara', 6, -1, 0)")
            }
        }
    }
}

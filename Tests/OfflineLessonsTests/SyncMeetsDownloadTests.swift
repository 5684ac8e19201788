import Foundation
import GRDB
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// A sync plans from the registry read before its walk; a download in another process may move on
/// between that read and the sync's steps. A step is taken only while the row and the file are as
/// planned, and while no download can claim, adopt or place the item.
@Suite("Sync meets a download")
struct SyncMeetsDownloadTests {
    /// The steps of `key` that a sync which read `planned` for it would take, taken now.
    static func applyStalePlan(_ library: LessonLibrary, _ key: MediaKey, planned: ItemState) async throws -> [SyncAction] {
        let snapshot = try await DirectorySnapshot.take(of: library.layout, lessons: [key.lesson])
        let stale = [key: planned]
        let actions = Reconciler(items: stale, registeredLessons: [], repair: false).plan(snapshot, known: [])
        #expect(actions.contains { $0.key == key && $0.action == .corrupt }, "the stale plan sets the file aside: \(actions)")
        return try await library.applied(actions, planned: stale, repair: false).filter { $0.key == key }
    }

    /// Berakhot 2's audio downloaded into `library`: the lesson and the item.
    static func downloaded(_ fixture: DownloadFixture, _ library: LessonLibrary) async throws -> (PlacedLesson, MediaKey) {
        let lessons = try await fixture.lessons("gemara:berakhot:2", in: library)
        let (_, summary) = await collect(try await library.download(lessons, media: .audio))
        #expect(summary?.failed.isEmpty == true)
        return (lessons[0], MediaKey(lessons[0].id, .audio))
    }

    /// Whether the lesson's audio is in place as served (kept out of `#expect`, which would print the fixture).
    static func served(_ fixture: DownloadFixture, _ library: LessonLibrary, _ lesson: PlacedLesson) -> Bool {
        fixture.hasServedFile(library, lesson, .audio)
    }

    @Test("a download that committed after the sync's read keeps its file and its complete row")
    func committedSinceTheRead() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, key) = try await Self.downloaded(fixture, library)
            // As read before the download recorded its validators: downloading, size unknown.
            let taken = try await Self.applyStalePlan(
                library, key, planned: ItemState(state: .downloading, expectedBytes: nil, receivedBytes: 0))
            #expect(taken.isEmpty, "\(taken)")
            #expect(try await library.database.mediaItem(key)?.state == .complete)
            #expect(Self.served(fixture, library, lesson))
            #expect(!FileManager.default.fileExists(atPath: library.layout.asideFolder.path))
            #expect(try await library.sync().actions.isEmpty)
        }
    }

    @Test(
        "a file placed by a download killed before its commit is adopted, not set aside, when the sync read the row before its validators")
    func placedSinceTheRead() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, key) = try await Self.downloaded(fixture, library)
            try await library.database.write { db in
                try db.execute(
                    sql:
                        "UPDATE mediaItem SET state = 'downloading', completedAt = NULL WHERE type = 'gemara' AND id = ? AND medium = 'audio'",
                    arguments: [key.lesson.id])
            }
            let taken = try await Self.applyStalePlan(
                library, key, planned: ItemState(state: .downloading, expectedBytes: nil, receivedBytes: 0))
            #expect(taken.isEmpty, "\(taken)")
            #expect(Self.served(fixture, library, lesson))
            let next = try await library.sync()
            #expect(next.actions.map(\.action) == [.adopted], "\(next.actions)")
            #expect(try await library.database.mediaItem(key)?.state == .complete)
            #expect(Self.served(fixture, library, lesson))
        }
    }

    @Test("a step on an item a download holds, writing or placing it, is left to the next sync")
    func heldByADownload() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (_, key) = try await Self.downloaded(fixture, library)
            let layout = library.layout
            try Data("short".utf8).write(to: layout.fileURL(key.lesson, key.medium))
            let items = try await library.database.registrySnapshot(of: [key.lesson])
            // Writing (its partial file locked), then placing (the file in place locked).
            for held in [layout.partialURL(key.lesson, key.medium), layout.fileURL(key.lesson, key.medium)] {
                let download = try PartialFile(url: held)
                let snapshot = try await DirectorySnapshot.take(of: layout, lessons: [key.lesson])
                let actions = Reconciler(items: items, registeredLessons: [], repair: true).plan(snapshot, known: [])
                #expect(actions.filter { $0.key == key }.map(\.action).prefix(2) == [.corrupt, .requeued], "\(actions)")
                let taken = try await library.applied(actions, planned: items, repair: true)
                download.release()
                try? FileManager.default.removeItem(at: layout.partialURL(key.lesson, key.medium))
                #expect(!taken.contains { $0.key == key }, "\(held.lastPathComponent): \(taken)")
                #expect(try await library.database.mediaItem(key)?.state == .complete)
                #expect(try Data(contentsOf: layout.fileURL(key.lesson, key.medium)) == Data("short".utf8))
            }
            #expect(try await library.sync().actions.map(\.action) == [.corrupt])
        }
    }

    @Test("while a sync sets a file aside, no download can take the item")
    func heldWhileSetAside() async throws {
        try await DownloadFixture.run { fixture in
            let seen = Seen()
            let layout = LibraryLayout(root: fixture.root)
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            var configuration = LessonLibrary.Configuration(retry: DownloadFixture.fastRetry)
            configuration.beforeCommit = { key in
                guard await seen.armed else { return }
                do {
                    try PartialFile(url: layout.partialURL(key.lesson, key.medium)).release()
                    await seen.note("taken")
                } catch FileError.inUse {
                    await seen.note("in use")
                } catch {
                    await seen.note("\(error)")
                }
            }
            let library = try await LessonLibrary(root: fixture.root, client: client, configuration: configuration)
            let (_, key) = try await Self.downloaded(fixture, library)
            await seen.arm()
            try Data("short".utf8).write(to: library.layout.fileURL(key.lesson, key.medium))
            let report = try await library.sync()
            #expect(report.actions.map(\.action) == [.corrupt], "\(report.actions)")
            #expect(await seen.notes == ["in use"])
            #expect(try await library.database.mediaItem(key)?.state == .corrupt)
            #expect(!FileManager.default.fileExists(atPath: library.layout.partialURL(key.lesson, key.medium).path))
        }
    }

    @Test("a repair's requeue of a missing item that a download brought back meanwhile is left, and not reported")
    func requeueAfterTheDownload() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let (lesson, key) = try await Self.downloaded(fixture, library)
            // The plan of a sync that walked while the file was gone: missing, then requeued.
            let url = library.layout.fileURL(key.lesson, key.medium)
            let bytes = try Data(contentsOf: url)
            try FileManager.default.removeItem(at: url)
            let snapshot = try await DirectorySnapshot.take(of: library.layout, lessons: [key.lesson])
            let planned = [key: ItemState(state: .complete, expectedBytes: bytes.count, receivedBytes: bytes.count)]
            let actions = Reconciler(items: planned, registeredLessons: [], repair: true).plan(snapshot, known: []).filter { $0.key == key }
            #expect(actions.map(\.action) == [.missing, .requeued], "\(actions)")
            // The missing step was taken; then a download brought the file back and completed it.
            try bytes.write(to: url)
            let taken = try await library.applied(actions.filter { $0.action == .requeued }, planned: planned, repair: true)
            #expect(taken.isEmpty, "\(taken)")
            #expect(try await library.database.mediaItem(key)?.state == .complete)
            #expect(try await library.history(of: key.lesson).first?.kind == .completed)
            #expect(Self.served(fixture, library, lesson))
        }
    }
}

private actor Seen {
    var armed = false
    var notes: [String] = []
    func arm() { armed = true }
    func note(_ text: String) { notes.append(text) }
}

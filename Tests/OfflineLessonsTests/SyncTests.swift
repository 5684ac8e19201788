import Foundation
import GRDB
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `sync`: every row of the reconciliation table on real files and a real registry; a dry run
/// changes nothing; a second run finds nothing to do; `list` never shows a file that is gone.
@Suite("Sync")
struct SyncTests {
    /// A library with gemara:berakhot:2-5 downloaded (audio + PDF), and its lessons.
    static func downloaded(_ fixture: DownloadFixture) async throws -> (LessonLibrary, [PlacedLesson]) {
        let library = try await fixture.library()
        let lessons = try await fixture.lessons("gemara:berakhot:2-5", in: library)
        let (_, summary) = await collect(try await library.download(lessons, media: .audio))
        #expect(summary?.failed.isEmpty == true)
        return (library, lessons)
    }

    static func state(_ library: LessonLibrary, _ key: MediaKey) async throws -> MediaState? {
        try await library.database.mediaItem(key)?.state
    }

    @Test("each row of the table: missing, corrupt (moved aside), adopted, discovered, partial removed, unknown kept; then nothing to do")
    func everyRow() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.downloaded(fixture)
            let layout = library.layout
            let gone = MediaKey(lessons[0].id, .audio)
            let wrong = MediaKey(lessons[1].id, .audio)
            let placedBeforeCommit = MediaKey(lessons[2].id, .audio)
            let leftover = MediaKey(lessons[3].id, .audio)
            // complete, nothing on disk
            try FileManager.default.removeItem(at: layout.fileURL(gone.lesson, gone.medium))
            // complete, wrong size
            let wrongBytes = Data(repeating: 7, count: 10)
            try wrongBytes.write(to: layout.fileURL(wrong.lesson, wrong.medium))
            // registered, not complete, the whole file in place (a crash between rename and commit)
            try await library.database.write { db in
                try db.execute(
                    sql:
                        "UPDATE mediaItem SET state = 'downloading', completedAt = NULL WHERE type = 'gemara' AND id = ? AND medium = 'audio'",
                    arguments: [placedBeforeCommit.lesson.id])
            }
            // a partial file next to a complete item
            try Data("x".utf8).write(to: layout.partialURL(leftover.lesson, leftover.medium))
            // a final file of a lesson the catalog knows and the registry does not
            let stray = try await fixture.lessons("gemara/40", in: library)[0]
            let strayKey = MediaKey(stray.id, .audio)
            try FileManager.default.createDirectory(at: layout.folder(for: stray.id), withIntermediateDirectories: true)
            try Data(fixture.served(stray, .audio)).write(to: layout.fileURL(stray.id, .audio))
            // files nobody can place
            try Data("notes".utf8).write(to: layout.mediaRoot.appendingPathComponent("notes.txt"))
            try FileManager.default.createDirectory(at: layout.folder(for: LessonID(.mishna, 99_999)), withIntermediateDirectories: true)
            try Data("?".utf8).write(to: layout.fileURL(LessonID(.mishna, 99_999), .audio))

            // A dry run says everything and changes nothing.
            let before = try await library.database.allMediaItems().sorted { $0.key < $1.key }
            let dry = try await library.sync(SyncOptions(dryRun: true))
            #expect(dry.dryRun)
            #expect(try await library.database.allMediaItems().sorted { $0.key < $1.key } == before)
            #expect(FileManager.default.fileExists(atPath: layout.partialURL(leftover.lesson, leftover.medium).path))

            let report = try await library.sync()
            #expect(report.actions.map(\.action) == dry.actions.map(\.action), "the dry run printed what the run did")
            let byKey = Dictionary(report.actions.compactMap { a in a.key.map { ($0, a.action) } }, uniquingKeysWith: { a, _ in a })
            #expect(byKey[gone] == .missing && byKey[wrong] == .corrupt && byKey[placedBeforeCommit] == .adopted)
            #expect(byKey[leftover] == .removedPartial && byKey[strayKey] == .discovered)
            #expect(byKey[MediaKey(LessonID(.mishna, 99_999), .audio)] == .unknown)
            #expect(report.actions.contains { $0.action == .unknown && $0.path == "media/notes.txt" })

            #expect(try await Self.state(library, gone) == .missing)
            #expect(try await Self.state(library, wrong) == .corrupt)
            #expect(try await Self.state(library, placedBeforeCommit) == .complete)
            #expect(try await Self.state(library, strayKey) == .complete)
            #expect(!FileManager.default.fileExists(atPath: layout.partialURL(leftover.lesson, leftover.medium).path))
            // The wrong file was moved aside, not deleted; unknown files stay.
            let aside = try FileManager.default.contentsOfDirectory(atPath: layout.asideFolder.path)
            #expect(aside.count == 1 && (try? Data(contentsOf: layout.asideFolder.appendingPathComponent(aside[0]))) == wrongBytes)
            #expect(FileManager.default.fileExists(atPath: layout.mediaRoot.appendingPathComponent("notes.txt").path))
            // Every change is in the event log with its reason.
            #expect(try await library.history(of: gone.lesson).first?.kind == .missing)
            #expect(
                try await library.history(of: wrong.lesson).prefix(2).map(\.kind).sorted { $0.rawValue < $1.rawValue } == [
                    .corrupt, .movedAside,
                ])
            #expect(try await library.history(of: strayKey.lesson).first?.kind == .discovered)
            #expect(try await library.history(of: placedBeforeCommit.lesson).first?.kind == .adopted)

            // A second run finds nothing to do.
            let again = try await library.sync()
            #expect(again.changes.isEmpty, "\(again.changes)")
        }
    }

    @Test("a sync of some lessons (as status runs it) reconciles their folders and rows and looks at nothing else")
    func scopedSync() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.downloaded(fixture)
            let layout = library.layout
            let mine = lessons[0].id
            let other = lessons[1].id
            for lesson in [mine, other] { try FileManager.default.removeItem(at: layout.fileURL(lesson, .audio)) }
            try Data("x".utf8).write(to: layout.partialURL(mine, .text))  // beside a complete PDF
            try Data("notes".utf8).write(to: layout.mediaRoot.appendingPathComponent("notes.txt"))

            let report = try await library.sync(lessons: [mine, mine])
            #expect(report.actions.map(\.action).sorted { $0.rawValue < $1.rawValue } == [.missing, .removedPartial], "\(report.actions)")
            #expect(report.actions.allSatisfy { $0.key?.lesson == mine }, "nothing outside the lesson is reported")
            #expect(try await Self.state(library, MediaKey(mine, .audio)) == .missing)
            #expect(try await Self.state(library, MediaKey(other, .audio)) == .complete, "another lesson's row is not touched")
            #expect(!FileManager.default.fileExists(atPath: layout.partialURL(mine, .text).path))

            // A file where a lesson's folder belongs: the scoped sync passes over it, the full one reports it.
            let misplaced = LessonID(.gemara, 88_888)
            try Data("?".utf8).write(to: layout.folder(for: misplaced))
            #expect(try await library.sync(lessons: [misplaced]).actions.isEmpty)

            // status(of:) syncs exactly the lessons it reports; the full sync then finds the rest.
            #expect(try await library.status(of: [lessons[1]]).first?.media.first?.state == "missing")
            let full = try await library.sync()
            #expect(full.changes.isEmpty, "\(full.changes)")
            #expect(full.actions.contains { $0.action == .unknown && $0.path == "media/notes.txt" })
            #expect(full.actions.contains { $0.action == .unknown && $0.path == "media/gemara/88888" })
        }
    }

    @Test("the list never lies: a file deleted behind the library's back leaves the list at once; --repair fetches it again")
    func listSyncsAndRepairs() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.downloaded(fixture)
            let key = MediaKey(lessons[0].id, .audio)
            try FileManager.default.removeItem(at: library.layout.fileURL(key.lesson, key.medium))
            #expect(try await library.downloads(sync: false).count == 4, "without sync the registry still says complete")
            #expect(try await library.downloads().count == 3, "with the quick sync, the lesson leaves the list")
            #expect(try await library.status(of: [lessons[0]]).first?.media.first?.state == "missing")
            let repair = try await library.sync(SyncOptions(repair: true))
            #expect(repair.actions.contains { $0.action == .requeued && $0.key == key })
            let (_, summary) = await collect(try await library.resumePending(includingFailed: false))
            #expect(summary?.downloaded == 1)
            #expect(fixture.hasServedFile(library, lessons[0], .audio))
            #expect(try await library.downloads().count == 4)
        }
    }

    @Test("--repair of a missing item with a stray file of another size in its place: the file goes aside and the item is queued")
    func repairMissingWithStrayFile() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await Self.downloaded(fixture)
            let key = MediaKey(lessons[0].id, .audio)
            let url = library.layout.fileURL(key.lesson, key.medium)
            try FileManager.default.removeItem(at: url)
            #expect(try await library.sync().actions.map(\.action) == [.missing])
            try Data("stray".utf8).write(to: url)
            let repair = try await library.sync(SyncOptions(repair: true))
            #expect(repair.actions.filter { $0.key == key }.map(\.action) == [.corrupt, .requeued], "\(repair.actions)")
            #expect(try await Self.state(library, key) == .queued, "reported requeued, so queued")
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test("a file being downloaded is left to its download")
    func busyFilesLeftAlone() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/9", in: library)
            let key = MediaKey(lessons[0].id, .audio)
            // Another writer holds the partial file; the registry has no row for it.
            let other = try PartialFile(url: library.layout.partialURL(key.lesson, key.medium))
            defer { other.release() }
            let report = try await library.sync()
            #expect(!report.actions.contains { $0.key == key }, "\(report.actions)")
            #expect(FileManager.default.fileExists(atPath: other.url.path))
        }
    }

    @Test("v3 keeps every row of a v2 library and adds corrupt, the new event kinds and pinning")
    func migrationV3() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        do {
            let v2 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v2, upTo: "v2-registry")
            try await v2.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt) VALUES ('gemara', 1, 1, 1, 1, 2, '{\"id\":1,\"chapter\":1,\"duration\":60,\"page_number\":2,\"video_part\":[],\"gallery\":[]}', '2026-01-01 00:00:00')"
                )
                try db.execute(
                    sql:
                        "INSERT INTO mediaItem (type, id, medium, state, url, expectedBytes, receivedBytes, requestedAt, completedAt) VALUES ('gemara', 1, 'audio', 'complete', 'http://x/a.mp3', 5, 5, '2026-01-01 00:00:00', '2026-01-01 00:00:01')"
                )
                try db.execute(
                    sql:
                        "INSERT INTO event (at, type, id, medium, kind, detail) VALUES ('2026-01-01 00:00:01', 'gemara', 1, 'audio', 'completed', '5 bytes')"
                )
            }
            try v2.close()
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().contains("v3-maintenance"))
        let item = try #require(try await database.mediaItem(MediaKey(LessonID(.gemara, 1), .audio)))
        // The snapshot has no audio link: the old URL is kept as the link (v4).
        #expect(item.state == .complete && item.receivedBytes == 5 && item.link == "http://x/a.mp3")
        #expect(try await database.events(of: LessonID(.gemara, 1)).map(\.kind) == [.completed])
        try await database.markCorrupt(item.key, reason: "test", movedTo: "aside/x", requeue: false, at: Date())
        #expect(try await database.mediaItem(item.key)?.state == .corrupt)
        #expect(try await database.events(of: LessonID(.gemara, 1)).map(\.kind) == [.completed, .corrupt, .movedAside])
        await #expect(throws: RegistryError.self, "the log is still append-only") {
            try await database.write { db in try db.execute(sql: "DELETE FROM event") }
        }
        #expect(try await database.read { db in try Bool.fetchOne(db, sql: "SELECT pinned FROM lesson") } == false)
    }

    @Test("a file in the place of an unfinished download is moved aside, never overwritten; two in one second both kept")
    func userFilesNeverOverwritten() async throws {
        try await DownloadFixture.run { fixture in
            let then = Date(timeIntervalSince1970: 1_750_000_000)
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            let library = try await LessonLibrary(
                root: fixture.root, client: client,
                configuration: .init(retry: DownloadFixture.fastRetry, now: { then }))
            let lessons = try await fixture.lessons("gemara:berakhot:2", in: library)
            let key = MediaKey(lessons[0].id, .audio)
            await fixture.faults.inject(.failFirst(count: 1_000, status: 404), at: MediaAddress(key.lesson, key.medium))
            _ = await collect(try await library.download(lessons, media: .audio))
            #expect(try await Self.state(library, key) == .failed)
            let mine = Data("the user's own recording".utf8)
            for round in 0..<2 {
                try mine.write(to: library.layout.fileURL(key.lesson, key.medium))
                let report = try await library.sync()
                #expect(report.actions.contains { $0.key == key && $0.action == .corrupt }, "round \(round): \(report.actions)")
            }
            let aside = try FileManager.default.contentsOfDirectory(atPath: library.layout.asideFolder.path)
            #expect(aside.count == 2, "both kept, same second: \(aside)")
            for name in aside { #expect(try Data(contentsOf: library.layout.asideFolder.appendingPathComponent(name)) == mine) }
            #expect(try await library.history(of: key.lesson).filter { $0.kind == .movedAside }.count == 2)
        }
    }
}

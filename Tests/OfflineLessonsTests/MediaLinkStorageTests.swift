import Foundation
import GRDB
import Testing

@testable import OfflineLessons

/// The registry stores each medium's link as the server gave it and resolves it when fetching.
@Suite("Media links in the registry")
struct MediaLinkStorageTests {
    @Test("a changed media base takes effect for items already queued")
    func changedMediaBase() async throws {
        try await DownloadFixture.run { fixture in
            let lessons = try await fixture.lessons("gemara/9", in: try await fixture.library())
            // A base on the same server where nothing is served: every media request gets a 404.
            let wrongBase = fixture.running.mediaBase.deletingLastPathComponent().appendingPathComponent("elsewhere/")
            let wrong = try await LessonLibrary(
                root: fixture.root, configuration: .init(retry: RetryPolicy(maxRetries: 0), mediaBase: wrongBase))
            let (_, first) = await collect(try await wrong.download(lessons, media: .audio))
            #expect(first?.failed.count == 2, "audio and PDF fail against a base that serves nothing")
            let item = try #require(try await wrong.database.mediaItem(MediaKey(LessonID(.gemara, 9), .audio)))
            #expect(item.link == lessons[0].lesson.audio, "the link is stored as the server gave it, not a URL")

            let right = try await fixture.library()
            let (_, second) = await collect(try await right.resumePending())
            #expect(second?.failed.isEmpty == true)
            #expect(fixture.hasServedFile(right, lessons[0], .audio))
            #expect(fixture.hasServedFile(right, lessons[0], .text))
        }
    }

    @Test("without a media base, a queued audio fails with a reason naming the missing base")
    func noBaseAtFetchTime() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/9", in: library)
            try await library.database.register(
                [.init(lesson: lessons[0], media: [(.audio, try #require(lessons[0].lesson.audio))])], at: Date())
            let offline = try await LessonLibrary(root: fixture.root, configuration: .init(retry: RetryPolicy(maxRetries: 0)))
            let (_, summary) = await collect(try await offline.resumePending())
            let reason = try #require(summary?.failed.first?.reason)
            #expect(reason.contains("no media base"), "\(reason)")
        }
    }

    @Test("v4 takes each item's link from its lesson snapshot")
    func migrationV4() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("library.sqlite").path
        do {
            let v3 = try DatabaseQueue(path: path)
            try LibraryDatabase.migrator.migrate(v3, upTo: "v3-maintenance")
            try await v3.write { db in
                let json =
                    #"{"id":1,"chapter":1,"duration":60,"page_number":2,"audio":"a b.mp3","page":"p/1.pdf","video":"https://v.example/1.mp4","video_part":[],"gallery":[]}"#
                try db.execute(
                    sql:
                        "INSERT INTO lesson (type, id, sederId, masechetId, chapter, number, json, requestedAt) VALUES ('gemara', 1, 1, 1, 1, 2, ?, '2026-01-01 00:00:00')",
                    arguments: [Data(json.utf8)])
                for (medium, url) in [
                    ("audio", "http://old/media/a%20b.mp3"), ("text", "http://old/media/p/1.pdf"), ("video", "https://v.example/1.mp4"),
                ] {
                    try db.execute(
                        sql:
                            "INSERT INTO mediaItem (type, id, medium, state, url, requestedAt) VALUES ('gemara', 1, ?, 'queued', ?, '2026-01-01 00:00:00')",
                        arguments: [medium, url])
                }
            }
            try v3.close()
        }
        let database = try LibraryDatabase.open(at: path)
        #expect(try await database.appliedMigrations().contains("v4-links"))
        let items = try await database.mediaItems(of: LessonID(.gemara, 1))
        #expect(
            Dictionary(uniqueKeysWithValues: items.map { ($0.key.medium, $0.link) })
                == [.audio: "a b.mp3", .text: "p/1.pdf", .video: "https://v.example/1.mp4"])
    }
}

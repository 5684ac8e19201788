import Foundation
import GRDB
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `Catalog` over `LibraryDatabase`: what is fetched is cached with its placement and served offline;
/// a bad answer never replaces a good cached copy.
@Suite("Catalog cache")
struct CatalogCacheTests {
    static func catalog(_ database: LibraryDatabase, _ running: ContentServer.Running) -> Catalog {
        Catalog(database: database, client: CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t")))
    }

    @Test("the migrations applied are named, in order")
    func migrationsAreNamed() async throws {
        #expect(
            try await LibraryDatabase.inMemory().appliedMigrations() == [
                "v1-catalog", "v2-registry", "v3-maintenance", "v4-links", "v5-lesson-summary", "v6-event-rowid", "v7-checks-without-lists",
                "v8-queue-control",
                "v9-playback", "v10-plans", "v11-own-pace", "v12-pace-units", "v13-pace-round",
            ])
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("library.sqlite").path
        #expect(
            try await LibraryDatabase.open(at: path).appliedMigrations() == [
                "v1-catalog", "v2-registry", "v3-maintenance", "v4-links", "v5-lesson-summary", "v6-event-rowid", "v7-checks-without-lists",
                "v8-queue-control",
                "v9-playback", "v10-plans", "v11-own-pace", "v12-pace-units", "v13-pace-round",
            ])
        // Reopening migrates nothing twice.
        #expect(
            try await LibraryDatabase.open(at: path).appliedMigrations() == [
                "v1-catalog", "v2-registry", "v3-maintenance", "v4-links", "v5-lesson-summary", "v6-event-rowid", "v7-checks-without-lists",
                "v8-queue-control",
                "v9-playback", "v10-plans", "v11-own-pace", "v12-pace-units", "v13-pace-round",
            ])
    }

    @Test("the Shas and lessons with placement are cached and served offline")
    func cachedAndServedOffline() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("library.sqlite").path
        let (shas, gemara, mishna) = try await withServer { running in
            let catalog = Self.catalog(try LibraryDatabase.open(at: path), running)
            let first = try await catalog.shas()
            #expect(first.source == .server)
            let again = try await catalog.shas()
            #expect(again.source == .cache)
            #expect(again.shas == first.shas)
            let (seder, masechet) = try #require(first.shas.masechet(id: 1))
            let gemara = try await catalog.gemaraLessons(of: masechet, in: seder)
            let mishna = try await catalog.mishnaLessons(of: masechet, in: seder, chapter: 2)
            return (first.shas, gemara.lessons, mishna.lessons)
        }
        #expect(gemara.count == 63)
        #expect(mishna.count == 8)

        // The server is gone; a fresh catalog on the same file, with no client, answers everything.
        let database = try LibraryDatabase.open(at: path)
        let offline = Catalog(database: database, client: nil)
        let cached = try await offline.shas()
        #expect(cached.source == .cache)
        #expect(cached.shas == shas)
        let (seder, masechet) = try #require(cached.shas.masechet(id: 1))
        let cachedGemara = try await offline.gemaraLessons(of: masechet, in: seder)
        #expect(cachedGemara.lessons == gemara)
        #expect(cachedGemara.problems.isEmpty)
        #expect(cachedGemara.lessons.map(\.number) == Array(2...64))
        #expect(cachedGemara.lessons.allSatisfy { $0.type == .gemara && $0.placement.sederId == 1 && $0.placement.masechetId == 1 })
        #expect(cachedGemara.lessons.allSatisfy { $0.placement.chapter == $0.lesson.chapter })
        #expect(Set(cachedGemara.lessons.map(\.placement.chapter)) == Set(1...9))

        let cachedMishna = try await offline.mishnaLessons(of: masechet, in: seder, chapter: 2)
        #expect(cachedMishna.lessons == mishna)
        #expect(cachedMishna.lessons.map(\.number) == Array(1...8))
        #expect(cachedMishna.lessons.allSatisfy { $0.placement == Placement(sederId: 1, masechetId: 1, chapter: 2) })

        // Identity is (type, id): Gemara 1 and Mishna ids in the same range are distinct rows.
        let gemaraOne = try #require(try await database.cachedLesson(LessonID(.gemara, cachedGemara.lessons[0].lesson.id)))
        #expect(gemaraOne.lesson.pageNumber == 2)
        let mishnaFirst = cachedMishna.lessons[0]
        #expect(try await database.cachedLesson(mishnaFirst.id) == mishnaFirst)
        #expect(try await database.cachedLessonCounts() == [.gemara: 63, .mishna: 8])

        // What was never fetched is not cached.
        await #expect(throws: CatalogError.self) { try await offline.mishnaLessons(of: masechet, in: seder, chapter: 3) }
        #expect(try await database.cachedListing(type: .mishna, masechetId: 1, chapter: 3) == nil)
    }

    @Test("Gemara and Mishna lessons with the same id are cached side by side")
    func sameIDDifferentTypes() async throws {
        let database = try LibraryDatabase.inMemory()
        try await withServer { running in
            let catalog = Self.catalog(database, running)
            let shas = try await catalog.shas().shas
            let (seder, masechet) = try #require(shas.masechet(id: 1))
            _ = try await catalog.gemaraLessons(of: masechet, in: seder)
            _ = try await catalog.mishnaLessons(of: masechet, in: seder, chapter: 1)
        }
        let gemara = try #require(try await database.cachedLesson(LessonID(.gemara, 1)))
        let mishna = try #require(try await database.cachedLesson(LessonID(.mishna, 1)))
        #expect(gemara.lesson.pageNumber == 2)
        #expect(mishna.lesson.mishna == 1)
        #expect(gemara.lesson != mishna.lesson)
    }

    @Test("with nothing cached and no server, the catalog says so")
    func notCachedWithoutServer() async throws {
        let catalog = Catalog(database: try LibraryDatabase.inMemory(), client: nil)
        await #expect(throws: CatalogError.notCached("the Shas")) { try await catalog.shas() }
        await #expect(throws: CatalogError.notCached("the Shas")) { try await catalog.shas(refresh: true) }
    }

    static let badShasAnswers: [(name: String, status: Int, body: String)] = [
        ("empty", 200, #"{"success":true,"data":{"seder":[]},"errors":[]}"#),
        ("malformed", 200, #"{"success":true,"data":{"seder":"oops"},"errors":[]}"#),
        ("html", 200, "<html>maintenance</html>"),
        ("server error", 500, #"{"success":false,"data":{},"errors":[]}"#),
        ("refused", 200, #"{"success":false,"data":{},"errors":[{"field":"x","message":"no"}]}"#),
    ]

    @Test(
        "a bad Shas from the server never replaces the good cached copy",
        arguments: badShasAnswers.indices)
    func badShasKeepsCache(_ index: Int) async throws {
        let bad = Self.badShasAnswers[index]
        let database = try LibraryDatabase.inMemory()
        let good = try await withServer { running in try await Self.catalog(database, running).shas().shas }
        let before = try #require(try await database.cachedShas())

        let faults = FaultInjector()
        await faults.replaceAPIResponse(at: "masechtot_list/", status: bad.status, body: bad.body)
        try await withServer(faults: faults) { running in
            let catalog = Self.catalog(database, running)
            await #expect(throws: CatalogError.self, "\(bad.name)") { try await catalog.shas(refresh: true) }
            // Without refresh the cache answers, unchanged.
            let cached = try await catalog.shas()
            #expect(cached.source == .cache)
            #expect(cached.shas == good)
        }
        let after = try #require(try await database.cachedShas())
        #expect(after.shas == good)
        #expect(after.fetchedAt == before.fetchedAt)
        #expect(after.shas.masechtot.count == 63)
    }

    @Test("the database itself refuses to store an empty Shas")
    func saveEmptyShasRefused() async throws {
        let database = try LibraryDatabase.inMemory()
        let shas = Shas(sedarim: [
            Seder(
                id: 1, order: 1, name: "Zeraim",
                masechtot: [
                    Masechet(id: 1, order: 1, name: "Berakhot", chapters: 1, pages: 0, chapterList: [.init(chapter: 1, mishnayot: 5)])
                ])
        ])
        try await database.saveShas(shas, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000))
        await #expect(throws: RegistryError.emptyShas) { try await database.saveShas(Shas(sedarim: []), fetchedAt: Date()) }
        await #expect(throws: RegistryError.emptyShas) {
            try await database.saveShas(Shas(sedarim: [Seder(id: 1, order: 1, name: "Zeraim", masechtot: [])]), fetchedAt: Date())
        }
        let cached = try #require(try await database.cachedShas())
        #expect(cached.shas == shas)
        #expect(cached.fetchedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("a refresh with a good answer replaces the cache and records the problems' count")
    func refreshReplaces() async throws {
        let database = try LibraryDatabase.inMemory()
        let faults = FaultInjector()
        await faults.replaceAPIResponse(
            at: "gemara/masechet/1/",
            body:
                #"{"success":true,"errors":[],"data":{"pages":[{"id":1,"chapter":1,"duration":60,"page_number":2},{"id":1,"chapter":1,"duration":60,"page_number":3}, 5]}}"#
        )
        try await withServer(faults: faults) { running in
            let catalog = Self.catalog(database, running)
            let shas = try await catalog.shas().shas
            let (seder, masechet) = try #require(shas.masechet(id: 1))
            let fetched = try await catalog.gemaraLessons(of: masechet, in: seder)
            #expect(fetched.lessons.map(\.lesson.id) == [1])
            #expect(fetched.problems.map(\.position) == [1, 2])
            let cached = try await catalog.gemaraLessons(of: masechet, in: seder)
            #expect(cached.lessons == fetched.lessons)
            #expect(cached.problems.isEmpty)
        }
        let problemCount = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT problemCount FROM catalogListing WHERE type = 'gemara' AND masechetId = 1")
        }
        #expect(problemCount == 2)
    }

    @Test("a Shas stored since (by this library or another) is the one read")
    func storedSinceIsRead() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("library.sqlite").path
        let database = try LibraryDatabase.open(at: path)
        let first = try await withServer { running in try await Self.catalog(database, running).shas().shas }
        #expect(try await database.cachedShas()?.shas == first)
        var renamed = first
        renamed.sedarim[0].name = "Renamed"
        try await LibraryDatabase.open(at: path).saveShas(renamed, fetchedAt: Date())  // another instance on the same file

        #expect(try await database.cachedShas()?.shas == renamed)
    }

    @Test("a listing the server is not there for is named in the failure, not by the API's path")
    func unreachableListingNamed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("library.sqlite").path
        _ = try await withServer { running in try await Self.catalog(try LibraryDatabase.open(at: path), running).shas() }
        let closed = try SilentSocket(listening: false)
        let client = CatalogClient(configuration: .init(apiBase: closed.apiBase, token: "t", timeout: .seconds(5)))
        let catalog = Catalog(database: try LibraryDatabase.open(at: path), client: client)
        let (seder, masechet) = try #require(try await catalog.shas().shas.masechet(id: 1))
        for fetch in [
            { _ = try await catalog.gemaraLessons(of: masechet, in: seder) },
            { _ = try await catalog.mishnaLessons(of: masechet, in: seder, chapter: 2) },
        ] as [@Sendable () async throws -> Void] {
            do {
                try await fetch()
                Issue.record("the server is not there")
            } catch let error as CatalogError {
                let english = error.words.text(.en)
                #expect(english.hasPrefix("could not reach the server for the list of "), "\(english)")
                #expect(english.contains("of Berakhot") && !english.contains("masechet/"), "\(english)")
                #expect(error.words.text(.es).contains("Berakhot"), "\(error.words.text(.es))")
            }
        }
    }
}

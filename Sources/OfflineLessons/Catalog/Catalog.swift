import Foundation

/// The catalog as the library uses it: the Shas and lesson listings, served from the database
/// cache when present and fetched from the server (then cached) when not, or when asked to refresh.
/// A failed or empty fetch never replaces what is cached.
struct Catalog: Sendable {
    let database: LibraryDatabase
    /// `nil` when no server is configured: only the cache can answer.
    let client: CatalogClient?
    let now: @Sendable () -> Date
    /// Whether fetched answers are kept (not in a read-only library).
    let caches: Bool

    init(database: LibraryDatabase, client: CatalogClient?, now: @escaping @Sendable () -> Date = { Date() }, caches: Bool = true) {
        self.database = database
        self.client = client
        self.now = now
        self.caches = caches
    }

    /// The Shas, from the cache unless `refresh` is set or nothing is cached.
    func shas(refresh: Bool = false) async throws -> (shas: Shas, source: CatalogSource, fetchedAt: Date) {
        if !refresh, let cached = try await database.cachedShas() {
            return (cached.shas, .cache, cached.fetchedAt)
        }
        guard let client else { throw CatalogError.notCached("the Shas") }
        let shas = try await client.fetchShas()
        let fetchedAt = now()
        if caches { try await database.saveShas(shas, fetchedAt: fetchedAt) }
        return (shas, .server, fetchedAt)
    }

    /// The Gemara lessons of a masechet, placed; problems are those of a fresh fetch (none from cache).
    func gemaraLessons(of masechet: Masechet, in seder: Seder, refresh: Bool = false) async throws
        -> (lessons: [PlacedLesson], problems: [LessonProblem])
    {
        if !refresh, let cached = try await database.cachedListing(type: .gemara, masechetId: masechet.id) {
            return (cached, [])
        }
        guard let client else { throw CatalogError.notCached("the Gemara lessons of \(masechet.name)") }
        let list = try await Self.naming("the Gemara lessons of \(masechet.name)") {
            try await client.fetchGemaraLessons(masechetId: masechet.id)
        }
        let placement = Placement(sederId: seder.id, masechetId: masechet.id, chapter: 0)
        if caches {
            try await database.saveListing(
                type: .gemara, placement: placement, lessons: list.lessons, problemCount: list.problems.count, fetchedAt: now())
        }
        let placed = list.lessons.map { lesson in
            PlacedLesson(
                type: .gemara, placement: Placement(sederId: seder.id, masechetId: masechet.id, chapter: lesson.chapter), lesson: lesson)
        }
        return (placed, list.problems)
    }

    /// The Mishna lessons of a chapter, placed; problems are those of a fresh fetch.
    func mishnaLessons(of masechet: Masechet, in seder: Seder, chapter: Int, refresh: Bool = false) async throws
        -> (lessons: [PlacedLesson], problems: [LessonProblem])
    {
        if !refresh, let cached = try await database.cachedListing(type: .mishna, masechetId: masechet.id, chapter: chapter) {
            return (cached, [])
        }
        guard let client else { throw CatalogError.notCached("the Mishna lessons of \(masechet.name) \(chapter)") }
        let list = try await Self.naming("the Mishna lessons of \(masechet.name) \(chapter)") {
            try await client.fetchMishnaLessons(masechetId: masechet.id, chapter: chapter)
        }
        let placement = Placement(sederId: seder.id, masechetId: masechet.id, chapter: chapter)
        if caches {
            try await database.saveListing(
                type: .mishna, placement: placement, lessons: list.lessons, problemCount: list.problems.count, fetchedAt: now())
        }
        return (list.lessons.map { PlacedLesson(type: .mishna, placement: placement, lesson: $0) }, list.problems)
    }

    /// A listing's fetch whose failure to reach the server says what was asked for ("the Gemara
    /// lessons of Berakhot"), not the API's path.
    private static func naming<T>(_ what: String, _ fetch: () async throws -> T) async throws -> T {
        do {
            return try await fetch()
        } catch CatalogError.unreachable(_, let cause) {
            throw CatalogError.unreachable(path: what, cause: cause)
        }
    }
}

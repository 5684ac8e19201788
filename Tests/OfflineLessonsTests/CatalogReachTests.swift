import Foundation
import LessonsServer
import Testing

@testable import OfflineLessons

/// The catalog for a screen that must answer at once: the cache alone, or the server for a short while.
@Suite("Catalog within a time limit")
struct CatalogReachTests {
    @Test("with no time given, only the cache and the registry answer; a listing not cached is not fetched")
    func cacheOnly() async throws {
        let directory = try TemporaryDirectory()
        try await withServer { running in
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t"))
            let library = try await LessonLibrary(root: directory.url, client: client)
            #expect(library.hasServer)
            #expect(try await library.cachedCatalog() == nil)
            let fetched = try await library.refreshCatalog(within: .seconds(5))
            #expect(fetched.source == .server)
            let cached = try #require(try await library.cachedCatalog())
            #expect(cached.source == .cache && abs(cached.fetchedAt.timeIntervalSince(fetched.fetchedAt)) < 0.01)
            let berakhot = try LessonSelector(parsing: "gemara:berakhot")
            await #expect(throws: CatalogError.self) { try await library.lessons(for: [berakhot], fetchingWithin: nil) }
            let listed = try await library.lessons(for: [berakhot], fetchingWithin: .seconds(5))
            #expect(listed.first?.number == 2)
            #expect(try await library.lessons(for: [berakhot], fetchingWithin: nil) == listed)
        }
    }

    @Test("a server that does not answer costs the time given, not the client's timeout")
    func shortTimeout() async throws {
        let directory = try TemporaryDirectory()
        // A port nothing listens on: the client's own timeout is 30 s.
        let client = CatalogClient(
            configuration: .init(apiBase: try #require(URL(string: "http://127.0.0.1:9/api/")), token: "t", timeout: .seconds(30)))
        let library = try await LessonLibrary(root: directory.url, client: client)
        let start = ContinuousClock.now
        await #expect(throws: CatalogError.self) { try await library.refreshCatalog(within: .milliseconds(500)) }
        // Well under the client's 30 s, with room for a loaded machine (under AddressSanitizer, with
        // the suite in parallel on two cores, it took 7 s).
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}

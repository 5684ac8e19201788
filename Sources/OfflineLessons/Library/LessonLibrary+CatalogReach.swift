import Foundation
import NIOCore

/// The catalog for a screen that must answer at once: each request to the server given a short
/// time, or none at all (the cache alone answers).
extension LessonLibrary {
    /// Whether a server is configured to fetch the catalog from (the cache alone answers otherwise).
    public var hasServer: Bool { lessonCatalog.client != nil }

    /// The Shas as cached, with no request to the server; `nil` when none is cached.
    public func cachedCatalog() async throws -> CatalogSnapshot? {
        guard let cached = try await database.cachedShas() else { return nil }
        return CatalogSnapshot(
            shas: cached.shas, source: .cache, fetchedAt: cached.fetchedAt, cachedLessons: try await database.cachedLessonCounts())
    }

    /// The Shas fetched again from the server and cached, each request given at most `timeout`
    /// (never more than the client's own). Throws ``CatalogError`` as ``catalog(refresh:)`` does;
    /// a failed fetch leaves the cache as it was.
    public func refreshCatalog(within timeout: Duration) async throws -> CatalogSnapshot {
        let (shas, source, fetchedAt) = try await catalog(within: timeout).shas(refresh: true)
        return CatalogSnapshot(shas: shas, source: source, fetchedAt: fetchedAt, cachedLessons: try await database.cachedLessonCounts())
    }

    /// The lessons the selectors name, each once, as ``lessons(for:)-(_:[LessonSelector])`` finds
    /// them, except that a listing that is not cached is fetched with each request given at most
    /// `timeout`, or not fetched at all when `timeout` is nil (``CatalogError/notCached(_:)``).
    public func lessons(for selectors: [LessonSelector], fetchingWithin timeout: Duration?) async throws -> [PlacedLesson] {
        try await lessons(for: selectors, in: catalog(within: timeout))
    }

    /// The library's catalog with a client whose requests take at most `timeout`; with no client
    /// when `timeout` is nil.
    func catalog(within timeout: Duration?) -> Catalog {
        guard let timeout, var client = lessonCatalog.client else {
            return Catalog(database: database, client: nil, now: now, caches: lessonCatalog.caches)
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        client.configuration.timeout = min(client.configuration.timeout, .nanoseconds(max(1, nanoseconds)))
        return Catalog(database: database, client: client, now: now, caches: lessonCatalog.caches)
    }
}

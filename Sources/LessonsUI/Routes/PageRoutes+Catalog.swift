import Foundation
import OfflineLessons

/// The catalog as pages read it: from the cache at once. Only what is not cached at all is asked
/// of the server, and only while it is not known to be unreachable; a page waits for it at most
/// the configured wait (the request goes on, and its answer is cached for the next visit).
extension PageRoutes {
    /// The cached Shas; asked of the server when none is cached. A 503 page when there is none.
    func catalog(_ context: PageContext) async throws -> CatalogSnapshot {
        if let cached = try await library.cachedCatalog() { return cached }
        let timeout = services.server.timing.timeout
        if !context.server.isOffline, let fetched = await fromServer({ try await $0.refreshCatalog(within: timeout) }) {
            return fetched
        }
        throw RouteFailure(.serviceUnavailable, Message(.screenNoCatalog))
    }

    /// A masechet's lessons from the cached listing; asked of the server when it is not cached and
    /// the server is not known to be unreachable; `nil` when neither gives it.
    func listing(_ selector: LessonSelector, _ context: PageContext) async throws -> [PlacedLesson]? {
        do {
            return try await library.lessons(for: [selector], fetchingWithin: nil)
        } catch is CatalogError {
            guard !context.server.isOffline else { return nil }
            let timeout = services.server.timing.timeout
            return await fromServer { try await $0.lessons(for: [selector], fetchingWithin: timeout) }
        }
    }

    /// The registered lessons of a masechet (downloaded, queued or failed), placed from the registry.
    func registeredLessons(_ type: LessonType, masechet: Int) async throws -> [PlacedLesson] {
        var ids = Set(try await library.downloads(sync: false).filter { $0.masechetId == masechet }.map(\.lessonID))
        ids.formUnion(try await library.transfers().map(\.key.lesson))
        let placed = try await library.lessons(for: ids.filter { $0.type == type }.sorted().map { .lesson($0) }, fetchingWithin: nil)
        return placed.filter { $0.placement.masechetId == masechet }
    }

    /// Asks the server (each request given the probe's timeout), and waits for its answer at most
    /// the configured wait; `nil` when it has not come by then. A network failure marks the server unreachable.
    func fromServer<T: Sendable>(_ ask: @escaping @Sendable (LessonLibrary) async throws -> T) async -> T? {
        let library = library
        let server = services.server
        // Not a child of the page's task: it goes on (and caches what it fetches) after the page stops waiting.
        let request = Task {
            do {
                return try await ask(library)
            } catch CatalogError.unreachable(let path, let cause) {
                await server.unreachable()
                throw CatalogError.unreachable(path: path, cause: cause)
            }
        }
        return try? await AppServices.within(services.server.timing.pageWait) { try await request.value }
    }
}

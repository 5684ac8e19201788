import Foundation
import OfflineLessons

/// The catalog as pages read it: from the cache at once. Only what is not cached at all is asked
/// of the server, and only while it is not known to be unreachable, for at most the probe's timeout.
extension PageRoutes {
    /// The cached Shas; fetched (briefly) when none is cached. A 503 page when there is none.
    func catalog(_ context: PageContext) async throws -> CatalogSnapshot {
        if let cached = try await library.cachedCatalog() { return cached }
        let timeout = services.server.timing.timeout
        if !context.server.isOffline, let fetched = try? await fromServer({ try await $0.refreshCatalog(within: timeout) }) {
            return fetched
        }
        throw RouteFailure(.serviceUnavailable, UIText.noCatalog(context.language))
    }

    /// A masechet's lessons from the cached listing; fetched (briefly) when it is not cached and
    /// the server is not known to be unreachable; `nil` when neither has it.
    func listing(_ selector: LessonSelector, _ context: PageContext) async throws -> [PlacedLesson]? {
        do {
            return try await library.lessons(for: [selector], fetchingWithin: nil)
        } catch is CatalogError {
            guard !context.server.isOffline else { return nil }
            let timeout = services.server.timing.timeout
            return try? await fromServer { try await $0.lessons(for: [selector], fetchingWithin: timeout) }
        }
    }

    /// The registered lessons of a masechet (downloaded, queued or failed), placed from the registry.
    func registeredLessons(_ type: LessonType, masechet: Int) async throws -> [PlacedLesson] {
        var ids = Set(try await library.downloads(sync: false).filter { $0.masechetId == masechet }.map(\.lessonID))
        ids.formUnion(try await library.transfers().map(\.key.lesson))
        let placed = try await library.lessons(for: ids.filter { $0.type == type }.sorted().map { .lesson($0) }, fetchingWithin: nil)
        return placed.filter { $0.placement.masechetId == masechet }
    }

    /// Asks the server, for at most the probe's timeout; a network failure (or no answer in
    /// time) marks it unreachable and throws.
    func fromServer<T: Sendable>(_ ask: @escaping @Sendable (LessonLibrary) async throws -> T) async throws -> T {
        let library = library
        do {
            if let answer = try await AppServices.within(services.server.timing.timeout, { try await ask(library) }) { return answer }
        } catch CatalogError.unreachable(let path, let cause) {
            await services.server.unreachable()
            throw CatalogError.unreachable(path: path, cause: cause)
        }
        await services.server.unreachable()
        throw RouteFailure(.gatewayTimeout, "the content server did not answer in time")
    }
}

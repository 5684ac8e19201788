import Foundation
import Hummingbird
import Logging
import NIOCore
import OfflineLessons

/// A content server that speaks the legacy lessons API with the demo catalog, and serves
/// synthetic media with `Range`, `ETag` and `HEAD`; an optional ``ContentServerInterceptor`` sees
/// every request and may bend the answers (tests inject faults through it).
public struct ContentServer: Sendable {
    public let configuration: Configuration
    public let catalog: DemoCatalog

    public init(configuration: Configuration = .init(), catalog: DemoCatalog? = nil) throws {
        self.configuration = configuration
        self.catalog = try catalog ?? DemoCatalog.bundled(trickyKeys: configuration.trickyKeys)
    }

    /// Runs the server until `body` returns, then stops it.
    public func withRunning<T: Sendable>(_ body: @Sendable (Running) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = makeApplication { continuation.yield($0) }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw ContentServerError.didNotStart("no port") }
            let result = try await body(try Running(port: port, host: configuration.host))
            group.cancelAll()
            return result
        }
    }

    /// Runs the server until the process gets SIGINT or SIGTERM; `onStart` learns where it listens.
    public func run(onStart: @escaping @Sendable (Running) -> Void) async throws {
        let host = configuration.host
        let app = makeApplication { port in
            if let running = try? Running(port: port, host: host) { onStart(running) }
        }
        try await app.runService()
    }

    func makeApplication(onPort: @escaping @Sendable (Int) -> Void) -> some ApplicationProtocol {
        let router = Router()
        let api = APIRoutes(catalog: catalog, configuration: configuration)
        router.middlewares.add(InterceptedAPIMiddleware(interceptor: configuration.interceptor))
        router.get("/api/masechtot_list") { request, _ in api.shas() }
        router.get("/api/gemara/masechet/:masechet") { request, context in
            try api.gemara(request, masechet: context.parameters.require("masechet", as: Int.self))
        }
        router.get("/api/mishna/masechet/:masechet/chapter/:chapter") { request, context in
            try api.mishna(
                request, masechet: context.parameters.require("masechet", as: Int.self),
                chapter: context.parameters.require("chapter", as: Int.self))
        }
        let media = MediaRoutes(catalog: catalog, configuration: configuration)
        router.get("/media/**") { request, _ in await media.respond(to: request) }
        router.head("/media/**") { request, _ in await media.respond(to: request) }
        return Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "lessons-serve"),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "lessons-serve", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}

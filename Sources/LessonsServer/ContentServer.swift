import Foundation
import Hummingbird
import Logging
import NIOCore
import OfflineLessons
import ServerLifetime

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

    /// Runs the server until `body` returns, then stops it gracefully (``ServedWhile``). Throws
    /// ``ContentServerError/didNotStart(_:)`` when the server cannot listen (a port in use).
    public func withRunning<T: Sendable>(_ body: @Sendable (Running) async throws -> T) async throws -> T {
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = makeApplication { listening.yield($0) }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            let server = ServedWhile(app, in: &group) { listening.finish() }
            do {
                let result = try await body(try await started(ports, group: &group))
                await server.stop(in: &group)
                return result
            } catch {
                await server.stop(in: &group)
                throw error
            }
        }
    }

    /// Runs the server until the process gets SIGINT or SIGTERM; `onStart` learns where it listens.
    /// Throws ``ContentServerError/didNotStart(_:)`` when the server cannot listen (a port in use).
    public func run(onStart: @escaping @Sendable (Running) -> Void) async throws {
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = makeApplication { listening.yield($0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { listening.finish() }
                try await app.runService()
            }
            onStart(try await started(ports, group: &group))
            try await group.waitForAll()
        }
    }

    /// Where the server listens, once it does; when the service ends before it listens, the
    /// reason it ended, as ``ContentServerError/didNotStart(_:)``.
    private func started<Child>(_ ports: AsyncStream<Int>, group: inout ThrowingTaskGroup<Child, any Error>) async throws -> Running {
        var iterator = ports.makeAsyncIterator()
        if let port = await iterator.next() { return try Running(port: port, host: configuration.host) }
        do {
            try await group.waitForAll()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ContentServerError.portInUse(host: configuration.host, port: configuration.port)
        } catch {
            if NetworkError.isNotThisMachine(error) { throw ContentServerError.notThisMachine(host: configuration.host) }
            throw ContentServerError.didNotStart(String(describing: error))
        }
        throw ContentServerError.didNotStart("the server stopped before it listened on \(configuration.host):\(configuration.port)")
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

import Foundation
import Hummingbird
import Logging
import NIOCore
import OfflineLessons

/// Why the content server could not start or serve.
public enum ContentServerError: Error, CustomStringConvertible {
    case missingResource(String)
    case didNotStart(String)

    public var description: String {
        switch self {
        case .missingResource(let name): "the bundled resource \(name) is missing from this build"
        case .didNotStart(let reason): "the content server did not start: \(reason)"
        }
    }
}

/// A content server that speaks the legacy lessons API with the demo catalog, and serves
/// synthetic media with `Range`, `ETag` and `HEAD`; an optional ``ContentServerInterceptor`` sees
/// every request and may bend the answers (tests inject faults through it).
public struct ContentServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port.
        public var port: Int
        /// When set, only this token is accepted; otherwise any non-empty token is.
        public var token: String?
        /// Media size = duration × bytes per second × this scale. Tiny by default.
        public var mediaSizeScale: Double
        /// Media keys with spaces, `%`, `+`, `#` and `?`, to exercise percent-encoding.
        public var trickyKeys: Bool
        /// Sees every API and media request and plans its answer, for tests.
        public var interceptor: (any ContentServerInterceptor)?

        public init(host: String = "127.0.0.1", port: Int = 0, token: String? = nil, mediaSizeScale: Double = 0.001,
                    trickyKeys: Bool = false, interceptor: (any ContentServerInterceptor)? = nil) {
            self.host = host
            self.port = port
            self.token = token
            self.mediaSizeScale = mediaSizeScale
            self.trickyKeys = trickyKeys
            self.interceptor = interceptor
        }
    }

    /// A server that is listening.
    public struct Running: Sendable {
        public let port: Int
        public let host: String
        /// `http://host:port`
        public let origin: URL
        /// The API base, `http://host:port/api/`.
        public let apiBase: URL
        /// The media base, `http://host:port/media/`.
        public let mediaBase: URL

        init(port: Int, host: String) throws {
            guard port > 0, let origin = URL(string: "http://\(host):\(port)") else {
                throw ContentServerError.didNotStart("could not listen on \(host)")
            }
            self.port = port
            self.host = host
            self.origin = origin
            self.apiBase = origin.appendingPathComponent("api/", isDirectory: true)
            self.mediaBase = origin.appendingPathComponent("media/", isDirectory: true)
        }
    }

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

/// The JSON API: the Shas tree and lesson listings inside the legacy envelope.
struct APIRoutes: Sendable {
    let catalog: DemoCatalog
    let configuration: ContentServer.Configuration

    func shas() -> Response {
        json(status: .ok, APIEnvelope(success: true, data: SederPayload(seder: catalog.shas.sedarim), errors: []))
    }

    func gemara(_ request: Request, masechet: Int) -> Response {
        if let refusal = checkToken(request) { return refusal }
        guard let lessons = catalog.gemaraLessons(masechetId: masechet) else {
            return failure(.notFound, field: "masechet", "No masechet with id \(masechet).")
        }
        let base = mediaBase(of: request)
        return json(status: .ok, APIEnvelope(success: true, data: PagesPayload(pages: lessons.map { $0.apiLesson(mediaBase: base) }), errors: []))
    }

    func mishna(_ request: Request, masechet: Int, chapter: Int) -> Response {
        if let refusal = checkToken(request) { return refusal }
        guard let lessons = catalog.mishnaLessons(masechetId: masechet, chapter: chapter) else {
            return failure(.notFound, field: "chapter", "No chapter \(chapter) in masechet \(masechet).")
        }
        let base = mediaBase(of: request)
        return json(status: .ok, APIEnvelope(success: true, data: MishnayotPayload(mishnayot: lessons.map { $0.apiLesson(mediaBase: base) }), errors: []))
    }

    /// `nil` when the token is acceptable; otherwise the legacy refusal.
    func checkToken(_ request: Request) -> Response? {
        let header = request.headers[.authorization] ?? ""
        let token = header.hasPrefix("token ") ? String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces) : ""
        let accepted = configuration.token.map { token == $0 } ?? !token.isEmpty
        return accepted ? nil : failure(.unauthorized, field: "token", "Invalid token.")
    }

    func mediaBase(of request: Request) -> URL {
        let authority = request.head.authority ?? "\(configuration.host):\(configuration.port)"
        return URL(string: "http://\(authority)/media/") ?? URL(fileURLWithPath: "/")
    }

    func failure(_ status: HTTPResponse.Status, field: String, _ message: String) -> Response {
        json(status: status, APIEnvelope(success: false, data: EmptyPayload(), errors: [APIErrorBody(field: field, message: message)]))
    }

    func json(status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Lets the interceptor, when there is one, delay each API request or answer it with a canned response.
struct InterceptedAPIMiddleware<Context: RequestContext>: RouterMiddleware {
    let interceptor: (any ContentServerInterceptor)?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/"), let interceptor else { return try await next(request, context) }
        let plan = await interceptor.planAPIRequest(path: request.uri.path)
        if let delay = plan.delay { try await Task.sleep(for: delay) }
        guard let canned = plan.cannedResponse else { return try await next(request, context) }
        return Response(
            status: .init(code: canned.status), headers: [.contentType: canned.contentType],
            body: .init(byteBuffer: ByteBuffer(string: canned.body)))
    }
}

/// The legacy envelope, `{success, data, errors}`.
struct APIEnvelope<Payload: Encodable>: Encodable {
    var success: Bool
    var data: Payload
    var errors: [APIErrorBody]
}

struct APIErrorBody: Encodable {
    var field: String
    var message: String
}

struct SederPayload: Encodable { var seder: [Seder] }
struct PagesPayload: Encodable { var pages: [Lesson] }
struct MishnayotPayload: Encodable { var mishnayot: [Lesson] }
struct EmptyPayload: Encodable {}

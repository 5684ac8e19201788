import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import LessonsUI
import NIOCore
import NIOHTTP1
import OfflineLessons
import Testing

/// A fresh, empty directory for one test, removed with everything in it at the end of its scope.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lessons-ui-tests-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A content server with faults on loopback, a library on a fresh folder, and the web app over it.
struct UIFixture: Sendable {
    static let token = "test-token-0123456789"
    let running: ContentServer.Running
    let server: ContentServer
    let faults: FaultInjector
    let library: LessonLibrary
    let app: LibraryWebApp.Running
    let root: URL

    /// The app's origin, without its final `/`: on loopback unless it listens on one address.
    var base: String { String(app.origin.absoluteString.dropLast()) }

    /// Runs `body` with everything up; the catalog is fetched (and cached) first. The app listens
    /// on `host`.
    static func run(scale: Double = 0.001, host: String = "127.0.0.1", _ body: @Sendable (UIFixture) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let root = folder.url
        let faults = FaultInjector()
        let server = try ContentServer(configuration: .init(mediaSizeScale: scale, faults: faults))
        try await server.withRunning { running in
            let library = try await openLibrary(root, running)
            _ = try await library.catalog(refresh: true)
            // A page may wait for a listing the server is still sending: on a loaded machine that
            // takes longer than the app's one second.
            var configuration = LibraryWebApp.Configuration(token: token, pollInterval: .milliseconds(200))
            configuration.pageWait = .seconds(20)
            configuration.host = host
            let app = LibraryWebApp(library: library, configuration: configuration)
            try await app.withRunning { app in
                try await body(UIFixture(running: running, server: server, faults: faults, library: library, app: app, root: root))
            }
        }
    }

    static func openLibrary(_ root: URL, _ running: ContentServer.Running) async throws -> LessonLibrary {
        let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "test"))
        let retry = RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20), maxRetryAfter: .seconds(1))
        return try await LessonLibrary(root: root, client: client, configuration: .init(retry: retry))
    }

    /// Downloads lessons through the library (not the app), to the end.
    @discardableResult
    func download(_ selector: String, media: MediaChoice = .audio) async throws -> DownloadSummary {
        let lessons = try await library.lessons(for: [try LessonSelector(parsing: selector)])
        let run = try await library.download(lessons, media: media)
        for await _ in run {}
        return await run.summary
    }

    /// A GET with the token header (pages), unless `token` is nil.
    func get(_ path: String, token: String? = UIFixture.token, headers: [(String, String)] = []) async throws -> Answer {
        try await send(path, method: .GET, headers: (token.map { [("X-Lessons-Token", $0)] } ?? []) + headers)
    }

    /// A POST with the token header (actions), unless `token` is nil.
    func post(_ path: String, token: String? = UIFixture.token, headers: [(String, String)] = []) async throws -> Answer {
        try await send(path, method: .POST, headers: (token.map { [("X-Lessons-Token", $0)] } ?? []) + headers)
    }

    func send(_ path: String, method: HTTPMethod, headers: [(String, String)]) async throws -> Answer {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let response = try await testClient.execute(request, timeout: .seconds(90))
        let body = try await response.body.collect(upTo: 64 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
    }

    /// Polls `/api/transfers` until `done` says so (or `timeout` passes); returns every sample seen.
    func watchTransfers(timeout: Duration = .seconds(90), until done: ([Transfer]) -> Bool) async throws -> [[Transfer]] {
        var samples: [[Transfer]] = []
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            let answer = try await get("/api/transfers")
            let sample = try JSONDecoder().decode([Transfer].self, from: Data(answer.body))
            samples.append(sample)
            if done(sample) { return samples }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the transfers did not reach the expected state within \(timeout); last: \(samples.last ?? [])")
        return samples
    }
}

/// A client that does not follow redirects (the app's answers are checked as they are).
let testClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))

/// One entry of the live feed, as the page receives it.
struct Transfer: Decodable, Sendable, Equatable {
    var key: String
    /// The lesson's name ("Berakhot 2").
    var name: String
    var state: String
    var received: Int
    var expected: Int?
    var percent: Int?
    var bytesPerSecond: Int?
    var secondsLeft: Int?
    var reason: String?
    var here: Bool
    var waitsForServer: Bool?
}

/// An HTTP answer: status, headers, body.
struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first(name: name) }
}

extension UIFixture {
    /// A library with gemara/1 and mishna 1:1 downloaded, whose server is gone afterwards.
    static func offlineLibrary(_ root: URL) async throws {
        try await ContentServer(configuration: .init()).withRunning { running in
            let library = try await openLibrary(root, running)
            for selector in ["gemara/1", "mishna:berakhot:1:1"] {
                let run = try await library.download(library.lessons(for: [try LessonSelector(parsing: selector)]), media: .audio)
                for await _ in run {}
            }
        }
    }
}

/// A request (a GET unless told) of a full URL with the fixture's token.
func fetch(_ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = []) async throws -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "X-Lessons-Token", value: UIFixture.token)
    for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
    let response = try await testClient.execute(request, timeout: .seconds(90))
    let body = try await response.body.collect(upTo: 64 << 20)
    return Answer(status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
}

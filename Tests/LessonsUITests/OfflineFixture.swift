import Foundation
import LessonsServer
import LessonsUI
import OfflineLessons
import Testing

/// A content server on one loopback port that a test stops and starts again (a new server on the
/// same port, as a restarted server would be).
actor SwitchableServer {
    private(set) var port = 0
    private var stopSignal: AsyncStream<Void>.Continuation?
    private var serving: Task<Void, any Error>?

    /// Starts a server (on the port of the last one, after the first); returns where it listens.
    @discardableResult
    func start() async throws -> ContentServer.Running {
        let server = try ContentServer(configuration: .init(port: port))
        let (started, didStart) = AsyncStream<ContentServer.Running>.makeStream()
        let (stop, stopSignal) = AsyncStream<Void>.makeStream()
        serving = Task {
            defer { didStart.finish() }
            try await server.withRunning { running in
                didStart.yield(running)
                for await _ in stop {}
            }
        }
        self.stopSignal = stopSignal
        var iterator = started.makeAsyncIterator()
        guard let running = await iterator.next() else {
            try await serving?.value
            throw ContentServerError.didNotStart("the test's server did not start on port \(port)")
        }
        port = running.port
        return running
    }

    /// Stops the server and waits until it no longer listens.
    func stop() async throws {
        stopSignal?.finish()
        try await serving?.value
        serving = nil
    }
}

/// A library whose content server a test stops: the Shas and Berakhot's Gemara cached, Berakhot 2
/// and 3 downloaded (audio), and Shabbat 2 and 3 downloaded with Shabbat's listing never cached
/// here (placed from another library's catalog, as lessons requested on another device would be).
struct OfflineFixture: Sendable {
    let server: SwitchableServer
    let library: LessonLibrary
    let app: LibraryWebApp.Running
    /// Shabbat's id.
    let neverCached: Int

    var base: String { "http://127.0.0.1:\(app.port)" }

    static func run(_ body: @Sendable (OfflineFixture) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        let server = SwitchableServer()
        let running = try await server.start()
        let library = try await UIFixture.openLibrary(folder.url, running)
        _ = try await library.catalog(refresh: true)
        try await finish(library.download(library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot:2-3")]), media: .audio))
        let elsewhere = try await UIFixture.openLibrary(other.url, running)
        let shabbat = try await elsewhere.lessons(for: [try LessonSelector(parsing: "gemara:shabbat:2-3")])
        try await finish(library.download(shabbat, media: .audio))
        let neverCached = try #require(shabbat.first?.placement.masechetId)
        var configuration = LibraryWebApp.Configuration(token: UIFixture.token, pollInterval: .milliseconds(200))
        configuration.serverTimeout = .seconds(1)
        configuration.serverRetry = .milliseconds(500)
        configuration.serverRecheck = .milliseconds(200)
        try await LibraryWebApp(library: library, configuration: configuration).withRunning { app in
            try await body(OfflineFixture(server: server, library: library, app: app, neverCached: neverCached))
        }
        try? await server.stop()
    }

    private static func finish(_ run: DownloadRun) async throws {
        for await _ in run {}
        #expect(await run.summary.succeeded)
    }

    func get(_ path: String, language: String = "en") async throws -> Answer {
        try await fetch(base + path, headers: [("Accept-Language", language)])
    }

    func post(_ path: String, language: String = "en") async throws -> Answer {
        try await fetch(base + path, method: .POST, headers: [("Accept-Language", language)])
    }

    /// Stops the server, then shows pages until one says the server cannot be reached; returns how long that took.
    @discardableResult
    func goOffline() async throws -> Duration {
        try await server.stop()
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(20) {
            if try await get("/shas").text.contains(#"id="offline""#) { return ContinuousClock.now - start }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("no page said the server cannot be reached within 20 s")
        return ContinuousClock.now - start
    }
}

import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import NIOCore
import Testing

@testable import OfflineLessons

/// An in-process content server with faults, and libraries pointed at it.
struct DownloadFixture: Sendable {
    let running: ContentServer.Running
    let faults: FaultInjector
    let server: ContentServer
    let root: URL

    /// Fast retries so fault tests take milliseconds.
    static let fastRetry = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20), maxRetryAfter: .seconds(2))

    /// Runs `body` with a server on a free loopback port and an empty library folder.
    static func run(
        scale: Double = 0.001, md5ETags: Bool = false,
        _ body: @Sendable (DownloadFixture) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory()  // removed at the end of this scope
        let root = folder.url
        let faults = FaultInjector()
        var configuration = ContentServer.Configuration(mediaSizeScale: scale, faults: faults)
        configuration.md5ETags = md5ETags
        let server = try ContentServer(configuration: configuration)
        try await server.withRunning { running in
            try await body(DownloadFixture(running: running, faults: faults, server: server, root: root))
        }
    }

    /// A library on the fixture's folder (a second call opens the same library, as a restart would).
    func library(
        concurrency: Int = 3, retry: RetryPolicy = DownloadFixture.fastRetry,
        transport: any Transport = HTTPTransport()
    ) async throws -> LessonLibrary {
        let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "test"))
        return try await LessonLibrary(
            root: root, client: client, transport: transport,
            configuration: .init(concurrency: concurrency, retry: retry))
    }

    /// The lessons a selector names.
    func lessons(_ selector: String, in library: LessonLibrary) async throws -> [PlacedLesson] {
        try await library.lessons(for: try LessonSelector(parsing: selector))
    }

    /// What the server serves for a medium of a lesson (the current version).
    func served(_ lesson: PlacedLesson, _ medium: MediaKind, version: Int = 0) -> [UInt8] {
        SyntheticMedia(
            lesson: lesson.id, medium: medium, duration: lesson.lesson.duration,
            scale: server.configuration.mediaSizeScale, version: version
        ).allBytes
    }

    /// Whether the downloaded file of a medium is byte-identical to what the server serves
    /// (a Bool, so that a failure does not print megabytes).
    func hasServedFile(_ library: LessonLibrary, _ lesson: PlacedLesson, _ medium: MediaKind, version: Int = 0) -> Bool {
        file(library, lesson.id, medium) == served(lesson, medium, version: version)
    }

    /// Whether a final file exists for a medium.
    func hasFile(_ library: LessonLibrary, _ lesson: LessonID, _ medium: MediaKind) -> Bool {
        library.store.finalSize(MediaKey(lesson, medium)) != nil
    }

    /// The bytes of a downloaded file, or `nil`.
    func file(_ library: LessonLibrary, _ lesson: LessonID, _ medium: MediaKind) -> [UInt8]? {
        (try? Data(contentsOf: library.layout.fileURL(lesson, medium))).map { [UInt8]($0) }
    }
}

/// Collects a run's events and returns them with the summary.
func collect(_ events: DownloadRun) async -> (events: [DownloadEvent], summary: DownloadSummary?) {
    var all: [DownloadEvent] = []
    var summary: DownloadSummary?
    for await event in events {
        all.append(event)
        if case .finished(let final) = event { summary = final }
    }
    return (all, summary)
}

/// A transport whose no-progress (stall) timeout is `stallTimeout`.
func withImpatientTransport(readTimeout stallTimeout: TimeAmount, _ body: @Sendable (HTTPTransport) async throws -> Void) async throws {
    try await body(HTTPTransport(stallTimeout: stallTimeout))
}

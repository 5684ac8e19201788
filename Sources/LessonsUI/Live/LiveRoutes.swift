import Foundation
import Hummingbird
import NIOCore
import OfflineLessons

/// The live panel's feed: `GET /events` (Server-Sent Events: the board, whenever it changes, the
/// content server's status as a `server` event and whether the queue is paused as a `queue`
/// event, each at first and whenever it changes, and a keep-alive every 15 s) and
/// `GET /api/transfers` (the board once, as JSON).
struct LiveRoutes: Sendable {
    let services: AppServices
    /// How often a stream looks at the board.
    static let tick: Duration = .milliseconds(400)
    /// A stream ends after this long; the browser's `EventSource` reconnects by itself.
    static let streamLifetime: Duration = .seconds(600)

    func register(on router: Router<BasicRequestContext>) {
        router.get("/api/transfers") { request, _ in Response.json(await shown(RequestInput.language(request))) }
        router.get("/events") { request, _ in
            let language = RequestInput.language(request)
            let body = ResponseBody { writer in
                let clock = ContinuousClock()
                let end = clock.now + Self.streamLifetime
                var last: [TransferBoard.Entry]?
                var lastServer: ServerStatus.Snapshot?
                var lastPaused: Bool?
                var lastWrite = clock.now
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                while clock.now < end, !Task.isCancelled, !(await self.services.isStopping) {
                    // An open page keeps the status current (a probe when the last one is old).
                    let server = await self.services.server.forPage()
                    if server != lastServer {
                        try await writer.write(ByteBuffer(string: Self.serverEvent(server, language)))
                        lastServer = server
                    }
                    let paused = (try? await self.services.library.isQueuePaused()) ?? false
                    if paused != lastPaused {
                        try await writer.write(ByteBuffer(string: Self.queueEvent(paused: paused, language)))
                        lastPaused = paused
                    }
                    let entries = await shown(language, paused: paused)
                    if entries != last {
                        let data = (try? JSONEncoder.plain.encode(entries)).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
                        try await writer.write(ByteBuffer(string: "data: \(data)\n\n"))
                        last = entries
                        lastWrite = clock.now
                    } else if clock.now - lastWrite > .seconds(15) {
                        try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                        lastWrite = clock.now
                    }
                    try await Task.sleep(for: Self.tick)
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
        }
    }

    /// `event: server`: whether the content server cannot be reached, and the page's banner saying so.
    static func serverEvent(_ server: ServerStatus.Snapshot, _ language: UserLanguage) -> String {
        let status = ServerEvent(offline: server.isOffline, banner: Layout.offlineBanner(server, language).markup)
        let data = (try? JSONEncoder.plain.encode(status)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        return "event: server\ndata: \(data)\n\n"
    }

    struct ServerEvent: Encodable {
        var offline: Bool
        var banner: String
    }

    /// `event: queue`: whether the queue is paused, and the banner pages show while it is.
    static func queueEvent(paused: Bool, _ language: UserLanguage) -> String {
        let status = QueueEvent(paused: paused, banner: Layout.pausedBanner(language).markup)
        let data = (try? JSONEncoder.plain.encode(status)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        return "event: queue\ndata: \(data)\n\n"
    }

    struct QueueEvent: Encodable {
        var paused: Bool
        var banner: String
    }

    /// The board as a page in `language` shows it: reasons in its words, queued items said to
    /// wait for the queue to be resumed while it is paused, or for the server while it cannot
    /// be reached.
    func shown(_ language: UserLanguage, paused known: Bool? = nil) async -> [TransferBoard.Entry] {
        let offline = await services.server.snapshot.isOffline
        let paused: Bool
        if let known { paused = known } else { paused = (try? await services.library.isQueuePaused()) ?? false }
        return await services.board.entries().map { entry in
            var entry = entry
            entry.reason = entry.reason.map { UIText.reason($0, language) }
            entry.waitsForResume = paused && entry.state == "queued"
            entry.waitsForServer = !paused && offline && entry.state == "queued"
            return entry
        }
    }
}

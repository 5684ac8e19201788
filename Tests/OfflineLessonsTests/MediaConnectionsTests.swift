import AsyncHTTPClient
import Foundation
import NIOHTTP1
@testable import OfflineLessons
import Testing

/// The default transport's own plain-http connections (``MediaConnections``), against a server
/// scripted for what the content server does not do: connections kept and dropped, redirects,
/// bodies in chunks or up to the close, silence, cancellation.
@Suite("Plain-http connections", .timeLimit(.minutes(2)))
struct MediaConnectionsTests {
    static let file = Data((0..<50_000).map { UInt8($0 % 251) })

    /// Fetches `path` into a new sink; the sink, and the error thrown if any.
    static func fetch(_ path: String, from server: ScriptedServer, through transport: HTTPTransport = HTTPTransport(),
                      headers: [String: String] = [:]) async -> (sink: CollectingSink, error: TransferError?) {
        let sink = CollectingSink()
        do {
            try await transport.fetch(TransportRequest(url: server.url(path), headers: headers), into: sink)
            return (sink, nil)
        } catch {
            return (sink, error as? TransferError ?? .network(NetworkError(summary: "\(error)")))
        }
    }

    @Test("files in turn share one kept connection; one the server dropped meanwhile is replaced once, nothing delivered twice")
    func keptConnections() async throws {
        // The third request on a connection finds it closed, with no answer.
        let server = try await ScriptedServer.start { _, onConnection in onConnection == 3 ? .drop : .body(Self.file) }
        let transport = HTTPTransport()
        for path in ["/a", "/b", "/c", "/d"] {
            let (sink, error) = await Self.fetch(path, from: server, through: transport)
            #expect(error == nil, "\(path): \(String(describing: error))")
            #expect(sink.received.heads.map(\.status) == [200], "\(path)")
            #expect(sink.received.body == Self.file, "\(path): \(sink.received.body.count) bytes")
        }
        let requests = server.requests.map { "\($0.connection)\($0.path)" }
        #expect(requests == ["1/a", "1/b", "1/c", "2/c", "2/d"])
        await server.stop()
    }

    @Test("connections made ahead are the ones the next requests use; asking again opens no more")
    func preparedConnections() async throws {
        let server = try await ScriptedServer.start { _, _ in .body(Self.file) }
        let transport = HTTPTransport()
        transport.prepareConnections(to: server.url("/a"), count: 3)
        // Made in milliseconds; the wait allows for an event loop the suite's other tests keep busy
        // (under ThreadSanitizer, in CI, five seconds were not enough).
        try await Self.waitForIdle(3, to: server.url("/a"), on: transport)
        #expect(await transport.idleConnections(to: server.url("/a")) == 3)
        #expect(server.connectionCount == 3)
        await withTaskGroup(of: TransferError?.self) { group in
            for path in ["/a", "/b", "/c"] { group.addTask { await Self.fetch(path, from: server, through: transport).error } }
            for await error in group { #expect(error == nil, "\(String(describing: error))") }
        }
        #expect(Set(server.requests.map(\.connection)).isSubset(of: [1, 2, 3]))
        try await Self.waitForIdle(3, to: server.url("/a"), on: transport)
        transport.prepareConnections(to: server.url("/d"), count: 3)
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.connectionCount == 3, "three are kept idle already")
        await server.stop()
    }

    /// Waits until `count` connections to `url`'s server are kept idle by `transport` (a minute at most).
    static func waitForIdle(_ count: Int, to url: URL, on transport: HTTPTransport) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while await transport.idleConnections(to: url) < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("a new connection closed before any answer fails the fetch in words, once, with no retry of its own")
    func droppedAtOnce() async throws {
        let server = try await ScriptedServer.start { _, _ in .drop }
        let (sink, error) = await Self.fetch("/gone", from: server)
        #expect(error == .network(NetworkError(summary: "the server closed the connection early")), "\(String(describing: error))")
        #expect(sink.received.heads.isEmpty)
        #expect(server.requests.count == 1)
        await server.stop()
    }

    @Test("a redirect is followed (by AsyncHTTPClient): the sink sees only the file's response")
    func redirect() async throws {
        let server = try await ScriptedServer.start { path, _ in
            path == "/moved" ? .body(status: 302, headers: [("location", "/file")], Data("moved".utf8)) : .body(Self.file)
        }
        let (sink, error) = await Self.fetch("/moved", from: server)
        #expect(error == nil, "\(String(describing: error))")
        #expect(sink.received.heads.map(\.status) == [200])
        #expect(sink.received.body == Self.file)
        #expect(server.requests.map(\.path) == ["/moved", "/moved", "/file"])
        await server.stop()
    }

    @Test("a chunked body and a body up to the close arrive whole; the closed connection is not used again")
    func bodyForms() async throws {
        let server = try await ScriptedServer.start { path, _ in
            switch path {
            case "/old": .untilClose(Self.file)
            default: .body(Self.file, chunked: path == "/chunked")
            }
        }
        let transport = HTTPTransport()
        for path in ["/chunked", "/old", "/after"] {
            let (sink, error) = await Self.fetch(path, from: server, through: transport)
            #expect(error == nil, "\(path): \(String(describing: error))")
            #expect(sink.received.body == Self.file, "\(path): \(sink.received.body.count) bytes")
        }
        #expect(server.requests.map { "\($0.connection)\($0.path)" } == ["1/chunked", "1/old", "2/after"])
        await server.stop()
    }

    @Test("a body cut short by the close is said as the connection closed early, through either reader, with the bytes that came delivered",
          arguments: [false, true])
    func cutShort(throughClient: Bool) async throws {
        let server = try await ScriptedServer.start { _, _ in .truncated(Self.file.prefix(20_000), announced: Self.file.count) }
        let transport = throughClient ? HTTPTransport(client: HTTPTransport.downloadClient) : HTTPTransport()
        let (sink, error) = await Self.fetch("/short", from: server, through: transport)
        #expect(error == .network(NetworkError(summary: "the server closed the connection early")), "\(String(describing: error))")
        #expect(sink.received.body == Self.file.prefix(20_000))
        await server.stop()
    }

    @Test("an answer that is not valid HTTP is said so, with the parser's word for it")
    func notHTTP() {
        #expect(NetworkError(HTTPParserError.invalidChunkSize).summary == "the server's answer is not valid HTTP (invalid character in chunk size header)")
    }

    @Test("a body that comes faster than the head is taken: held, then the socket left unread past the hold limit; every byte in order, none before the head")
    func backpressure() async throws {
        let big = Data((0..<(12 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 12) })
        let server = try await ScriptedServer.start { _, _ in .body(big) }
        let sink = CollectingSink(headStep: .milliseconds(300))
        try await HTTPTransport().fetch(TransportRequest(url: server.url("/big")), into: sink)
        #expect(sink.received.heads.map(\.status) == [200])
        #expect(sink.bytesBeforeHeadTaken == 0)
        #expect(sink.received.body == big, "\(sink.received.body.count) bytes of \(big.count)")
        await server.stop()
    }

    @Test("an interim 100 Continue before the response is skipped (by NIO's decoder): the sink sees the response alone, and the connection is kept")
    func interimResponse() async throws {
        let server = try await ScriptedServer.start { path, _ in path == "/first" ? .interimFirst(Self.file) : .body(Self.file) }
        let transport = HTTPTransport()
        for path in ["/first", "/second"] {
            let (sink, error) = await Self.fetch(path, from: server, through: transport)
            #expect(error == nil, "\(path): \(String(describing: error))")
            #expect(sink.received.heads.map(\.status) == [200], "\(path)")
            #expect(sink.received.body == Self.file, "\(path): \(sink.received.body.count) bytes")
        }
        #expect(server.requests.map { "\($0.connection)\($0.path)" } == ["1/first", "1/second"])
        await server.stop()
    }

    @Test("a response that goes silent (its head, then nothing) fails as a stall, no sooner than the stall timeout")
    func stall() async throws {
        let server = try await ScriptedServer.start { _, _ in .headOnly(contentLength: 1_000) }
        let started = ContinuousClock.now
        let (_, error) = await Self.fetch("/silent", from: server, through: HTTPTransport(stallTimeout: .seconds(1)))
        let waited = ContinuousClock.now - started
        #expect(error == .network(NetworkError(summary: "the server stopped sending (no data within the read timeout)")),
                "\(String(describing: error))")
        // Whenever the head came (a loaded, sanitized run may take long for it), a second without a byte came after.
        #expect(waited >= .seconds(1), "\(waited)")
        await server.stop()
    }

    @Test("cancelling a fetch mid-body ends it at once, as cancelled, and the connection is not kept")
    func cancel() async throws {
        let server = try await ScriptedServer.start { path, _ in path == "/silent" ? .headOnly(contentLength: 1_000) : .body(Self.file) }
        let transport = HTTPTransport()
        let (heads, headCame) = AsyncStream<Void>.makeStream()
        let sink = CollectingSink(onHead: { headCame.yield() })
        let fetch = Task { try await transport.fetch(TransportRequest(url: server.url("/silent")), into: sink) }
        for await _ in heads { break }
        fetch.cancel()
        let result = await fetch.result
        #expect(throws: TransferError.network(NetworkError(summary: "cancelled"))) { try result.get() }
        // The next file comes on a new connection.
        let (next, error) = await Self.fetch("/next", from: server, through: transport)
        #expect(error == nil && next.received.body == Self.file, "\(String(describing: error))")
        #expect(server.requests.map { "\($0.connection)\($0.path)" } == ["1/silent", "2/next"])
        await server.stop()
    }

    @Test("a URL on the origin read last is read by its prefix exactly as a parse reads it; any other URL is parsed")
    func targetsByPrefix() throws {
        let texts = [
            "http://127.0.0.1:8080/media/gemara/1/audio.mp3", "http://127.0.0.1:8080/a%20b/c%2Fd.pdf?x=1&y=%20#part",
            "http://127.0.0.1:8080", "http://127.0.0.1:8080?q=1", "http://127.0.0.1:8080#only", "http://127.0.0.1:8080/a/../b//c",
            "http://127.0.0.1:80801/longer-port", "http://127.0.0.1:8080@elsewhere/x", "http://user@127.0.0.1:8080/x",
            "HTTP://127.0.0.1:8080/upper", "https://127.0.0.1:8080/x", "http://127.0.0.1/no-port", "http://[::1]:8080/v6?x",
            "http://localhost:8080/x", "http://127.0.0.1:8080/q?a=/b?c#d#e", "http://127.0.0.1:8080/%E2%80%99s",
        ]
        let urls = try texts.map { try #require(URL(string: $0), "\($0)") }
        // Each URL read first (its origin learned), then every other, twice over.
        for first in urls {
            let connections = MediaConnections(loop: HTTPClient.defaultEventLoopGroup.next(), stallTimeout: .seconds(1),
                                               connectTimeout: .seconds(1))
            for url in [first] + urls + urls {
                #expect(connections.target(for: url) == MediaConnections.Target(url), "\(url) after \(first)")
            }
        }
        #expect(MediaConnections.Target(urls[1])?.uri == "/a%20b/c%2Fd.pdf?x=1&y=%20")
        #expect(MediaConnections.Target(urls[3])?.uri == "/?q=1")
    }
}

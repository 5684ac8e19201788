import Foundation

/// A GET request for a medium, with the headers a resume needs.
public struct TransportRequest: Sendable, Hashable {
    public var url: URL
    /// Extra headers (`Range`, `If-Range`).
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// The status and headers of a response. Header names are lower-cased.
public struct TransportResponseHead: Sendable, Hashable {
    public var status: Int
    /// The headers by lower-cased name (for a name received twice, the last value).
    public var headers: [String: String]

    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    public subscript(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The media type of a `Content-Type` value: its first non-empty part before a `;`.
    static func mediaType(of contentType: String) -> String {
        contentType.split(separator: ";").first.map(String.init) ?? contentType
    }
}

/// Where a transport delivers a response: the head first (which may be refused by throwing),
/// then the body bytes in order, with a ``checkpoint()`` after a chunk whenever
/// ``checkpointDue`` says so. Owned by one download; the transport calls one step at a time,
/// each after the last one returned, possibly from different threads.
public protocol TransportSink: AnyObject, Sendable {
    /// The status and headers, on the transport's thread (so quick); throwing refuses the
    /// response (no body is read).
    func receive(head: TransportResponseHead) throws
    /// The next bytes of the body, in order. Synchronous and quick (it runs on the transport's
    /// thread): the bytes are only valid during the call.
    func receive(bytes: UnsafeRawBufferPointer) throws
    /// Whether the sink wants a ``checkpoint()`` now; asked after each chunk, so it must be cheap.
    var checkpointDue: Bool { get }
    /// Off the byte path: the sink may look at the registry (is the item still wanted?) and
    /// report progress. Throwing stops the transfer.
    func checkpoint() async throws
}

/// How the engine talks HTTP. The default is ``HTTPTransport`` (AsyncHTTPClient); an app can plug
/// another, such as a URLSession background session that hands over the file it downloaded.
public protocol Transport: Sendable {
    /// Performs the request, delivering the head and then the body to `sink`. Throws on a network
    /// failure (the bytes delivered so far stay delivered) or when the sink refuses.
    func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws

    /// Starts a task of a download run: the run's own, and each item's (a task of its own, so
    /// that it can be cancelled alone). A transport may run them on its own threads. The default
    /// is a plain task.
    func startTask<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Task<Result, Never>
}

extension Transport {
    public func startTask<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Task<Result, Never> {
        Task { await body() }
    }
}

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
    /// The headers by name (for a name received twice, the last value).
    public var headers: [String: String] {
        get { Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }) }
        set { fields = newValue.map { Field(name: $0.key, value: $0.value) } }
    }

    /// A header as a transport read it.
    struct Field: Sendable {
        var name: String
        var value: String
    }

    /// The headers in the order received. A download looks up a few names in the few headers of
    /// a response: a scan of them, without a dictionary built for each response (building and
    /// hashing it took about 6 M of the event loop's 136 M instructions on a run of 730 small
    /// files, by `valgrind --tool=callgrind`).
    private var fields: [Field]

    public init(status: Int, headers: [String: String]) {
        self.status = status
        fields = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            .map { Field(name: $0.key, value: $0.value) }
    }

    /// Headers whose names are lower-cased already (a transport's own reading of a response), in
    /// the order received.
    init(status: Int, lowercasedFields: [Field]) {
        self.status = status
        fields = lowercasedFields
    }

    public subscript(_ name: String) -> String? {
        let name = name.lowercased()
        return fields.last { $0.name == name }?.value
    }

    public static func == (left: TransportResponseHead, right: TransportResponseHead) -> Bool {
        left.status == right.status && left.headers == right.headers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(headers)
    }

    /// The media type of a `Content-Type` value: its first non-empty part before a `;`, or the
    /// whole value when it has none. Read by UTF-8 byte, as HTTP reads it: the same as
    /// `split(separator: ";").first` except where a combining mark follows a `;` (which `split`,
    /// walking `Character`s, does not see as one), at a few hundred instructions a response
    /// instead of about 10,000.
    static func mediaType(of contentType: String) -> String {
        var rest = Substring(contentType)
        while let semicolon = rest.utf8.firstIndex(of: UInt8(ascii: ";")) {
            if semicolon != rest.startIndex { return String(rest[..<semicolon]) }
            rest = rest[rest.utf8.index(after: semicolon)...]
        }
        return rest.isEmpty ? contentType : String(rest)
    }
}

/// Where a transport delivers a response: the head first (which may be refused by throwing),
/// then the body bytes in order, with a ``checkpoint()`` after a chunk whenever
/// ``checkpointDue`` says so. Owned by one download. The transport calls it one step at a time,
/// each after the last one returned, possibly from different threads (the body from an event
/// loop, the asynchronous steps from a task).
public protocol TransportSink: AnyObject, Sendable {
    /// The status and headers; throwing refuses the response (no body is read).
    func receive(head: TransportResponseHead) async throws
    /// The head, taken on the transport's thread when the sink can do so without waiting: `true`
    /// when it did (``receive(head:)`` is then not called), `false` when it needs
    /// ``receive(head:)`` (it then took nothing). Throwing refuses the response. The default
    /// takes nothing: a transport may always call ``receive(head:)`` alone.
    func receiveWithoutWaiting(head: TransportResponseHead) throws -> Bool
    /// The next bytes of the body, in order. Synchronous and quick (it runs on the transport's
    /// thread): the bytes are only valid during the call.
    func receive(bytes: UnsafeRawBufferPointer) throws
    /// Whether the sink wants a ``checkpoint()`` now; asked after each chunk, so it must be cheap.
    var checkpointDue: Bool { get }
    /// Off the byte path: the sink may look at the registry (is the item still wanted?) and
    /// report progress. Throwing stops the transfer.
    func checkpoint() async throws
    /// The whole body has arrived (on the transport's thread, with no step running): the sink may
    /// start its closing work there and then (a small file's placement), calling `done` when it
    /// has ended, from any thread. `true` when it started some: the transport's `fetch` then
    /// returns only after `done`. The default starts nothing.
    func bodyEnded(then done: @escaping @Sendable () -> Void) -> Bool
}

extension TransportSink {
    public func receiveWithoutWaiting(head: TransportResponseHead) throws -> Bool { false }
    public func bodyEnded(then done: @escaping @Sendable () -> Void) -> Bool { false }
}

/// How the engine talks HTTP. The default is ``HTTPTransport`` (AsyncHTTPClient); an app can plug
/// another, such as a URLSession background session that hands over the file it downloaded.
public protocol Transport: Sendable {
    /// Performs the request, delivering the head and then the body to `sink`. Throws on a network
    /// failure (the bytes delivered so far stay delivered) or when the sink refuses.
    func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws
}

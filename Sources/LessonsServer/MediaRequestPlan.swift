/// What the content server does with one media request, as a ``ContentServerInterceptor`` plans
/// it. The default plan serves the current version whole or by `Range`, at once.
public struct MediaRequestPlan: Sendable, Hashable {
    /// An error status to answer with instead of the medium.
    public struct Failure: Sendable, Hashable {
        public var status: Int
        /// Sent as `Retry-After`, when given.
        public var retryAfterSeconds: Int?

        public init(status: Int, retryAfterSeconds: Int? = nil) {
            self.status = status
            self.retryAfterSeconds = retryAfterSeconds
        }
    }

    /// Where a `GET` body stops short of its `Content-Length` before the connection is closed.
    public enum Cut: Sendable, Hashable {
        /// After this many bytes of the body.
        case after(Int)
        /// This many bytes before the end of the body.
        case missing(Int)
        /// After this many bytes (0: right after the headers), go silent and keep the connection
        /// open: a stalled transfer.
        case stallAfter(Int)
    }

    /// Answer with this status (and `Retry-After`) instead of the medium.
    public var failure: Failure?
    /// Answer 200 with an HTML error page instead of the medium.
    public var servesHTMLPage = false
    /// The `Content-Type` that page is labelled with (`text/html` when `nil`): a server may call
    /// its error page `audio/mpeg`.
    public var htmlPageContentType: String?
    /// Answer 200 with `Content-Length: 0`.
    public var servesEmptyBody = false
    /// Answer 200 with the whole body, whatever `Range` says.
    public var ignoresRange = false
    /// Honour `Range` but not `If-Range` (a broken cache).
    public var ignoresIfRange = false
    /// The version of the medium to serve: each has its own bytes, `ETag` and `Last-Modified`.
    public var version = 0
    /// How long to wait before answering.
    public var delay: Duration = .zero
    /// How long to pause after each chunk of the body (a slow link).
    public var chunkPause: Duration = .zero
    /// Close the connection before the body is complete.
    public var cut: Cut?
    /// When the request accepts gzip (`Accept-Encoding`), answer 200 with the whole body
    /// gzip-encoded (`Content-Encoding: gzip`, its `Content-Length` the encoded length), as a
    /// compressing server or CDN does.
    public var gzipsWhenAccepted = false
    /// The same whatever the request accepts (a misconfigured server).
    public var gzipsAlways = false

    public init() {}
}

/// Faults a test can make the content server commit on a media path.
public enum Fault: Sendable, Hashable {
    /// Answer the first `count` requests with `status` (and `Retry-After`, when given).
    case failFirst(count: Int, status: Int, retryAfterSeconds: Int? = nil)
    /// Close the connection after `afterBytes` bytes of the body, the first `count` times.
    case resetMidBody(afterBytes: Int, count: Int)
    /// Send `missingBytes` fewer bytes than `Content-Length` and close, the first `count` times.
    case shortBody(missingBytes: Int, count: Int)
    /// Send the headers and `afterBytes` bytes of the body, then nothing (the connection stays
    /// open), the first `count` times.
    case stallMidBody(afterBytes: Int, count: Int)
    /// Answer 200 with an HTML error page, the first `count` times.
    case htmlErrorPage(count: Int)
    /// Answer 200 with an HTML error page labelled `contentType` (say `audio/mpeg`), the first `count` times.
    case htmlPageLabelled(contentType: String, count: Int)
    /// Always answer 200 with the whole body, whatever `Range` says.
    case ignoreRange
    /// Honour `Range` but ignore `If-Range` (a broken cache): a resume may get another version's bytes.
    case ignoreIfRange
    /// Answer 200 with `Content-Length: 0`, the first `count` times.
    case emptyBody(count: Int)
    /// From request number `afterRequests` on (0-based), serve a new version: new ETag, new bytes.
    case changeETag(afterRequests: Int)
    /// Wait before answering, every time.
    case delay(milliseconds: Int)
    /// Pause after every 64 KiB of body, every time: a slow link.
    case throttle(millisecondsPerChunk: Int)
    /// Answer with the whole body gzip-encoded when the request accepts gzip, every time: a
    /// compressing server or CDN.
    case gzipWhenAccepted
    /// The same whatever the request accepts, every time: a misconfigured server.
    case gzipAlways
}

import Foundation
import Hummingbird
import NIOCore
import OfflineLessons

/// The media endpoint: `GET`/`HEAD /media/<key>` with `Range` (206, 416), `If-Range`, `ETag`,
/// `Last-Modified`, `Accept-Ranges` and the medium's `Content-Type`, as the interceptor (if any) plans.
struct MediaRoutes: Sendable {
    let catalog: DemoCatalog
    let configuration: ContentServer.Configuration

    /// Bytes written per body chunk.
    static let chunkSize = 64 * 1024

    func respond(to request: Request) async -> Response {
        guard let (key, duration) = resolve(request.uri.path) else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "no such media\n")))
        }
        let plan =
            await configuration.interceptor?.planMediaRequest(
                key, method: request.method.rawValue, range: request.headers[.range], ifRange: request.headers[.ifRange]
            ) ?? MediaRequestPlan()
        if plan.delay > .zero { try? await Task.sleep(for: plan.delay) }
        if let failure = plan.failure {
            var headers: HTTPFields = [.contentType: "text/plain"]
            if let retryAfter = failure.retryAfterSeconds { headers[.retryAfter] = String(retryAfter) }
            return Response(
                status: .init(code: failure.status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "injected failure\n")))
        }
        if plan.servesHTMLPage {
            let page = "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>"
            let type = plan.htmlPageContentType ?? "text/html; charset=utf-8"
            return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        if plan.servesEmptyBody {
            return Response(status: .ok, headers: [.contentType: key.medium.contentType, .contentLength: "0"], body: .init())
        }
        let media = SyntheticMedia(
            lesson: key.lesson, medium: key.medium, duration: duration,
            scale: configuration.mediaSizeScale, version: plan.version)
        var headers: HTTPFields = [
            .contentType: key.medium.contentType, .eTag: media.etag(md5: configuration.md5ETags), .lastModified: media.lastModified,
            .acceptRanges: "bytes",
        ]
        let acceptsGzip = request.headers[.acceptEncoding]?.contains("gzip") == true
        if request.method == .get, plan.gzipsAlways || (plan.gzipsWhenAccepted && acceptsGzip) {
            let encoded = GzipStored.encode(media.bytes(0..<media.size))
            headers[.contentEncoding] = "gzip"
            headers[.contentLength] = String(encoded.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: encoded)))
        }
        var status = HTTPResponse.Status.ok
        var range = 0..<media.size
        if !plan.ignoresRange, let header = request.headers[.range], plan.ignoresIfRange || ifRangeMatches(request, media) {
            switch ByteRange.parse(header, size: media.size) {
            case .satisfiable(let requested):
                range = requested
                status = .partialContent
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(media.size)"
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(media.size)"
                headers[.contentLength] = "0"
                return Response(status: .rangeNotSatisfiable, headers: headers, body: .init())
            case .ignored:
                break
            }
        }
        headers[.contentLength] = String(range.count)
        if request.method == .head { return Response(status: status, headers: headers, body: .init()) }
        var sent = range.count
        switch plan.cut {
        case .after(let bytes): sent = min(bytes, range.count)
        case .missing(let bytes): sent = max(0, range.count - bytes)
        case .stallAfter(let bytes): sent = min(bytes, range.count)
        case nil: break
        }
        let cut = plan.cut != nil
        let stalls = if case .stallAfter = plan.cut { true } else { false }
        let pause = plan.chunkPause
        let body = ResponseBody(contentLength: range.count) { [range, sent] writer in
            var offset = range.lowerBound
            let end = range.lowerBound + sent
            while offset < end {
                let next = min(end, offset + Self.chunkSize)
                try await writer.write(ByteBuffer(bytes: media.bytes(offset..<next)))
                offset = next
                if pause > .zero { try await Task.sleep(for: pause) }
            }
            if stalls { try? await Task.sleep(for: .seconds(3600)) }  // until the client gives up (or the server stops)
            if cut { throw PlannedDisconnect() }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// `If-Range` absent, or naming the current ETag or Last-Modified.
    func ifRangeMatches(_ request: Request, _ media: SyntheticMedia) -> Bool {
        guard let ifRange = request.headers[.ifRange] else { return true }
        return ifRange == media.etag(md5: configuration.md5ETags) || ifRange == media.lastModified
    }

    /// The media key and lesson duration a path names, when its key is exactly the lesson's.
    func resolve(_ path: String) -> (MediaKey, Int)? {
        guard path.hasPrefix("/media/"), let key = String(path.dropFirst(7)).removingPercentEncoding else { return nil }
        let parts = key.split(separator: "/", maxSplits: 3)
        guard parts.count == 4, let type = LessonType(rawValue: String(parts[0])), let id = Int(parts[1]),
            let medium = MediaKind(rawValue: String(parts[2])), let lesson = catalog.lesson(LessonID(type, id)),
            lesson.key(for: medium) == key
        else { return nil }
        return (MediaKey(LessonID(type, id), medium), lesson.lesson.duration)
    }
}

/// Ends a response body early, as its plan's ``MediaRequestPlan/Cut`` says: the connection closes.
struct PlannedDisconnect: Error {}

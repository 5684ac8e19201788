import Foundation
import Hummingbird
import OfflineLessons

/// `GET /media/<type>/<id>/<medium>`: a complete file of the library, with `Range` (206, 416),
/// so players can seek. The path names a registry item, never a file path: what is served is
/// always ``LessonLibrary/fileURL(for:)`` of that item, inside the library root, and only when
/// the registry says it is complete.
struct MediaFileRoutes: Sendable {
    let library: LessonLibrary
    let fileIO = FileIO()

    func register(on router: Router<BasicRequestContext>) {
        router.get("/media/:type/:id/:medium") { request, context in
            do {
                return try await respond(request, context)
            } catch {
                let failure = RouteFailure(classifying: error)
                return Response(
                    status: failure.status, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: failure.message(RequestInput.language(request)) + "\n")))
            }
        }
    }

    /// The medium's type; `audio/wav` for an audio file that is a WAV (the demo server's), which a
    /// browser that trusts the type over the bytes would not play as `audio/mpeg`.
    static func contentType(_ medium: MediaKind, at url: URL) -> String {
        guard medium == .audio, let file = try? FileHandle(forReadingFrom: url) else { return medium.contentType }
        defer { try? file.close() }
        let head = (try? file.read(upToCount: 12)).map { [UInt8]($0) } ?? []
        let isWAV = head.count == 12 && head.prefix(4).elementsEqual("RIFF".utf8) && head.suffix(4).elementsEqual("WAVE".utf8)
        return isWAV ? "audio/wav" : medium.contentType
    }

    func respond(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let type = try RequestInput.lessonType(context.parameters.get("type"))
        let id = try RequestInput.number(context.parameters.get("id"), "id")
        guard let medium = try RequestInput.medium(context.parameters.get("medium")) else {
            throw RouteFailure(.badRequest, Message(.screenNoMedium))
        }
        let key = MediaKey(LessonID(type, id), medium)
        let url = library.fileURL(for: key).standardizedFileURL
        let root = library.root.standardizedFileURL.path
        guard url.path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw RouteFailure(.forbidden, Message(.screenMediaOutside))
        }
        let transfers = try await library.transfers(also: [key])
        guard transfers.first(where: { $0.key == key })?.state == .complete,
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber
        else {
            throw RouteFailure(.notFound, Message(.screenNotDownloaded, .text("\(key)")))
        }
        let total = size.intValue
        var headers: HTTPFields = [.contentType: Self.contentType(medium, at: url), .acceptRanges: "bytes", .cacheControl: "no-store"]
        guard let header = request.headers[.range] else {
            headers[.contentLength] = String(total)
            return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: url.path, context: context))
        }
        switch ByteRange.parse(header, size: total) {
        case .satisfiable(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(total)"
            headers[.contentLength] = String(range.count)
            let body = try await fileIO.loadFile(path: url.path, range: range.lowerBound...(range.upperBound - 1), context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(total)"
            return Response(status: .rangeNotSatisfiable, headers: headers, body: .init())
        case .ignored:
            headers[.contentLength] = String(total)
            return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: url.path, context: context))
        }
    }
}

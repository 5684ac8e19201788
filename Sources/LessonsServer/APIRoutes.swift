import Foundation
import Hummingbird
import NIOCore
import OfflineLessons

/// The JSON API: the Shas tree and lesson listings inside the legacy envelope.
struct APIRoutes: Sendable {
    let catalog: DemoCatalog
    let configuration: ContentServer.Configuration

    func shas() -> Response {
        json(status: .ok, APIEnvelope(success: true, data: SederPayload(seder: catalog.shas.sedarim), errors: []))
    }

    func gemara(_ request: Request, masechet: Int) -> Response {
        if let refusal = checkToken(request) { return refusal }
        guard let lessons = catalog.gemaraLessons(masechetId: masechet) else {
            return failure(.notFound, field: "masechet", "No masechet with id \(masechet).")
        }
        let base = mediaBase(of: request)
        return json(
            status: .ok, APIEnvelope(success: true, data: PagesPayload(pages: lessons.map { $0.apiLesson(mediaBase: base) }), errors: []))
    }

    func mishna(_ request: Request, masechet: Int, chapter: Int) -> Response {
        if let refusal = checkToken(request) { return refusal }
        guard let lessons = catalog.mishnaLessons(masechetId: masechet, chapter: chapter) else {
            return failure(.notFound, field: "chapter", "No chapter \(chapter) in masechet \(masechet).")
        }
        let base = mediaBase(of: request)
        return json(
            status: .ok,
            APIEnvelope(success: true, data: MishnayotPayload(mishnayot: lessons.map { $0.apiLesson(mediaBase: base) }), errors: []))
    }

    /// `nil` when the token is acceptable; otherwise the legacy refusal.
    func checkToken(_ request: Request) -> Response? {
        let header = request.headers[.authorization] ?? ""
        let token = header.hasPrefix("token ") ? String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces) : ""
        let accepted = configuration.token.map { token == $0 } ?? !token.isEmpty
        return accepted ? nil : failure(.unauthorized, field: "token", "Invalid token.")
    }

    func mediaBase(of request: Request) -> URL {
        let authority = request.head.authority ?? "\(configuration.host):\(configuration.port)"
        return URL(string: "http://\(authority)/media/") ?? URL(fileURLWithPath: "/")
    }

    func failure(_ status: HTTPResponse.Status, field: String, _ message: String) -> Response {
        json(status: status, APIEnvelope(success: false, data: EmptyPayload(), errors: [APIErrorBody(field: field, message: message)]))
    }

    func json(status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

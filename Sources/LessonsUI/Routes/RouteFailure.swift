import Foundation
import Hummingbird
import OfflineLessons

/// A request the app cannot answer, with the status and the sentence the user sees, said in the
/// request's language when it is shown.
struct RouteFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var words: Message
    /// Where to go instead, when there is a page that has what was asked: its path and name.
    var instead: (path: String, name: Message)?

    init(_ status: HTTPResponse.Status, _ words: Message, instead: (path: String, name: Message)? = nil) {
        self.status = status
        self.words = words
        self.instead = instead
    }

    /// Any error of a route as a status and a sentence of the catalog: bad input is 4xx, a
    /// library or server that cannot be used is 409/503, anything else 500. Never a crash.
    init(classifying error: any Error) {
        switch error {
        case let failure as RouteFailure: self = failure
        case let error as SelectorError: self.init(.badRequest, error.words)
        case let error as CatalogError: self.init(.serviceUnavailable, error.words)
        case let error as LibraryError:
            switch error {
            case .readOnly: self.init(.conflict, error.words)
            case .invalidQuota: self.init(.badRequest, error.words)
            default: self.init(.serviceUnavailable, error.words)
            }
        case let error as MediaLinkError: self.init(.badGateway, error.words)
        case let error as PlanError: self.init(.badRequest, error.words)
        case let error as FileError: self.init(.serviceUnavailable, error.words)
        default: self.init(.internalServerError, .verbatim(String(describing: error)))
        }
    }

    /// The sentence in `language`.
    func message(_ language: UserLanguage) -> String { words.text(language) }
}

/// Reading a request's parts, with a 400 for anything malformed.
enum RequestInput {
    static func lessonType(_ text: String?) throws -> LessonType {
        guard let text, let type = LessonType(rawValue: text) else {
            throw RouteFailure(.badRequest, Message(.screenBadLessonType, given(text)))
        }
        return type
    }

    /// What the request gave, for a failure's sentence: the text, or "nothing".
    static func given(_ text: String?) -> Message.Argument { text.map { .text($0) } ?? .word(.screenNothing) }

    static func number(_ text: String?, _ name: Message.Argument) throws -> Int {
        guard let text, let value = Int(text), value >= 0, value < 1_000_000 else {
            throw RouteFailure(.badRequest, Message(.screenNotANumber, name, given(text)))
        }
        return value
    }

    /// A quota in megabytes (at least 1), or none when absent or empty.
    static func quota(_ text: String?) throws -> Int? {
        guard let text, !text.isEmpty else { return nil }
        let megabytes = try number(text, .word(.screenTheQuota))
        guard megabytes > 0 else { throw RouteFailure(.badRequest, Message(.screenQuotaTooSmall)) }
        return megabytes
    }

    /// `gemara/5`.
    static func lesson(_ text: String?) throws -> LessonID {
        guard let text, case .lesson(let id)? = try? LessonSelector(parsing: text) else {
            throw RouteFailure(.badRequest, Message(.screenBadLesson, given(text)))
        }
        return id
    }

    /// `gemara/5/audio`.
    /// A refusal quotes the whole item, not only its lesson.
    static func item(_ text: String?) throws -> MediaKey {
        guard let text, let slash = text.lastIndex(of: "/"), let medium = MediaKind(rawValue: String(text[text.index(after: slash)...])),
            let lesson = try? lesson(String(text[..<slash]))
        else {
            throw RouteFailure(.badRequest, Message(.screenBadItem, given(text)))
        }
        return MediaKey(lesson, medium)
    }

    /// The items an action names: one or more (`key=gemara/5/audio&key=gemara/5/text`), or those
    /// of a lesson in the queue (`lesson=gemara/5`), with their name in the request's language
    /// ("Berakhot 6 audio, PDF").
    static func items(_ request: Request, in library: LessonLibrary) async throws -> (what: String, keys: [MediaKey]) {
        let names = try await library.lessonNames()
        guard let text = request.uri.queryParameters.get("lesson") else {
            let given = request.uri.queryParameters.getAll("key")
            let keys = try given.isEmpty ? [item(nil)] : given.map { try item($0) }
            let l = language(request)
            let lessons = Set(keys.map { $0.lesson })
            guard lessons.count == 1, let lesson = lessons.first, keys.count > 1 else {
                return (keys.map { names.name($0, l) }.joined(separator: ", "), keys)
            }
            return ("\(names.name(lesson)) \(keys.map { $0.medium.name(l) }.joined(separator: ", "))", keys)
        }
        let id = try lesson(text)
        return (names.name(id), try await library.queue().map(\.key).filter { $0.lesson == id })
    }

    static func medium(_ text: String?) throws -> MediaKind? {
        guard let text else { return nil }
        guard let medium = MediaKind(rawValue: text) else {
            throw RouteFailure(.badRequest, Message(.screenBadMedium, .text(text)))
        }
        return medium
    }

    /// The language of the page: the switch's cookie, else `Accept-Language`.
    static func language(_ request: Request) -> UserLanguage {
        if let chosen = request.cookies[languageCookie]?.value, let language = UserLanguage(rawValue: chosen) { return language }
        return UserLanguage(acceptLanguage: request.headers[.acceptLanguage])
    }

    static let languageCookie = "lessons-lang"
}

extension Response {
    static func html(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: page.markup)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONEncoder.plain.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}

extension RouteFailure: HTTPResponseError {
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: message(RequestInput.language(request)) + "\n")))
    }
}

extension JSONEncoder {
    /// JSON as the pages read it (`gemara/1/audio`, not `gemara\\/1\\/audio`).
    static var plain: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }
}

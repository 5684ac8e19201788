import Foundation
import Hummingbird
import OfflineLessons

/// Keeps every other site out, before any route runs:
///
/// - the `Host` header must name this machine's loopback (or the host the app was told to
///   listen on; listening on every address, `0.0.0.0` or `::`, one of the machine's own
///   addresses or its host name, ``MachineNames``), so a DNS-rebinding page cannot talk to the
///   app under its own name;
/// - an `Origin` header, when sent, must be the app's own;
/// - pages and media need the token: the printed URL carries it once (`?token=`), the app
///   answers with a same-site cookie and a redirect to the clean address;
/// - a request that changes state (`POST`) needs the token in the `X-Lessons-Token` header,
///   which only the app's own pages can read: a cookie alone is not enough.
///
/// Static assets (`/static/`, the icon `/favicon.ico`) are served to any request that passes the
/// `Host` check.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    let token: AccessToken
    /// Host names accepted in `Host` (lowercase, without port).
    let hostNames: Set<String>

    init(token: AccessToken, listeningHost: String) {
        self.token = token
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]", Self.bracketed(listeningHost.lowercased())]
        if MachineNames.isWildcard(listeningHost) { names.formUnion(MachineNames.all()) }
        hostNames = names
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, let name = Self.hostName(host), hostNames.contains(name) else {
            return Self.refusal(.misdirectedRequest, Message(.screenWrongHost), request)
        }
        if let origin = request.headers[.origin], origin.lowercased() != "http://\(host.lowercased())" {
            return Self.refusal(.forbidden, Message(.screenOtherSite, .text(origin)), request)
        }
        let path = request.uri.path
        if path.hasPrefix("/static/") || path == "/favicon.ico" { return try await next(request, context) }
        let cookieName = Self.cookieName(host)
        if request.method == .get, let given = request.uri.queryParameters["token"].map(String.init) {
            guard token.matches(given) else { return Self.refusal(.forbidden, Message(.screenWrongToken), request) }
            var response = Response(status: .seeOther, headers: [.location: Self.pathWithoutToken(request)])
            // Kept for 400 days (browsers' cap), so a bookmark or a phone's home-screen link still
            // opens the app after the browser restarts.
            response.headers[.setCookie] = "\(cookieName)=\(token.value); Path=/; Max-Age=34560000; HttpOnly; SameSite=Strict"
            return response
        }
        if request.method == .get || request.method == .head {
            let header = AccessRules.tokenHeader(of: request)
            guard token.matches(request.cookies[cookieName]?.value) || token.matches(header) else {
                return Self.refusal(.forbidden, Message(.screenWrongToken), request)
            }
            return try await next(request, context)
        }
        guard token.matches(AccessRules.tokenHeader(of: request)) else {
            return Self.refusal(.forbidden, Message(.screenNeedsTokenHeader), request)
        }
        return try await next(request, context)
    }

    /// A refusal, its sentence in the request's language.
    static func refusal(_ status: HTTPResponse.Status, _ words: Message, _ request: Request) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: words.text(RequestInput.language(request)) + "\n")))
    }

    /// `127.0.0.1` of `127.0.0.1:8080`, `[::1]` of `[::1]:8080`, lowercased.
    static func hostName(_ host: String) -> String? {
        let value = host.lowercased()
        if value.hasPrefix("[") {
            guard let end = value.firstIndex(of: "]") else { return nil }
            return String(value[...end])
        }
        return value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// One cookie per port, so two apps on one machine keep their own tokens.
    static func cookieName(_ host: String) -> String {
        let port = host.split(separator: ":").last.map(String.init)?.filter(\.isNumber) ?? ""
        return "lessons-token-\(port.isEmpty ? "80" : port)"
    }

    /// The request's path and query, less its `token` parameter.
    static func pathWithoutToken(_ request: Request) -> String {
        let rest = request.uri.queryParameters.filter { $0.key != "token" }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        // Never `//host`: the redirect stays on this app.
        let path = request.uri.path.hasPrefix("/") && !request.uri.path.hasPrefix("//") ? request.uri.path : "/"
        return rest.isEmpty ? path : path + "?" + rest.joined(separator: "&")
    }
}

/// The rules' constants (a generic type cannot hold stored statics).
enum AccessRules {
    /// The `X-Lessons-Token` header's value.
    static func tokenHeader(of request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == "x-lessons-token" }?.value
    }
}

import Foundation

/// Why the catalog could not be fetched or used. Descriptions say what happened and what to do;
/// they never contain the token.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered `"Invalid token."`.
    case invalidToken
    /// The server answered with a non-2xx status.
    case httpStatus(Int, path: String)
    /// The body was not the JSON envelope expected.
    case malformedResponse(path: String, reason: String)
    /// The envelope said `success: false`.
    case serverRefused(path: String, messages: [String])
    /// The Shas the server sent has no masechtot; the cached copy, if any, is kept.
    case emptyShas
    /// The server could not be reached or did not answer in time.
    case unreachable(path: String, cause: NetworkError)
    /// The server URL is unusable.
    case invalidServerURL(String)
    /// The catalog is not cached and no server is configured to fetch it.
    case notCached(String)

    public var description: String {
        switch self {
        case .invalidToken:
            "the server rejected the token (\"Invalid token.\"); a valid API token is needed"
        case .httpStatus(let status, let path):
            "the server answered HTTP \(status) for \(path)"
        case .malformedResponse(let path, let reason):
            "the server's answer for \(path) is not the expected JSON: \(reason)"
        case .serverRefused(let path, let messages):
            "the server refused \(path): \(messages.isEmpty ? "no reason given" : messages.joined(separator: "; "))"
        case .emptyShas:
            "the server sent an empty Shas (no masechtot); the cached catalog was kept"
        case .unreachable(let path, let cause):
            "could not reach the server for \(path): \(cause); check the server address"
        case .invalidServerURL(let url):
            "'\(url)' is not a usable server URL: give an http(s) URL such as http://127.0.0.1:8080/api/"
        case .notCached(let what):
            "\(what) is not cached and no server is configured to fetch it"
        }
    }
}

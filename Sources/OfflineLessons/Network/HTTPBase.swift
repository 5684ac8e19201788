import Foundation

/// The checks and joins made on the base URLs the library talks to (the API base, the media base).
enum HTTPBase {
    /// `text` as an http(s) URL with a host, or `nil`.
    static func validated(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// `base` + `path`, with exactly one `/` between them (`path` is already percent-encoded).
    static func join(_ base: URL, _ path: String) -> String {
        var text = base.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        return text + path.drop { $0 == "/" }
    }

    /// The origin of `url` + `path` (`http://host:port/media/` for an API base and `/media/`).
    static func origin(of url: URL, path: String) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.path = path
        components.query = nil
        components.fragment = nil
        return components.url
    }
}

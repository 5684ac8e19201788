import Foundation

/// Turns a lesson's media links into URLs: audio and PDF keys are S3 keys appended,
/// percent-encoded, to the media base URL; video is an absolute URL used as given.
public struct MediaLocator: Sendable, Hashable {
    public var mediaBase: URL

    public init(mediaBase: URL) { self.mediaBase = mediaBase }

    /// The URL of `medium` of `lesson`, or `nil` when the lesson has no such medium.
    /// Throws ``MediaLinkError`` when the link is present but unusable.
    public func url(for medium: MediaKind, of lesson: Lesson) throws -> URL? {
        guard let link = lesson.link(for: medium) else { return nil }
        switch medium {
        case .video:
            guard let url = URL(string: link), let scheme = url.scheme?.lowercased() else {
                throw MediaLinkError.malformedURL(link)
            }
            guard scheme == "http" || scheme == "https", url.host != nil else {
                throw MediaLinkError.unsupportedScheme(link)
            }
            return url
        case .audio, .text:
            return try url(forKey: link)
        }
    }

    /// The URL of an S3 key under the media base.
    public func url(forKey key: String) throws -> URL {
        let trimmed = key.drop { $0 == "/" }
        guard !trimmed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MediaLinkError.malformedURL(key)
        }
        guard let encoded = String(trimmed).addingPercentEncoding(withAllowedCharacters: Self.keyCharacters) else {
            throw MediaLinkError.malformedURL(key)
        }
        var base = mediaBase.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        guard let url = URL(string: base + encoded) else { throw MediaLinkError.malformedURL(key) }
        return url
    }

    /// RFC 3986 unreserved characters plus `/`, which separates key segments.
    static let keyCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")

    /// Checks that a base URL is http(s) with a host.
    public static func validatedBase(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}

/// A lesson's media link that cannot be used.
public enum MediaLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedURL(String)
    case unsupportedScheme(String)

    public var description: String {
        switch self {
        case .malformedURL(let link): "the media link '\(link)' is not a valid URL"
        case .unsupportedScheme(let link): "the media link '\(link)' is not http or https; it is not fetched"
        }
    }
}

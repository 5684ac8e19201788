import Foundation

/// Turns a lesson's media links into URLs: audio and PDF keys are S3 keys appended,
/// percent-encoded, to the media base URL; video is an absolute URL used as given.
///
/// The registry stores links, not URLs, and resolves them when fetching: a lesson imported
/// without a media base registers all the same, and a changed media base takes effect.
package struct MediaLocator: Sendable, Hashable {
    /// `nil` when none is known: video links still resolve, audio and PDF keys do not.
    package var mediaBase: URL?

    package init(mediaBase: URL?) { self.mediaBase = mediaBase }

    /// The URL of `medium` of `lesson`, or `nil` when the lesson has no such medium.
    /// Throws ``MediaLinkError`` when the link is present but unusable.
    package func url(for medium: MediaKind, of lesson: Lesson) throws -> URL? {
        guard let link = lesson.link(for: medium) else { return nil }
        return try url(for: medium, link: link)
    }

    /// The URL of a medium's link as the server gave it.
    package func url(for medium: MediaKind, link: String) throws -> URL {
        switch medium {
        case .video: return try Self.videoURL(link)
        case .audio, .text: return try url(forKey: link, of: medium)
        }
    }

    /// A video link: an absolute http(s) URL, used as given.
    package static func videoURL(_ link: String) throws -> URL {
        guard let url = URL(string: link), url.scheme != nil else { throw MediaLinkError.malformedURL(link) }
        guard HTTPBase.validated(link) != nil else { throw MediaLinkError.unsupportedScheme(link) }
        return url
    }

    /// The URL of an S3 key under the media base. A key with a `.` or `..` segment would leave
    /// the media base on a server that normalises paths (`../../etc/passwd`), or name the base
    /// itself (`.`): it is refused.
    package func url(forKey key: String, of medium: MediaKind = .audio) throws -> URL {
        guard let mediaBase else { throw MediaLinkError.noMediaBase(medium) }
        let trimmed = key.drop { $0 == "/" }
        if Self.hasDotSegment(trimmed) {
            throw MediaLinkError.outsideMediaBase(key)
        }
        guard !Lesson.isBlank(trimmed),
            let url = URL(string: HTTPBase.join(mediaBase, Self.percentEncoded(trimmed)))
        else { throw MediaLinkError.malformedURL(key) }
        return url
    }

    /// Whether a segment of `key` (between its `/`s) is `.` or `..`. Split by bytes, as a server
    /// splits a path: a combining mark after a `/` makes one Character of the two.
    static func hasDotSegment(_ key: Substring) -> Bool {
        key.utf8.split(separator: UInt8(ascii: "/")).contains { $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) }
    }

    /// RFC 3986's unreserved characters, and `/` (which separates key segments).
    private static let keyCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")

    /// Each UTF-8 byte of `key` outside ``keyCharacters`` as `%XX`, upper-case hex.
    static func percentEncoded(_ key: Substring) -> String {
        String(key).addingPercentEncoding(withAllowedCharacters: keyCharacters) ?? String(key)
    }
}

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

    /// Whether a segment of `key` (between its `/`s) is `.` or `..`: one pass over the bytes, no
    /// array of segments (a run of 730 files split each key).
    static func hasDotSegment(_ key: Substring) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            var length = 0, dots = 0  // of the segment read so far
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if length > 0, length == dots, dots <= 2 { return true }
                    (length, dots) = (0, 0)
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return length > 0 && length == dots && dots <= 2
        }
    }

    /// Each UTF-8 byte of `key` outside RFC 3986's unreserved characters and `/` (which
    /// separates key segments) as `%XX`, upper-case hex: one pass over the bytes, written
    /// straight into the string's storage (with an array appended to, 5,500 instructions a key
    /// of a run of small files, before its first request).
    static func percentEncoded(_ key: Substring) -> String {
        var key = key
        return key.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 3) { output in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                        output[count] = byte
                        count += 1
                    default:
                        output[count] = UInt8(ascii: "%")
                        output[count + 1] = hexDigit(byte >> 4)
                        output[count + 2] = hexDigit(byte & 0x0F)
                        count += 3
                    }
                }
                return count
            }
        }
    }

    /// An upper-case hex digit for a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}

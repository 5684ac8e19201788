import Foundation
import LessonsServer
import Testing

@testable import OfflineLessons

/// `MediaLocator`: S3 keys percent-encoded under the media base, video URLs as given, only http(s).
@Suite("Media locator")
struct MediaLocatorTests {
    static let base = URL(string: "https://media.example.org/bucket/")!
    static let locator = MediaLocator(mediaBase: base)

    @Test(
        "keys are percent-encoded per RFC 3986, keeping / between segments",
        arguments: [
            ("plain/key-1_a.b~c.mp3", "plain/key-1_a.b~c.mp3"),
            ("Berakhot 2.mp3", "Berakhot%202.mp3"),
            ("ברכות.pdf", "%D7%91%D7%A8%D7%9B%D7%95%D7%AA.pdf"),
            ("A+B.mp3", "A%2BB.mp3"),
            ("#1.mp3", "%231.mp3"),
            ("what?.mp3", "what%3F.mp3"),
            ("100%.mp3", "100%25.mp3"),
            ("already%20encoded.mp3", "already%2520encoded.mp3"),
            ("gemara/1/audio/Berakhot 2 100% A+B #1?.mp3", "gemara/1/audio/Berakhot%202%20100%25%20A%2BB%20%231%3F.mp3"),
            ("/leading/slash.mp3", "leading/slash.mp3"),
            ("a&b=c;d:e@f.mp3", "a%26b%3Dc%3Bd%3Ae%40f.mp3"),
        ])
    func keyEncoding(_ key: String, _ encoded: String) throws {
        let url = try Self.locator.url(forKey: key)
        #expect(url.absoluteString == "https://media.example.org/bucket/" + encoded)
        // Decoding the path gives the key back: the encoding is lossless.
        #expect(
            url.absoluteString.dropFirst(Self.base.absoluteString.count).removingPercentEncoding
                == String(key.drop { $0 == "/" }))
        #expect(url.query == nil)
        #expect(url.fragment == nil)
    }

    @Test("a key's encoding keeps RFC 3986's unreserved characters and /, and writes every other UTF-8 byte as %XX")
    func keyEncoding() {
        let cases = [
            ("", ""), ("a", "a"), ("%", "%25"), ("~/-._", "~/-._"), ("a b?c#d", "a%20b%3Fc%23d"), ("é", "%C3%A9"),
            ("דף/ב.pdf", "%D7%93%D7%A3/%D7%91.pdf"), ("\t\"<>\\", "%09%22%3C%3E%5C"),
        ]
        for (key, encoded) in cases {
            #expect(MediaLocator.percentEncoded(Substring(key)) == encoded, "\(key)")
        }
    }

    @Test("a base without a trailing slash still gets one")
    func baseWithoutSlash() throws {
        let locator = MediaLocator(mediaBase: URL(string: "http://127.0.0.1:8080/media")!)
        #expect(try locator.url(forKey: "a b.mp3").absoluteString == "http://127.0.0.1:8080/media/a%20b.mp3")
    }

    @Test("audio and PDF are keys under the base; video is used as given")
    func perMedium() throws {
        let video = "https://cdn.example.org/v/247.mp4?token=a%2Bb&x=1#t=10"
        let lesson = Lesson(
            id: 247, chapter: 1, duration: 60, pageNumber: 2,
            audio: "gemara/247/audio/Berakhot 12.mp3", page: "gemara/247/text/ברכות 12.pdf", video: video)
        #expect(
            try Self.locator.url(for: .audio, of: lesson)?.absoluteString
                == "https://media.example.org/bucket/gemara/247/audio/Berakhot%2012.mp3")
        #expect(
            try Self.locator.url(for: .text, of: lesson)?.absoluteString
                == "https://media.example.org/bucket/gemara/247/text/%D7%91%D7%A8%D7%9B%D7%95%D7%AA%2012.pdf")
        #expect(try Self.locator.url(for: .video, of: lesson)?.absoluteString == video)
    }

    @Test("an absent, empty or blank link has no URL", arguments: [String?.none, "", "   "])
    func absentLink(_ link: String?) throws {
        let lesson = Lesson(id: 1, chapter: 1, duration: 60, mishna: 1, audio: link, page: link, video: link)
        for medium in MediaKind.allCases {
            #expect(try Self.locator.url(for: medium, of: lesson) == nil)
        }
        #expect(lesson.availableMedia.isEmpty)
    }

    @Test(
        "a key that is only slashes or line breaks is no key (legacy B9)",
        arguments: ["/", "///", "\n", " \t\n"])
    func blankKey(_ key: String) throws {
        let lesson = Lesson(id: 1, chapter: 1, duration: 60, mishna: 1, audio: key, page: key)
        for medium in [MediaKind.audio, .text] {
            // Either no medium, or an error: never the bare media base.
            let url = try? Self.locator.url(for: medium, of: lesson)
            #expect(url == nil, "\(medium) of key \(key.debugDescription) gave \(String(describing: url))")
        }
    }

    @Test(
        "a dot segment hidden by a combining mark after its slash is still refused (the server splits at the byte)",
        arguments: ["../\u{32F}etc/passwd", "media/../\u{301}../secret"])
    func dotSegmentBehindACombiningMark(_ key: String) {
        #expect(throws: MediaLinkError.outsideMediaBase(key)) { try Self.locator.url(forKey: key) }
    }

    @Test(
        "video links that are not http(s) are rejected",
        arguments: [
            "ftp://example.org/v.mp4", "javascript:alert(1)", "file:///etc/passwd", "data:video/mp4;base64,AAAA",
            "mailto:someone@example.org", "https:///no-host.mp4",
        ])
    func unsupportedVideo(_ link: String) {
        let lesson = Lesson(id: 1, chapter: 1, duration: 60, mishna: 1, video: link)
        #expect(throws: MediaLinkError.unsupportedScheme(link)) { try Self.locator.url(for: .video, of: lesson) }
    }

    @Test("a video link that is not a URL at all is rejected", arguments: ["videos/247.mp4", "not a url"])
    func relativeVideo(_ link: String) {
        let lesson = Lesson(id: 1, chapter: 1, duration: 60, mishna: 1, video: link)
        #expect(throws: MediaLinkError.self) { try Self.locator.url(for: .video, of: lesson) }
    }

    @Test(
        "http and https video links are accepted, in any case",
        arguments: [
            "http://example.org/v.mp4", "https://example.org/v.mp4", "HTTPS://example.org/V.mp4",
        ])
    func acceptedVideo(_ link: String) throws {
        let lesson = Lesson(id: 1, chapter: 1, duration: 60, mishna: 1, video: link)
        #expect(try Self.locator.url(for: .video, of: lesson) == URL(string: link))
    }

    @Test("only http(s) bases with a host are valid media bases")
    func validatedBase() {
        #expect(HTTPBase.validated("http://127.0.0.1:8080/media/") != nil)
        #expect(HTTPBase.validated("https://bucket.s3.amazonaws.com/") != nil)
        for bad in ["ftp://example.org/", "file:///tmp/", "javascript:alert(1)", "/media/", "", "http://"] {
            #expect(HTTPBase.validated(bad) == nil, "\(bad)")
        }
    }

    // MARK: End to end

    @Test("tricky keys: the locator's URL fetches the audio; a naive URL does not")
    func trickyKeysEndToEnd() async throws {
        try await withServer(trickyKeys: true) { running in
            let lessons = try await apiLessons(running, type: .gemara, masechet: 1)
            let lesson = try #require(lessons.first)
            let key = try #require(lesson.audio)
            #expect(key.contains(" 100% A+B #1?"))
            #expect(lessons.allSatisfy { $0.audio?.contains(" 100% A+B #1?") == true })

            let locator = MediaLocator(mediaBase: running.mediaBase)
            let url = try #require(try locator.url(for: .audio, of: lesson))
            let expected = SyntheticMedia(lesson: LessonID(.gemara, lesson.id), medium: .audio, duration: lesson.duration, scale: 0.001)
            let response = try await HTTP.fetch(url.absoluteString)
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == String(expected.size))
            #expect(response.body == expected.allBytes)

            // The PDF key is Hebrew plus the tricky suffix.
            if let pdf = try locator.url(for: .text, of: lesson) {
                let text = try await HTTP.fetch(pdf.absoluteString, method: .HEAD)
                #expect(text.status == 200)
                #expect(text.header("Content-Type") == "application/pdf")
            }

            // The naive URL: the key glued on unencoded. `#` starts a fragment, `%` is a broken escape.
            let naive = running.mediaBase.absoluteString + key
            if URL(string: naive) != nil {
                let answer = try await HTTP.fetch(naive)
                #expect(answer.status == 404)
            } else {
                await #expect(throws: (any Error).self) { try await HTTP.fetch(naive) }
            }
        }
    }

    @Test("tricky keys: every medium of several lessons is reachable through the locator")
    func trickyKeysAllMedia() async throws {
        try await withServer(trickyKeys: true) { running in
            let locator = MediaLocator(mediaBase: running.mediaBase)
            var checked = 0
            for lesson in try await apiLessons(running, type: .mishna, masechet: 1, chapter: 2) {
                for medium in lesson.availableMedia {
                    let url = try #require(try locator.url(for: medium, of: lesson))
                    let head = try await HTTP.fetch(url.absoluteString, method: .HEAD)
                    #expect(head.status == 200, "\(medium) of mishna/\(lesson.id): \(url)")
                    #expect(head.header("Content-Type") == medium.contentType)
                    checked += 1
                }
            }
            #expect(checked >= 16)
        }
    }
}

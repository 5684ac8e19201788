import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// Links that do not name the lesson's media: never fetched, each a named
/// failure of its own medium, and the lesson's other media still come.
@Suite("Bad media links")
struct BadLinkTests {
    @Test(
        "a key with . or .. segments never leaves the media base",
        arguments: [
            "../../../etc/passwd", "media/../../../../etc/passwd.mp3", ".", "./", "a/./b.mp3", "a/..", "/../x", "a//../b", "a/.",
        ])
    func dotSegmentsRefused(_ key: String) throws {
        let locator = MediaLocator(mediaBase: try #require(URL(string: "http://127.0.0.1:8080/media/")))
        #expect(throws: MediaLinkError.outsideMediaBase(key)) { try locator.url(forKey: key) }
    }

    @Test("dots inside a name are fine")
    func dotsInNames() throws {
        let locator = MediaLocator(mediaBase: try #require(URL(string: "http://127.0.0.1:8080/media/")))
        #expect(try locator.url(forKey: "a..b/c.d.mp3").absoluteString == "http://127.0.0.1:8080/media/a..b/c.d.mp3")
        for key in ["...", ".../x", ".hidden/a.mp3", "a/..b", "a/b..", "a/.../b", "a//b.mp3"] {
            #expect(try locator.url(forKey: key).absoluteString == "http://127.0.0.1:8080/media/\(key)")
        }
    }

    @Test("bad links fail their own medium, named; the lesson's other media come (exit-1 material, not 'unavailable')")
    func badLinksFailTheirMediumOnly() async throws {
        try await DownloadFixture.run { fixture in
            var lessons = try await apiLessons(fixture.running, type: .gemara)
            lessons[0].video = "file:///etc/passwd"
            lessons[1].audio = "../../../etc/passwd"
            lessons[2].audio = "."
            lessons[3].video = "javascript:alert(1)"
            let page = try JSONEncoder().encode(Array(lessons.prefix(4)))
            let body = #"{"success":true,"errors":[],"data":{"pages":"# + String(decoding: page, as: UTF8.self) + "}}"
            await fixture.faults.replaceAPIResponse(at: "gemara/masechet/1/", body: body)
            let library = try await fixture.library()
            let placed = try await fixture.lessons("gemara:berakhot:2-5", in: library)
            let (events, summary) = await collect(try await library.download(placed, media: .both))
            let failed = Dictionary(uniqueKeysWithValues: (summary?.failed ?? []).map { (MediaKey($0.lesson, $0.medium), $0.reason) })
            let expected: [MediaKey: String] = [
                MediaKey(placed[0].id, .video): "not http or https", MediaKey(placed[1].id, .audio): "outside the media base",
                MediaKey(placed[2].id, .audio): "outside the media base", MediaKey(placed[3].id, .video): "not http or https",
            ]
            #expect(Set(failed.keys) == Set(expected.keys), "\(failed)")
            for (key, words) in expected {
                #expect(failed[key]?.contains(words) == true, "\(key): \(failed[key] ?? "no failure")")
                #expect(events.contains(.failed(key, reason: failed[key] ?? "")), "\(key) is reported as it fails")
                #expect(try await library.database.mediaItem(key) == nil, "\(key) is never registered, never fetched")
            }
            #expect(summary?.unavailable.isEmpty == true)
            // The other media of each lesson came, the PDF included.
            for lesson in placed {
                for medium in MediaKind.allCases
                where lesson.lesson.link(for: medium) != nil && expected[MediaKey(lesson.id, medium)] == nil {
                    #expect(fixture.hasServedFile(library, lesson, medium), "\(lesson.id) \(medium)")
                }
            }
        }
    }
}

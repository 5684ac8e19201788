import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// A lesson's medium on a running server: its URL and the bytes the server must serve.
struct ServedMedium: Sendable {
    var url: String
    var address: MediaAddress
    var media: SyntheticMedia
    /// The lesson's duration, from the API JSON: it sets the size of every version.
    var duration: Int

    func version(_ version: Int) -> SyntheticMedia {
        SyntheticMedia(lesson: address.lesson, medium: address.medium, duration: duration, scale: 0.001, version: version)
    }

    /// The first lesson of Berakhot (Gemara) or of Berakhot 1 (Mishna) that has `medium`.
    static func first(_ medium: MediaKind, type: LessonType = .gemara, on running: ContentServer.Running) async throws -> ServedMedium {
        let lessons = try await apiLessons(running, type: type)
        let lesson = try #require(lessons.first { $0.link(for: medium) != nil })
        let url = try #require(try MediaLocator(mediaBase: running.mediaBase).url(for: medium, of: lesson))
        let id = LessonID(type, lesson.id)
        return ServedMedium(
            url: url.absoluteString, address: MediaAddress(id, medium),
            media: SyntheticMedia(lesson: id, medium: medium, duration: lesson.duration, scale: 0.001),
            duration: lesson.duration)
    }
}

@Suite("Content server: media endpoint")
struct ContentServerTests {
    @Test("GET serves the synthetic bytes with the medium's headers", arguments: [MediaKind.audio, .video, .text])
    func getFullBody(_ medium: MediaKind) async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(medium, on: running)
            let response = try await HTTP.fetch(served.url)
            #expect(response.status == 200)
            #expect(response.body == served.media.allBytes)
            #expect(response.body.count == served.media.size)
            #expect(response.header("Content-Length") == String(served.media.size))
            #expect(response.header("ETag") == served.media.etag)
            #expect(response.header("Last-Modified") == served.media.lastModified)
            #expect(response.header("Accept-Ranges") == "bytes")
            #expect(response.header("Content-Type") == medium.contentType)
        }
    }

    @Test("media bytes are a pure function of (lesson, medium, version)")
    func syntheticMediaIsDeterministic() {
        let a = SyntheticMedia(lesson: LessonID(.gemara, 1), medium: .audio, duration: 1800, scale: 0.001)
        let b = SyntheticMedia(lesson: LessonID(.gemara, 1), medium: .audio, duration: 1800, scale: 0.001)
        let mishna = SyntheticMedia(lesson: LessonID(.mishna, 1), medium: .audio, duration: 1800, scale: 0.001)
        #expect(a.size == 28_800)
        #expect(a.allBytes == b.allBytes)
        #expect(a.etag == b.etag)
        #expect(a.allBytes != mishna.allBytes)
        #expect(a.etag != mishna.etag)
        #expect(Array(a.allBytes[100..<300]) == a.bytes(100..<300))
        #expect(SyntheticMedia(lesson: LessonID(.gemara, 1), medium: .text, duration: 10, scale: 0.001).size == 1024)
    }

    @Test("audio is a WAV of the file's size, 16,000 bytes a second, its header in every range that covers it")
    func syntheticAudioIsWAV() {
        let audio = SyntheticMedia(lesson: LessonID(.gemara, 1), medium: .audio, duration: 1800, scale: 0.001)
        let bytes = audio.allBytes
        func little(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" && little(4, 4) == audio.size - 8)
        #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt " && little(20, 2) == 1 && little(24, 4) == 16_000)
        #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data" && little(40, 4) == audio.size - 44)
        #expect(bytes[44...].allSatisfy { (124...131).contains($0) }, "quiet")
        #expect(Set(bytes[44...]).count > 4, "noise, not silence")
        #expect(audio.bytes(30..<60) == Array(bytes[30..<60]))
        let video = SyntheticMedia(lesson: LessonID(.gemara, 1), medium: .video, duration: 10, scale: 0.001).allBytes
        #expect(String(decoding: video[0..<4], as: UTF8.self) != "RIFF")
    }

    @Test("HEAD has the headers and no body")
    func head() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.audio, on: running)
            let response = try await HTTP.fetch(served.url, method: .HEAD)
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(response.header("Content-Length") == String(served.media.size))
            #expect(response.header("ETag") == served.media.etag)
            #expect(response.header("Accept-Ranges") == "bytes")
            #expect(response.header("Content-Type") == "audio/mpeg")
        }
    }

    @Test("Range bytes=100-199 is 206 with Content-Range and those bytes")
    func range() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.audio, on: running)
            let size = served.media.size
            let response = try await HTTP.fetch(served.url, headers: [("Range", "bytes=100-199")])
            #expect(response.status == 206)
            #expect(response.header("Content-Range") == "bytes 100-199/\(size)")
            #expect(response.header("Content-Length") == "100")
            #expect(response.body == Array(served.media.allBytes[100..<200]))
            #expect(response.header("ETag") == served.media.etag)
            #expect(response.header("Content-Type") == "audio/mpeg")

            let open = try await HTTP.fetch(served.url, headers: [("Range", "bytes=\(size - 10)-")])
            #expect(open.status == 206)
            #expect(open.header("Content-Range") == "bytes \(size - 10)-\(size - 1)/\(size)")
            #expect(open.body == Array(served.media.allBytes[(size - 10)...]))

            let beyond = try await HTTP.fetch(served.url, headers: [("Range", "bytes=0-\(size + 500)")])
            #expect(beyond.status == 206)
            #expect(beyond.body == served.media.allBytes)
        }
    }

    @Test(
        "a Range the server does not handle is ignored: 200 and the whole body",
        arguments: ["bytes=100-50", "bytes=0-1,5-6", "items=0-10", "bytes=abc"])
    func ignoredRange(_ range: String) async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.text, on: running)
            let response = try await HTTP.fetch(served.url, headers: [("Range", range)])
            #expect(response.status == 200)
            #expect(response.header("Content-Range") == nil)
            #expect(response.body == served.media.allBytes)
        }
    }

    @Test("HEAD with a Range has the partial headers and no body")
    func headWithRange() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.audio, on: running)
            let response = try await HTTP.fetch(served.url, method: .HEAD, headers: [("Range", "bytes=0-9")])
            #expect(response.status == 206)
            #expect(response.header("Content-Range") == "bytes 0-9/\(served.media.size)")
            #expect(response.header("Content-Length") == "10")
            #expect(response.body.isEmpty)
        }
    }

    @Test("Range bytes=-50 is the last 50 bytes")
    func suffixRange() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.video, on: running)
            let size = served.media.size
            let response = try await HTTP.fetch(served.url, headers: [("Range", "bytes=-50")])
            #expect(response.status == 206)
            #expect(response.header("Content-Range") == "bytes \(size - 50)-\(size - 1)/\(size)")
            #expect(response.body == Array(served.media.allBytes[(size - 50)...]))
        }
    }

    @Test("Range starting at the size is 416 with Content-Range bytes */size")
    func unsatisfiableRange() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.text, on: running)
            let size = served.media.size
            for range in ["bytes=\(size)-", "bytes=\(size + 100)-\(size + 200)", "bytes=-0"] {
                let response = try await HTTP.fetch(served.url, headers: [("Range", range)])
                #expect(response.status == 416, "\(range)")
                #expect(response.header("Content-Range") == "bytes */\(size)", "\(range)")
                #expect(response.body.isEmpty)
            }
        }
    }

    @Test("If-Range: the right ETag gives 206, a wrong one the whole body with 200")
    func ifRange() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.audio, on: running)
            let matching = try await HTTP.fetch(served.url, headers: [("Range", "bytes=10-19"), ("If-Range", served.media.etag)])
            #expect(matching.status == 206)
            #expect(matching.body == Array(served.media.allBytes[10..<20]))
            let stale = try await HTTP.fetch(served.url, headers: [("Range", "bytes=10-19"), ("If-Range", "\"stale-etag\"")])
            #expect(stale.status == 200)
            #expect(stale.header("Content-Range") == nil)
            #expect(stale.body == served.media.allBytes)
        }
    }

    @Test(
        "a wrong key is 404",
        arguments: [
            "gemara/1/audio/nothing.mp3", "gemara/999999/audio/x.mp3", "sugya/1/audio/x.mp3", "gemara/1/sound/x.mp3", "x",
        ])
    func wrongKey(_ key: String) async throws {
        try await withServer { running in
            let response = try await HTTP.fetch(running.mediaBase.absoluteString + key)
            #expect(response.status == 404)
            let head = try await HTTP.fetch(running.mediaBase.absoluteString + key, method: .HEAD)
            #expect(head.status == 404)
        }
    }

    @Test("the key of one lesson under another lesson's id is 404")
    func keyOfAnotherLesson() async throws {
        try await withServer { running in
            let served = try await ServedMedium.first(.audio, on: running)
            let other = served.url.replacingOccurrences(
                of: "/gemara/\(served.address.lesson.id)/", with: "/mishna/\(served.address.lesson.id)/")
            #expect(other != served.url)
            #expect(try await HTTP.fetch(other).status == 404)
        }
    }

    @Test("the request log records method, Range and If-Range")
    func requestLog() async throws {
        let faults = FaultInjector()
        try await withServer(faults: faults) { running in
            let served = try await ServedMedium.first(.audio, on: running)
            _ = try await HTTP.fetch(served.url, method: .HEAD)
            _ = try await HTTP.fetch(served.url, headers: [("Range", "bytes=5-9"), ("If-Range", served.media.etag)])
            _ = try await HTTP.fetch(served.url)
            let log = await faults.requests(for: served.address)
            #expect(log.map(\.method) == ["HEAD", "GET", "GET"])
            #expect(log.map(\.range) == [nil, "bytes=5-9", nil])
            #expect(log.map(\.ifRange) == [nil, served.media.etag, nil])
            #expect(await faults.downloads(of: served.address) == 2)
            let untouched = MediaAddress(LessonID(.mishna, 1), .audio)
            #expect(await faults.requests(for: untouched).isEmpty)
        }
    }
}

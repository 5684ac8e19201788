import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// Each `Fault` the content server can commit on a media path, as a client sees it.
@Suite("Content server: fault injection")
struct ContentServerFaultTests {
    /// Runs a server with `faults` injected on the first Gemara lesson's `medium`.
    func withFaults(
        _ faults: [Fault], medium: MediaKind = .video,
        _ body: @Sendable (ServedMedium, FaultInjector) async throws -> Void
    ) async throws {
        let injector = FaultInjector()
        try await withServer(faults: injector) { running in
            let served = try await ServedMedium.first(medium, on: running)
            for fault in faults { await injector.inject(fault, at: served.address) }
            try await body(served, injector)
        }
    }

    @Test("failFirst: N failures with the status and Retry-After, then 200")
    func failFirst() async throws {
        try await withFaults([.failFirst(count: 2, status: 503, retryAfterSeconds: 7)]) { served, faults in
            for _ in 0..<2 {
                let failed = try await HTTP.fetch(served.url)
                #expect(failed.status == 503)
                #expect(failed.header("Retry-After") == "7")
                #expect(failed.body != served.media.allBytes)
            }
            let ok = try await HTTP.fetch(served.url)
            #expect(ok.status == 200)
            #expect(ok.header("Retry-After") == nil)
            #expect(ok.body == served.media.allBytes)
            #expect(await faults.downloads(of: served.address) == 3)
        }
    }

    @Test("failFirst without Retry-After sends none; HEAD counts as a request", arguments: [404, 500, 403])
    func failFirstWithoutRetryAfter(_ status: Int) async throws {
        try await withFaults([.failFirst(count: 1, status: status)], medium: .audio) { served, _ in
            let failed = try await HTTP.fetch(served.url, method: .HEAD)
            #expect(failed.status == status)
            #expect(failed.header("Retry-After") == nil)
            let ok = try await HTTP.fetch(served.url, method: .HEAD)
            #expect(ok.status == 200)
            #expect(ok.header("Content-Length") == String(served.media.size))
        }
    }

    @Test("resetMidBody: the client gets an error and fewer bytes, the first N times only")
    func resetMidBody() async throws {
        try await withFaults([.resetMidBody(afterBytes: 1000, count: 1)]) { served, faults in
            let cut = await HTTP.fetchPartially(served.url)
            #expect(cut.status == 200)
            #expect(cut.error != nil)
            #expect(cut.body.count < served.media.size)
            #expect(cut.body.count <= 1000)
            #expect(cut.body == Array(served.media.allBytes.prefix(cut.body.count)))
            let whole = try await HTTP.fetch(served.url)
            #expect(whole.body == served.media.allBytes)
            #expect(await faults.downloads(of: served.address) == 2)
        }
    }

    @Test("resetMidBody on a range cuts the range")
    func resetMidRange() async throws {
        try await withFaults([.resetMidBody(afterBytes: 10, count: 1)], medium: .audio) { served, _ in
            await #expect(throws: (any Error).self) {
                _ = try await HTTP.fetch(served.url, headers: [("Range", "bytes=100-999")])
            }
            let again = try await HTTP.fetch(served.url, headers: [("Range", "bytes=100-999")])
            #expect(again.status == 206)
            #expect(again.body == Array(served.media.allBytes[100..<1000]))
        }
    }

    @Test("shortBody: fewer bytes than Content-Length, then the whole body")
    func shortBody() async throws {
        try await withFaults([.shortBody(missingBytes: 100, count: 2)], medium: .audio) { served, _ in
            for _ in 0..<2 {
                let short = await HTTP.fetchPartially(served.url)
                #expect(short.error != nil)
                #expect(short.body.count <= served.media.size - 100)
                #expect(short.body == Array(served.media.allBytes.prefix(short.body.count)))
            }
            let whole = try await HTTP.fetch(served.url)
            #expect(whole.header("Content-Length") == String(served.media.size))
            #expect(whole.body == served.media.allBytes)
        }
    }

    @Test("htmlErrorPage: 200 text/html instead of the medium, the first N times")
    func htmlErrorPage() async throws {
        try await withFaults([.htmlErrorPage(count: 1)]) { served, _ in
            let page = try await HTTP.fetch(served.url)
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.header("ETag") == nil)
            #expect(String(decoding: page.body, as: UTF8.self).contains("<html>"))
            #expect(page.body.count != served.media.size)
            let real = try await HTTP.fetch(served.url)
            #expect(real.header("Content-Type") == "video/mp4")
            #expect(real.body == served.media.allBytes)
        }
    }

    @Test("ignoreRange: 200 and the whole body despite Range, every time")
    func ignoreRange() async throws {
        try await withFaults([.ignoreRange], medium: .text) { served, faults in
            for _ in 0..<2 {
                let response = try await HTTP.fetch(served.url, headers: [("Range", "bytes=100-199")])
                #expect(response.status == 200)
                #expect(response.header("Content-Range") == nil)
                #expect(response.body == served.media.allBytes)
            }
            #expect(await faults.requests(for: served.address).map(\.range) == ["bytes=100-199", "bytes=100-199"])
        }
    }

    @Test("changeETag: from request N on, a new ETag and new bytes of the same size")
    func changeETag() async throws {
        try await withFaults([.changeETag(afterRequests: 2)], medium: .audio) { served, _ in
            let first = try await HTTP.fetch(served.url)
            let second = try await HTTP.fetch(served.url, method: .HEAD)
            #expect(first.header("ETag") == served.media.etag)
            #expect(second.header("ETag") == served.media.etag)
            #expect(first.body == served.media.allBytes)

            let changed = try await HTTP.fetch(served.url)
            let newVersion = served.version(1)
            #expect(changed.status == 200)
            let newETag = try #require(changed.header("ETag"))
            #expect(newETag != served.media.etag)
            #expect(changed.body.count == served.media.size)
            #expect(changed.body != served.media.allBytes)
            #expect(changed.body == newVersion.allBytes)
            #expect(newETag == newVersion.etag)

            // Resuming with the old ETag gets the whole new body, not a mix of versions.
            let resumed = try await HTTP.fetch(served.url, headers: [("Range", "bytes=500-"), ("If-Range", served.media.etag)])
            #expect(resumed.status == 200)
            #expect(resumed.body == changed.body)
            let matching = try await HTTP.fetch(served.url, headers: [("Range", "bytes=500-"), ("If-Range", newETag)])
            #expect(matching.status == 206)
            #expect(matching.body == Array(changed.body[500...]))
        }
    }

    @Test("delay: the answer waits; a client with a shorter timeout gives up")
    func delay() async throws {
        try await withFaults([.delay(milliseconds: 1_000)], medium: .text) { served, faults in
            let clock = ContinuousClock()
            let start = clock.now
            let slow = try await HTTP.fetch(served.url)
            #expect(clock.now - start >= .milliseconds(1_000))
            #expect(slow.body == served.media.allBytes)

            // A timeout well above a connection's set-up under the sanitizers, well below the delay.
            await #expect(throws: HTTPClientError.self) {
                _ = try await HTTP.fetch(served.url, timeout: .milliseconds(300))
            }
            // The server logs the request when it gets to it, which under load can be after the
            // client has given up: wait for it (a bounded wait, not a sleep of a guessed length).
            let deadline = clock.now + .seconds(10)
            while await faults.downloads(of: served.address) < 2, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await faults.downloads(of: served.address) >= 2)
        }
    }

    @Test("faults on one path leave the others alone")
    func faultsArePerPath() async throws {
        let injector = FaultInjector()
        try await withServer(faults: injector) { running in
            let audio = try await ServedMedium.first(.audio, on: running)
            let video = try await ServedMedium.first(.video, on: running)
            let mishnaAudio = try await ServedMedium.first(.audio, type: .mishna, on: running)
            #expect(audio.address.lesson == video.address.lesson)
            #expect(audio.address.lesson.id == mishnaAudio.address.lesson.id)
            await injector.inject(.failFirst(count: 5, status: 500), at: audio.address)
            #expect(try await HTTP.fetch(audio.url).status == 500)
            #expect(try await HTTP.fetch(video.url).status == 200)
            // Same id, other type: not the same path.
            #expect(try await HTTP.fetch(mishnaAudio.url).body == mishnaAudio.media.allBytes)
            #expect(try await HTTP.fetch(audio.url).status == 500)
            #expect(await injector.requests(for: video.address).count == 1)
        }
    }
}

import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// Media that sends its headers (and maybe some bytes) and then goes silent (issue 11, 11): the
/// transfer is cut by the no-progress timeout and retried within the retry budget, so a run ends
/// in bounded time, and a stall that passes is recovered from.
@Suite("Stalled transfers", .timeLimit(.minutes(5)))
struct StallTests {
    @Test("headers and then silence, every time: the item fails, named, after the retries; the PDF still comes")
    func silentEveryTime() async throws {
        let afterBytes = 0
        try await withImpatientTransport(readTimeout: .seconds(2)) { transport in
            try await DownloadFixture.run(scale: 0.01) { fixture in
                let library = try await fixture.library(transport: transport)
                let lessons = try await fixture.lessons("gemara/3", in: library)
                let address = MediaAddress(LessonID(.gemara, 3), .audio)
                await fixture.faults.inject(.stallMidBody(afterBytes: afterBytes, count: 100), at: address)
                let (_, summary) = await collect(try await library.download(lessons, media: .audio))
                #expect(summary?.failed.count == 1)
                #expect(summary?.failed.first?.reason.contains("stopped sending") == true, "\(String(describing: summary?.failed))")
                #expect(await fixture.faults.downloads(of: address) == 1 + DownloadFixture.fastRetry.maxRetries)
                #expect(fixture.hasServedFile(library, lessons[0], .text))
            }
        }
    }

    @Test("a transfer that stalls after 70 KB every time still completes: each attempt resumes where the last stalled")
    func stallsAfterProgressEveryTime() async throws {
        try await withImpatientTransport(readTimeout: .seconds(2)) { transport in
            try await DownloadFixture.run(scale: 0.01) { fixture in
                let library = try await fixture.library(transport: transport)
                let lessons = try await fixture.lessons("gemara/3", in: library)
                let address = MediaAddress(LessonID(.gemara, 3), .audio)
                await fixture.faults.inject(.stallMidBody(afterBytes: 70_000, count: 100), at: address)
                let (_, summary) = await collect(try await library.download(lessons, media: .audio))
                #expect(summary?.failed.isEmpty == true, "\(String(describing: summary?.failed))")
                #expect(fixture.hasServedFile(library, lessons[0], .audio))
                // Each attempt resumes from where the previous one stopped, never from the start again (a slow,
                // sanitized run may time out before the 70 KB arrive, hence no exact offsets).
                let offsets = await fixture.faults.requests(for: address).map { Self.offset($0.range) }
                #expect(offsets.count >= 2 && zip(offsets, offsets.dropFirst()).allSatisfy { $1 >= $0 } && (offsets.last ?? 0) > 0, "\(offsets)")
            }
        }
    }

    @Test("a transfer that stalls once is retried (resumed when bytes came) and completes")
    func stallsOnce() async throws {
        try await withImpatientTransport(readTimeout: .seconds(2)) { transport in
            try await DownloadFixture.run(scale: 0.01) { fixture in
                let library = try await fixture.library(transport: transport)
                let lessons = try await fixture.lessons("gemara/3", in: library)
                let address = MediaAddress(LessonID(.gemara, 3), .audio)
                await fixture.faults.inject(.stallMidBody(afterBytes: 70_000, count: 1), at: address)
                let (_, summary) = await collect(try await library.download(lessons, media: .audio))
                #expect(summary?.failed.isEmpty == true, "\(String(describing: summary?.failed))")
                #expect(fixture.hasServedFile(library, lessons[0], .audio))
                let requests = await fixture.faults.requests(for: address)
                #expect(requests.count >= 2 && Self.offset(requests.last?.range) > 0, "resumed, not restarted: \(requests)")
            }
        }
    }

    @Test("no head within the head timeout, every time: the item fails as not answered in time; a body slower than it does not")
    func headTimeout() async throws {
        try await withImpatientTransport(readTimeout: .seconds(20)) { slowClient in
            var impatient = slowClient
            impatient.headTimeout = .seconds(2)  // well above a head's time on a loaded (or sanitized) machine
            let transport = impatient
            try await DownloadFixture.run(scale: 0.01) { fixture in
                let library = try await fixture.library(transport: transport)
                let lessons = try await fixture.lessons("gemara/3", in: library) + fixture.lessons("gemara/4", in: library)
                let late = MediaAddress(LessonID(.gemara, 3), .audio)
                await fixture.faults.inject(.delay(milliseconds: 5_000), at: late)
                // Headers at once and a body that takes well over the head timeout: not cut.
                let slow = MediaAddress(LessonID(.gemara, 4), .audio)
                await fixture.faults.inject(.throttle(millisecondsPerChunk: 1_000), at: slow)  // 4 chunks: about 4 s
                let (_, summary) = await collect(try await library.download(lessons, media: .audio))
                #expect(summary?.failed.map { MediaKey($0.lesson, $0.medium) } == [MediaKey(LessonID(.gemara, 3), .audio)], "\(String(describing: summary))")
                #expect(summary?.failed.first?.reason.contains("did not answer in time") == true, "\(String(describing: summary?.failed))")
                #expect(await fixture.faults.downloads(of: late) == 1 + DownloadFixture.fastRetry.maxRetries)
                #expect(fixture.hasServedFile(library, lessons[1], .audio))
                #expect(await fixture.faults.downloads(of: slow) == 1, "one request, never cut")
            }
        }
    }

    @Test("the default transport uses the download client, whose no-progress timeout is tens of seconds, not 90")
    func defaultStallTimeout() {
        #expect(HTTPTransport().client === HTTPTransport.downloadClient)
        #expect(HTTPTransport.defaultStallTimeout <= .seconds(60) && HTTPTransport.defaultStallTimeout >= .seconds(10))
    }

    /// The first byte a `Range: bytes=N-` asks for (0 without a range).
    static func offset(_ range: String?) -> Int {
        range.flatMap { Int($0.dropFirst("bytes=".count).dropLast()) } ?? 0
    }
}

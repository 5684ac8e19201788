import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// Every fault mode of the content server, each asserting the final state: retried to success,
/// or failed with a reason and no visible file.
@Suite("Download faults")
struct DownloadFaultTests {
    /// Downloads gemara/3 (audio + PDF) with `faults` on its audio; returns what happened.
    func download(
        faults: [Fault], scale: Double = 0.01, retry: RetryPolicy = DownloadFixture.fastRetry,
        check:
            @Sendable (DownloadFixture, LessonLibrary, PlacedLesson, [DownloadEvent], DownloadSummary, [RecordedRequest]) async throws ->
            Void
    ) async throws {
        try await DownloadFixture.run(scale: scale) { fixture in
            let library = try await fixture.library(retry: retry)
            let lessons = try await fixture.lessons("gemara/3", in: library)
            let address = MediaAddress(LessonID(.gemara, 3), .audio)
            for fault in faults { await fixture.faults.inject(fault, at: address) }
            let (events, summary) = await collect(try await library.download(lessons, media: .audio))
            let requests = await fixture.faults.requests(for: address)
            try await check(fixture, library, lessons[0], events, try #require(summary), requests)
        }
    }

    func expectComplete(_ fixture: DownloadFixture, _ library: LessonLibrary, _ lesson: PlacedLesson, version: Int = 0) async throws {
        #expect(fixture.hasServedFile(library, lesson, .audio, version: version))
        #expect(try await library.database.mediaItem(MediaKey(lesson.id, .audio))?.state == .complete)
        #expect(library.store.partialSize(MediaKey(lesson.id, .audio)) == 0)
    }

    func expectFailed(_ library: LessonLibrary, _ lesson: PlacedLesson, reasonContains text: String) async throws {
        let item = try #require(try await library.database.mediaItem(MediaKey(lesson.id, .audio)))
        #expect(item.state == .failed)
        #expect(item.lastError?.contains(text) == true, "reason: \(item.lastError ?? "none")")
        #expect(library.store.finalSize(MediaKey(lesson.id, .audio)) == nil)
        #expect(try await library.downloads().isEmpty, "a lesson whose audio failed is not listed")
        #expect(try await library.database.events(of: lesson.id).contains { $0.kind == .failed })
    }

    @Test("5xx then success: retried with backoff")
    func transientErrors() async throws {
        try await download(faults: [.failFirst(count: 2, status: 503)]) { fixture, library, lesson, events, summary, requests in
            #expect(summary.failed.isEmpty)
            #expect(requests.count == 3)
            #expect(events.filter { if case .retrying = $0 { true } else { false } }.count == 2)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("Retry-After is honoured")
    func retryAfter() async throws {
        try await download(faults: [.failFirst(count: 1, status: 429, retryAfterSeconds: 1)]) { fixture, library, lesson, events, _, _ in
            let delays = events.compactMap { if case .retrying(_, _, let delay, _) = $0 { delay } else { nil } }
            #expect(delays.count == 1)
            #expect(delays.allSatisfy { $0 >= .seconds(1) })
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("404 fails at once, with the reason, and leaves no file")
    func finalClientError() async throws {
        try await download(faults: [.failFirst(count: 100, status: 404)]) { _, library, lesson, _, summary, requests in
            #expect(requests.count == 1)
            #expect(summary.failed.count == 1)
            try await expectFailed(library, lesson, reasonContains: "404")
        }
    }

    @Test("retries run out: failed with the reason, no file")
    func exhaustedRetries() async throws {
        try await download(faults: [.failFirst(count: 100, status: 500)]) { _, library, lesson, _, _, requests in
            #expect(requests.count == 4)  // 1 + 3 retries
            try await expectFailed(library, lesson, reasonContains: "500")
        }
    }

    @Test("connection reset mid-body: resumed with Range and If-Range")
    func resetMidBody() async throws {
        try await download(faults: [.resetMidBody(afterBytes: 100_000, count: 2)]) { fixture, library, lesson, _, summary, requests in
            #expect(summary.failed.isEmpty)
            #expect(requests.count == 3)
            #expect(requests[0].range == nil)
            #expect(requests[1].range?.hasPrefix("bytes=") == true && requests[1].range != "bytes=0-")
            #expect(requests[1].ifRange?.isEmpty == false)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("the retry count resets whenever an attempt grew the file: more cuts than retries still complete")
    func retriesResetOnProgress() async throws {
        // 5 cuts, 3 retries allowed: only the reset on progress lets this finish.
        try await download(faults: [.resetMidBody(afterBytes: 60_000, count: 5)]) { fixture, library, lesson, _, summary, requests in
            #expect(summary.failed.isEmpty)
            #expect(requests.count == 6)
            try await expectComplete(fixture, library, lesson)
        }
        // Without progress (the server ignores Range, so every attempt restarts), the retries run out.
        // A cut this small is one write that reaches the client whole, so no later attempt gets
        // further than the first (a larger cut loses a varying tail with the connection).
        try await download(faults: [.ignoreRange, .resetMidBody(afterBytes: 4_000, count: 5)]) { _, library, lesson, _, _, requests in
            #expect(requests.count == 4)
            try await expectFailed(library, lesson, reasonContains: "gave up after 4 attempts")
        }
    }

    @Test("fewer bytes than Content-Length: not accepted, resumed")
    func shortBody() async throws {
        try await download(faults: [.shortBody(missingBytes: 1000, count: 1)]) { fixture, library, lesson, _, _, requests in
            #expect(requests.count == 2)
            #expect(requests[1].range != nil)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("an HTML error page with status 200 is never saved as media")
    func htmlPage() async throws {
        try await download(faults: [.htmlErrorPage(count: 100)]) { _, library, lesson, _, _, _ in
            try await expectFailed(library, lesson, reasonContains: "text/html")
        }
        try await download(faults: [.htmlErrorPage(count: 1)]) { fixture, library, lesson, _, _, requests in
            #expect(requests.count == 2)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("an HTML page labelled audio/mpeg is recognised by its first bytes and never saved as media")
    func htmlLabelledAsAudio() async throws {
        try await download(faults: [.htmlPageLabelled(contentType: "audio/mpeg", count: 100)]) { _, library, lesson, _, _, _ in
            try await expectFailed(library, lesson, reasonContains: "HTML or XML document (labelled audio/mpeg)")
        }
        try await download(faults: [.htmlPageLabelled(contentType: "audio/mpeg", count: 1)]) { fixture, library, lesson, _, _, requests in
            #expect(requests.count == 2)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("the markup sniffer: pages and XML errors, in any case, after whitespace or a BOM; not media bytes")
    func markupSniffer() {
        for page in ["<!DOCTYPE html><html>", "  <html>", "\u{FEFF}<HTML>", "\n<?xml version=\"1.0\"?><Error>", "<head>", "<Body>"] {
            #expect(Array(page.utf8).withUnsafeBytes(MarkupSniffer.isMarkup), "\(page)")
        }
        for media in ["ID3\u{03}", "%PDF-1.7", "<htm", "<a href", ""] {
            #expect(!Array(media.utf8).withUnsafeBytes(MarkupSniffer.isMarkup), "\(media)")
        }
        #expect(![UInt8]([0xFF, 0xFB, 0x90, 0x64, 0x3C, 0x68]).withUnsafeBytes(MarkupSniffer.isMarkup))
    }

    @Test("a server that ignores Range: the resume restarts cleanly from zero")
    func ignoredRange() async throws {
        try await download(faults: [.ignoreRange, .resetMidBody(afterBytes: 50_000, count: 1)]) {
            fixture, library, lesson, _, _, requests in
            #expect(requests.count == 2)
            #expect(requests[1].range != nil)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("a changed ETag during a resume: the new version is downloaded whole")
    func changedETag() async throws {
        try await download(faults: [.resetMidBody(afterBytes: 50_000, count: 1), .changeETag(afterRequests: 1)]) {
            fixture, library, lesson, _, _, requests in
            #expect(requests.count == 2)
            #expect(requests[1].ifRange != nil)
            try await expectComplete(fixture, library, lesson, version: 1)
            #expect(fixture.served(lesson, .audio, version: 1) != fixture.served(lesson, .audio, version: 0))
        }
    }

    @Test("a slow server: the download waits and completes")
    func delay() async throws {
        try await download(faults: [.delay(milliseconds: 300)]) { fixture, library, lesson, _, summary, requests in
            #expect(summary.failed.isEmpty)
            #expect(requests.count == 1)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("a file-system error fails the item with the path in the reason and registers nothing")
    func fileSystemError() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara/3", in: library)
            // A folder where the partial file must go: every open fails, as on a broken disk.
            let partial = library.layout.partialURL(LessonID(.gemara, 3), .audio)
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            let failure = try #require(summary?.failed.first)
            #expect(failure.medium == .audio)
            #expect(failure.reason.contains(partial.lastPathComponent))
            #expect(try await library.database.mediaItem(MediaKey(LessonID(.gemara, 3), .audio))?.state == .failed)
            #expect(library.store.finalSize(MediaKey(LessonID(.gemara, 3), .audio)) == nil)
            #expect(try await library.downloads().isEmpty)
            // The PDF, a neighbour, is unaffected.
            #expect(try await library.database.mediaItem(MediaKey(LessonID(.gemara, 3), .text))?.state == .complete)
        }
    }

    @Test("an empty 200 is never registered: retried, then failed with the reason")
    func emptyBody() async throws {
        try await download(faults: [.emptyBody(count: 1)]) { fixture, library, lesson, _, _, requests in
            #expect(requests.count == 2)
            try await expectComplete(fixture, library, lesson)
        }
        try await download(faults: [.emptyBody(count: 100)]) { _, library, lesson, _, _, _ in
            try await expectFailed(library, lesson, reasonContains: "empty")
        }
    }

    @Test("a 206 of another version (If-Range ignored) is not spliced onto the old bytes")
    func splicedVersion() async throws {
        let faults: [Fault] = [.resetMidBody(afterBytes: 50_000, count: 1), .changeETag(afterRequests: 1), .ignoreIfRange]
        try await download(faults: faults) { fixture, library, lesson, events, _, requests in
            #expect(requests.count == 3, "reset, refused 206 of version 1, then the whole of version 1")
            #expect(events.contains { if case .retrying(_, _, _, let reason) = $0 { reason.contains("another version") } else { false } })
            try await expectComplete(fixture, library, lesson, version: 1)
        }
    }

    @Test(
        "a server that gzips what the request accepts: media are asked for as they are (no Accept-Encoding), so the bytes and their length are the file's"
    )
    func compressingServer() async throws {
        try await download(faults: [.gzipWhenAccepted]) { fixture, library, lesson, _, summary, requests in
            #expect(summary.failed.isEmpty, "\(summary.failed)")
            #expect(requests.count == 1)
            try await expectComplete(fixture, library, lesson)
        }
    }

    @Test("a body sent gzip-encoded unasked is refused with the reason, never stored as the file")
    func encodedUnasked() async throws {
        try await download(faults: [.gzipAlways]) { _, library, lesson, _, _, requests in
            #expect(requests.count > 1, "retried, as a wrong page is")
            try await expectFailed(library, lesson, reasonContains: "Content-Encoding: gzip")
        }
    }

    @Test("the test server's gzip is gzip: a stored stream of the bytes, its CRC-32 the standard one")
    func storedGzip() {
        #expect(GzipStored.crc32(Array("123456789".utf8)) == 0xCBF4_3926, "the CRC-32 check value")
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let encoded = GzipStored.encode(bytes)
        #expect(encoded.prefix(3) == [0x1F, 0x8B, 8])
        #expect(encoded.count == 10 + 2 * 5 + bytes.count + 8, "two stored blocks (65,535 bytes at most each), header and trailer")
        #expect(Array(encoded[15..<25]) == Array(bytes[0..<10]))
    }
}

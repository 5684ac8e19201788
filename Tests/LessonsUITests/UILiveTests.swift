import AsyncHTTPClient
import Foundation
import LessonsServerTesting
import NIOCore
import OfflineLessons
import Testing

/// Live progress: downloads started here and downloads of other processes, with rate and time left.
@Suite("Web app: live progress")
struct UILiveTests {
    @Test("a chapter downloaded from the page shows progress with rate and time left, up to complete")
    func downloadFromThePage() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let slow = MediaKey(LessonID(.gemara, 1), .audio)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 150), at: slow)
            let answer = try await fixture.post("/api/download?type=gemara&masechet=1&chapter=1&media=audio")
            #expect(answer.status == 200)
            #expect(answer.text.contains(#"Requested: "#) && answer.text.contains(#" lessons, Berakhot 2 to Berakhot "#), "\(answer.text)")
            let samples = try await fixture.watchTransfers { sample in
                sample.first { $0.key == "gemara/1/audio" }?.state == "complete"
            }
            let moving = samples.flatMap { $0 }.filter { $0.key == "gemara/1/audio" && $0.state == "downloading" }
            #expect(moving.contains { ($0.percent ?? 0) > 0 && ($0.percent ?? 100) < 100 })
            #expect(moving.contains { $0.bytesPerSecond != nil && $0.secondsLeft != nil })
            #expect(moving.allSatisfy { $0.here })
            // Named from the first sample on: the lesson is registered before its first event.
            #expect(samples.flatMap { $0 }.filter { $0.key.hasPrefix("gemara/1/") }.allSatisfy { $0.name == "Berakhot 2" })
            let last = try #require(samples.last?.first { $0.key == "gemara/1/audio" })
            #expect(last.percent == 100)
            #expect(try await fixture.library.isDownloaded(LessonID(.gemara, 1)))
        }
    }

    @Test("a download of another library on the same folder (another process) shows up, and ends complete")
    func downloadOfAnotherProcess() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let slow = MediaKey(LessonID(.gemara, 2), .audio)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 150), at: slow)
            let other = try await UIFixture.openLibrary(fixture.root, fixture.running)
            let lessons = try await other.lessons(for: [.lesson(LessonID(.gemara, 2))])
            let run = try await other.download(lessons, media: .audio)
            let samples = try await fixture.watchTransfers { sample in
                sample.first { $0.key == "gemara/2/audio" }?.state == "complete"
            }
            for await _ in run {}
            let seen = samples.flatMap { $0 }.filter { $0.key == "gemara/2/audio" }
            #expect(seen.contains { $0.state == "downloading" && ($0.percent ?? 0) > 0 && ($0.percent ?? 100) < 100 })
            #expect(seen.allSatisfy { !$0.here })
        }
    }

    @Test("cancel takes an item of a run started here out of the queue; retry fetches a failed item again")
    func cancelAndRetry() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let slow = MediaKey(LessonID(.gemara, 1), .audio)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 200), at: slow)
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=1&media=audio").status == 200)
            _ = try await fixture.watchTransfers { $0.contains { $0.key == "gemara/1/audio" && $0.state == "downloading" } }
            let cancel = try await fixture.post("/api/cancel?key=gemara/1/audio")
            #expect(cancel.text.contains("Berakhot 2 audio: cancelled"), "\(cancel.text)")
            _ = try await fixture.watchTransfers { !$0.contains { $0.key == "gemara/1/audio" && $0.state != "removed" } }
            #expect(try await !fixture.library.isDownloaded(LessonID(.gemara, 1)))
            #expect(try await fixture.library.queue().isEmpty)

            let broken = MediaKey(LessonID(.gemara, 5), .audio)
            await fixture.faults.inject(.failFirst(count: 1, status: 404), at: broken)  // a 404 is final: no retry within the run
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=5&media=audio").status == 200)
            let failed = try await fixture.watchTransfers { $0.contains { $0.key == "gemara/5/audio" && $0.state == "failed" } }
            #expect(failed.last?.first { $0.key == "gemara/5/audio" }?.reason?.isEmpty == false)
            #expect(try await fixture.post("/api/retry?key=gemara/5/audio").status == 200)
            _ = try await fixture.watchTransfers { $0.contains { $0.key == "gemara/5/audio" && $0.state == "complete" } }
        }
    }

    @Test("an item of a retry started here can be cancelled: it leaves the queue, nothing else of the run stays")
    func cancelRetry() async throws {
        try await UIFixture.run(scale: 0.05) { fixture in
            let broken = MediaKey(LessonID(.gemara, 5), .audio)
            await fixture.faults.inject(.failFirst(count: 1, status: 404), at: broken)
            await fixture.faults.inject(.throttle(millisecondsPerChunk: 200), at: broken)
            // The PDF fails at once too, so that the first run is over before the retry.
            await fixture.faults.inject(.failFirst(count: 1, status: 404), at: MediaKey(LessonID(.gemara, 5), .text))
            #expect(try await fixture.post("/api/download?type=gemara&masechet=1&lesson=5&media=audio").status == 200)
            _ = try await fixture.watchTransfers { transfers in
                ["gemara/5/audio", "gemara/5/text"].allSatisfy { key in transfers.contains { $0.key == key && $0.state == "failed" } }
            }
            // Retried by its key: the slow second answer leaves time to cancel.
            #expect(try await fixture.post("/api/retry?key=gemara/5/audio").status == 200)
            _ = try await fixture.watchTransfers { $0.contains { $0.key == "gemara/5/audio" && $0.state == "downloading" } }
            let cancelled = try await fixture.post("/api/cancel?key=gemara/5/audio").text
            #expect(cancelled.contains("Berakhot 6 audio: cancelled"), "\(cancelled)")
            // The lesson's only medium is cancelled: its PDF leaves the queue with it.
            _ = try await fixture.watchTransfers { transfers in
                !transfers.contains { $0.key.hasPrefix("gemara/5/") && $0.state != "removed" }
            }
            #expect(try await !fixture.library.isDownloaded(LessonID(.gemara, 5)))
            #expect(try await fixture.library.queue().isEmpty)
            let again = try await fixture.post("/api/cancel?key=gemara/5/audio")
            #expect(again.text.contains("Nothing to cancel"), "\(again.text)")
        }
    }

    @Test("the event stream sends the board as Server-Sent Events")
    func eventStream() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            var request = HTTPClientRequest(url: fixture.base + "/events")
            request.headers.add(name: "X-Lessons-Token", value: UIFixture.token)
            let response = try await testClient.execute(request, timeout: .seconds(90))
            #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
            var received = ""
            for try await chunk in response.body {
                received += String(buffer: chunk)
                if received.contains("gemara/1/audio") { break }
            }
            #expect(received.hasPrefix("retry: 1000"))
            #expect(received.contains("data: ["))
        }
    }

    @Test("a sync from the Refresh button reports what it changed, with reasons")
    func refresh() async throws {
        try await UIFixture.run { fixture in
            try await fixture.download("gemara/1")
            try FileManager.default.removeItem(at: fixture.library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio)))
            let answer = try await fixture.post("/api/sync")
            #expect(answer.status == 200)
            #expect(answer.text.contains("\"action\":\"missing\""))
            #expect(answer.text.contains("\"what\":\"Berakhot 2 audio\""))
            #expect(answer.text.contains("the file is gone"))
        }
    }
}

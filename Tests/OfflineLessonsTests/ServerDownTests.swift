import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import NIOCore
import NIOHTTP1
import Testing

@testable import OfflineLessons

/// A server that goes away, or accepts and sends nothing, pauses the queue: the run stops soon,
/// its unfinished items stay queued (none failed) with their bytes, and a later run finishes
/// them. A final HTTP error still fails only its item.
@Suite("A server that is down", .timeLimit(.minutes(5)))
struct ServerDownTests {
    /// Short timeouts, so that a dead server is found in seconds.
    static func impatientTransport() -> HTTPTransport {
        HTTPTransport(stallTimeout: .seconds(2), connectTimeout: .seconds(1))
    }

    @Test(
        "a server stopped mid-run: the run ends within seconds, every unfinished item queued with its bytes, none failed; once the server is back on its port, a run completes them"
    )
    func stoppedMidRun() async throws {
        let folder = try TemporaryDirectory()
        let root = folder.url
        let faults = FaultInjector()
        let scale = 0.01
        let server = try ContentServer(configuration: .init(mediaSizeScale: scale, faults: faults))
        // The audio comes slowly (seconds a file), so that the server stops with the run half done.
        for id in 1...20 { await faults.inject(.throttle(millisecondsPerChunk: 300), at: MediaAddress(LessonID(.gemara, id), .audio)) }
        let (library, lessons, port, collecting, stopping) = try await server.withRunning { running in
            let library = try await LessonLibrary(
                root: root, client: CatalogClient(configuration: .init(apiBase: running.apiBase, token: "t")),
                transport: Self.impatientTransport(), configuration: .init(concurrency: 3, retry: DownloadFixture.fastRetry))
            let lessons = try await library.lessons(for: try LessonSelector(parsing: "gemara:berakhot:2-21"))
            let run = try await library.download(lessons, media: .audio)
            let collecting = Task { await collect(run) }
            let deadline = ContinuousClock.now + .seconds(60)
            while try await library.database.mediaItems(in: [.complete]).count(where: { $0.key.medium == .audio }) < 2 {
                try #require(ContinuousClock.now < deadline, "no audio came")
                try await Task.sleep(for: .milliseconds(10))
            }
            return (library, lessons, running.port, collecting, ContinuousClock.now)
        }
        let (events, summary) = await collecting.value
        let took = ContinuousClock.now - stopping
        let outcome = try #require(summary)
        #expect(took < .seconds(45), "the run went on for \(took) after the server stopped")
        #expect(outcome.serverUnreachable != nil, "\(outcome)")
        #expect(outcome.failed.isEmpty, "\(outcome.failed)")

        let items = try await library.database.mediaItems(in: MediaState.allCases)
        let queued = items.filter { $0.state == .queued }
        let requested = lessons.reduce(0) { $0 + ($1.lesson.link(for: .text) == nil ? 1 : 2) }
        #expect(items.count == requested && items.allSatisfy { $0.state == .queued || $0.state == .complete }, "\(items.map(\.state))")
        #expect(items.count(where: { $0.state == .complete && $0.key.medium == .audio }) >= 2 && !queued.isEmpty, "stopped mid-run")
        #expect(queued.count == outcome.leftQueued, "every unfinished item is counted back in the queue")
        for item in queued {
            #expect(library.store.partialSize(item.key) == item.receivedBytes, "\(item.key): the bytes recorded are the partial file's")
        }
        // Said once the run stops; said that the server is not answering before (again if it answered meanwhile).
        let stop = events.firstIndex { if case .serverUnreachable = $0 { true } else { false } }
        let waiting = events.firstIndex { if case .serverNotAnswering = $0 { true } else { false } }
        #expect(events.count(where: { if case .serverUnreachable = $0 { true } else { false } }) == 1)
        #expect(waiting != nil && stop != nil && waiting ?? 0 < stop ?? 0, "\(String(describing: waiting)), \(String(describing: stop))")
        #expect(!events.contains { if case .failed = $0 { true } else { false } })

        // The server is back, on the same port: the queue resumes.
        let back = try ContentServer(configuration: .init(port: port, mediaSizeScale: scale))
        try await back.withRunning { _ in
            let resumed = try #require(await collect(try await library.resumePending()).summary)
            #expect(resumed.failed.isEmpty && resumed.serverUnreachable == nil, "\(resumed)")
            #expect(resumed.downloaded == queued.count, "\(resumed)")
        }
        #expect(try await library.database.mediaItems(in: MediaState.allCases).allSatisfy { $0.state == .complete })
        for lesson in lessons {
            for medium in [MediaKind.audio, .text] where lesson.lesson.link(for: medium) != nil {
                let served = SyntheticMedia(lesson: lesson.id, medium: medium, duration: lesson.lesson.duration, scale: scale).allBytes
                let file = (try? Data(contentsOf: library.fileURL(for: MediaKey(lesson.id, medium)))).map { [UInt8]($0) }
                #expect(file == served ? true : false, "\(lesson.id) \(medium) differs from the server's copy")
            }
        }
    }

    @Test("a server that accepts and sends nothing: one item is asked for three times (two stall retries), then stays queued")
    func silentServerOneItem() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(transport: Self.impatientTransport())
            let lessons = try await fixture.lessons("gemara/3", in: library)
            let audio = MediaAddress(lessons[0].id, .audio)
            await fixture.faults.inject(.delay(milliseconds: 20_000), at: audio)
            let started = ContinuousClock.now
            let (events, summary) = await collect(try await library.download(lessons, media: .audio))
            let took = ContinuousClock.now - started
            let outcome = try #require(summary)
            #expect(await fixture.faults.downloads(of: audio) == 3)
            // Three stalls of 2 s take 6 s; the bound leaves room for a loaded machine and stays
            // under one default stall timeout (30 s), let alone the legacy six of them.
            #expect(took < .seconds(25), "3 stalls of 2 s, then the run ends: \(took)")
            #expect(outcome.failed.isEmpty && outcome.leftQueued == 1 && outcome.downloaded == 1, "\(outcome)")
            #expect(outcome.serverUnreachable == NetworkError.sentNothing, "\(outcome)")
            #expect(try await library.database.mediaItem(audio)?.state == .queued)
            #expect(fixture.hasServedFile(library, lessons[0], .text), "the PDF came")
            // The silent item's stalls are not reported one by one (the PDF, under a loaded
            // machine, may stall past the short timeout and be retried as any transfer is).
            let silent = MediaKey(lessons[0].id, .audio)
            #expect(!events.contains { if case .retrying(silent, _, _, _) = $0 { true } else { false } }, "no retry reported per item")
            #expect(events.count(where: { if case .serverUnreachable = $0 { true } else { false } }) == 1)
        }
    }

    @Test("a server that accepts and sends nothing for every file: the run stops within two stall rounds, every item queued")
    func silentServerEveryItem() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library(transport: Self.impatientTransport())
            let lessons = try await fixture.lessons("gemara:berakhot:2-6", in: library)
            let addresses = lessons.flatMap { [MediaAddress($0.id, .audio), MediaAddress($0.id, .text)] }
            for address in addresses { await fixture.faults.inject(.delay(milliseconds: 20_000), at: address) }
            let started = ContinuousClock.now
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            let took = ContinuousClock.now - started
            let outcome = try #require(summary)
            #expect(took < .seconds(25), "two stall rounds of 2 s, then the run ends: \(took)")
            #expect(outcome.failed.isEmpty && outcome.leftQueued == addresses.count && outcome.serverUnreachable != nil, "\(outcome)")
            for address in addresses {
                #expect(await fixture.faults.downloads(of: address) <= 3, "\(address)")
                #expect(try await library.database.mediaItem(address)?.state == .queued, "\(address)")
            }
        }
    }

    @Test("a 404, an HTML page and a short body still fail only their items; the run goes on and the server is not called unreachable")
    func finalErrorsFailTheirItemOnly() async throws {
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-6", in: library)
            let broken = [MediaAddress(lessons[0].id, .audio), MediaAddress(lessons[2].id, .audio), MediaAddress(lessons[4].id, .text)]
            await fixture.faults.inject(.failFirst(count: 100, status: 404), at: broken[0])
            await fixture.faults.inject(.htmlErrorPage(count: 100), at: broken[1])
            await fixture.faults.inject(.shortBody(missingBytes: 100, count: 100), at: broken[2])
            let outcome = try #require(await collect(try await library.download(lessons, media: .audio)).summary)
            #expect(outcome.serverUnreachable == nil && outcome.leftQueued == 0, "\(outcome)")
            #expect(Set(outcome.failed.map { MediaKey($0.lesson, $0.medium) }) == Set(broken), "\(outcome.failed)")
            #expect(outcome.downloaded == 2 * lessons.count - broken.count)
            for address in broken { #expect(try await library.database.mediaItem(address)?.state == .failed, "\(address)") }
        }
    }

    @Test("connection-level failures: no connection, no answer in time, a reset before the head; not a bad answer or a cancel")
    func connectionLevel() {
        for error: any Error in [
            IOError(errnoCode: ECONNREFUSED, reason: "connect"), IOError(errnoCode: EHOSTUNREACH, reason: "connect"),
            HTTPClientError.readTimeout, HTTPClientError.connectTimeout, HTTPClientError.remoteConnectionClosed,
            ChannelError.connectTimeout(.seconds(1)),
        ] {
            #expect(NetworkError(error).isConnectionLevel, "\(error)")
        }
        for error: any Error in [
            HTTPClientError.redirectCycleDetected, HTTPParserError.invalidStatus, CancellationError(),
            IOError(errnoCode: EACCES, reason: "open"),
        ] {
            #expect(!NetworkError(error).isConnectionLevel, "\(error)")
        }
        #expect(!NetworkError(summary: "bytes after the attempt ended").isConnectionLevel)
        let stall = TransferError.network(NetworkError(HTTPClientError.readTimeout))
        #expect(MediaFetcher.connectionFailure(stall, answered: false)?.summary == NetworkError.sentNothing)
        #expect(MediaFetcher.connectionFailure(stall, answered: true) == nil, "a stall after the head is the item's")
        #expect(MediaFetcher.connectionFailure(TransferError.httpStatus(503), answered: false) == nil)
    }

    @Test("the run's watch: four failures in a row find the server down, a response resets the count, an item's spent retries count")
    func watch() {
        let watch = ServerWatch()
        let early = ContinuousClock.now
        #expect(watch.connectionFailed() == .waiting(first: true))
        #expect(watch.connectionFailed() == .waiting(first: false))
        watch.answered(requestedAt: early)
        #expect(watch.connectionFailed() == .waiting(first: false), "an answer to a request older than the failures says nothing")
        watch.answered(requestedAt: .now)
        #expect(watch.connectionFailed() == .waiting(first: true), "a response starts the count again")
        #expect(!watch.itemGaveUp(after: 2), "the server answered another item meanwhile")
        #expect(watch.connectionFailed() == .waiting(first: false))
        #expect(watch.connectionFailed() == .waiting(first: false))
        #expect(watch.connectionFailed() == .down)
        watch.answered(requestedAt: .now)
        #expect(watch.isDown && watch.connectionFailed() == .down, "down stays down for the run")
        let alone = ServerWatch()
        for _ in 0..<3 { _ = alone.connectionFailed() }
        #expect(alone.itemGaveUp(after: 3), "nothing answered during the item's three failures")
    }
}

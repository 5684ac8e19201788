import Foundation
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// The concurrency limit counts transfers: never more under way at once than the limit.
@Suite("Transfer slots")
struct TransferSlotTests {
    /// Counts fetches under way, and the most at once.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0, most = 0
        func begin() {
            lock.withLock {
                now += 1
                most = max(most, now)
            }
        }
        func end() { lock.withLock { now -= 1 } }
        var mostAtOnce: Int { lock.withLock { most } }
    }

    /// The default transport, its fetches counted.
    struct CountingTransport: Transport {
        let inner = HTTPTransport()
        let tally: Tally
        func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws {
            tally.begin()
            defer { tally.end() }
            try await inner.fetch(request, into: sink)
        }
    }

    @Test("a run of many files never has more transfers under way than its concurrency, and uses it")
    func limitHolds() async throws {
        try await DownloadFixture.run { fixture in
            let tally = Tally()
            let library = try await fixture.library(concurrency: 2, transport: CountingTransport(tally: tally))
            let lessons = try await fixture.lessons("gemara:berakhot:2-31", in: library)
            let files = lessons.reduce(0) { $0 + ($1.lesson.audio == nil ? 0 : 1) + ($1.lesson.page == nil ? 0 : 1) }
            // Every file takes a moment, so that transfers overlap.
            for lesson in lessons {
                await fixture.faults.inject(.delay(milliseconds: 50), at: MediaAddress(lesson.id, .audio))
            }
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            #expect(summary?.downloaded == files && summary?.failed.isEmpty == true, "\(String(describing: summary))")
            #expect(tally.mostAtOnce == 2, "transfers at once: \(tally.mostAtOnce)")
            for lesson in lessons { #expect(fixture.hasServedFile(library, lesson, .audio)) }
        }
    }
}

import Foundation
import GRDB
@testable import OfflineLessons
import Testing

/// The concurrency limit counts transfers: a small file gives its slot back once its body is in,
/// and its placement waits its turn without it (``SlotLease``, ``PlacementQueue``), up to the
/// queue's room.
@Suite("Transfer slots")
struct TransferSlotTests {
    /// Counts transfers (from the request to the body's end, or the fetch's end) and fetches
    /// (to the fetch's end, placement included) under way, and the most of each at once.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var transfers = 0, fetches = 0
        private var mostTransfers = 0, mostFetches = 0
        func begin() {
            lock.withLock {
                transfers += 1
                fetches += 1
                mostTransfers = max(mostTransfers, transfers)
                mostFetches = max(mostFetches, fetches)
            }
        }
        func transferEnded() { lock.withLock { transfers -= 1 } }
        func fetchEnded() { lock.withLock { fetches -= 1 } }
        var most: (transfers: Int, fetches: Int) { lock.withLock { (mostTransfers, mostFetches) } }
    }

    /// The default transport, its transfers and fetches counted.
    struct CountingTransport: Transport {
        let inner = HTTPTransport()
        let tally: Tally
        func fetch(_ request: TransportRequest, into sink: any TransportSink) async throws {
            let transfer = TransferEnd(tally: tally)
            tally.begin()
            defer {
                transfer.end()
                tally.fetchEnded()
            }
            // The body is in: this transfer is over, whatever comes next.
            try await inner.fetch(request, into: ForwardingSink(sink, onBodyEnded: { transfer.end() }))
        }
    }

    /// A transfer's end, counted once (at the body's end, or else at the fetch's).
    final class TransferEnd: @unchecked Sendable {
        let tally: Tally
        private let lock = NSLock()
        private var ended = false
        init(tally: Tally) { self.tally = tally }
        func end() {
            if lock.withLock({ defer { ended = true }; return !ended }) { tally.transferEnded() }
        }
    }

    @Test("while placements wait (the registry held by another connection), other files transfer, never more at once than the limit, and no more wait than the queue's room")
    func slotsGoBackWhenTheBodyIsIn() async throws {
        try await DownloadFixture.run { fixture in
            let tally = Tally()
            let library = try await fixture.library(concurrency: 2, transport: CountingTransport(tally: tally))
            let lessons = try await fixture.lessons("gemara:berakhot:2-31", in: library)
            let files = lessons.reduce(0) { $0 + ($1.lesson.audio == nil ? 0 : 1) + ($1.lesson.page == nil ? 0 : 1) }
            #expect(files > PlacementQueue.room + 2, "enough files to fill the queue's room")
            var waits = Configuration()
            waits.busyMode = .timeout(10)  // the library may be committing when the hold starts
            let holder = try DatabaseQueue(path: library.layout.databaseURL.path, configuration: waits)
            let run = try await library.download(lessons, media: .audio)
            var holding: Task<Void, any Error>?
            var summary: DownloadSummary?
            for await event in run {
                if holding == nil, case .queued = event {
                    // Registered: the registry is now held for a moment, so the placements wait.
                    holding = Task.detached {
                        try await holder.write { _ in Thread.sleep(forTimeInterval: 0.5) }
                    }
                }
                if case .finished(let result) = event { summary = result }
            }
            try await holding?.value
            #expect(summary?.downloaded == files && summary?.failed.isEmpty == true, "\(String(describing: summary))")
            let most = tally.most
            #expect(most.transfers <= 2, "transfers at once: \(most.transfers)")
            #expect(most.fetches > 2, "files waiting for their placement held their slots (\(most.fetches) fetches at once)")
            #expect(most.fetches <= PlacementQueue.room + 2, "past the queue's room, a file keeps its slot until it is placed")
            for lesson in lessons { #expect(fixture.hasServedFile(library, lesson, .audio)) }
        }
    }
}

import Foundation
import LessonsServerTesting
import NIOConcurrencyHelpers
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

    @Test("a free slot is kept for an item at the front that has not asked for it yet")
    func frontItemKeepsAFreeSlot() async throws {
        let front = MediaKey(LessonID(.gemara, 5), .audio)
        let other = MediaKey(LessonID(.gemara, 1), .audio)
        let frontItems = NIOLockedValueBox<Set<MediaKey>>([front])
        let slots = Slots(1, preferred: { frontItems.withLockedValue { $0 } })
        let order = NIOLockedValueBox<[MediaKey]>([])
        // The other item asks first, the slot free: it waits for the item at the front.
        let otherTransfer = Task {
            guard await slots.acquire(for: other) else { return }
            order.withLockedValue { $0.append(other) }
            slots.release(for: other)
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(order.withLockedValue { $0 }.isEmpty, "the other item took the slot kept for the front")
        #expect(await slots.acquire(for: front))
        order.withLockedValue { $0.append(front) }
        slots.release(for: front)
        // The item at the front ends: its slot is no longer kept.
        frontItems.withLockedValue { $0 = [] }
        slots.reconsider()
        await otherTransfer.value
        #expect(order.withLockedValue { $0 } == [front, other])
    }

    @Test("a slot kept for an item at the front goes to the others once it ends without asking")
    func frontItemEndingFreesItsSlot() async throws {
        let front = MediaKey(LessonID(.gemara, 5), .audio)
        let other = MediaKey(LessonID(.gemara, 1), .audio)
        let frontItems = NIOLockedValueBox<Set<MediaKey>>([front])
        let slots = Slots(1, preferred: { frontItems.withLockedValue { $0 } })
        let otherTransfer = Task { await slots.acquire(for: other) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(slots.available == 1, "nobody holds the slot yet")
        frontItems.withLockedValue { $0 = [] }
        slots.reconsider()
        #expect(await otherTransfer.value)
        #expect(slots.available == 0)
    }
}

import Foundation
import Testing

@testable import OfflineLessons

/// A run starts its items as earlier ones end (``DownloadEngine/itemsUnderWay`` at most under
/// way), not a task per item at once.
@Suite("A run's items under way")
struct RunWindowTests {
    @Test("a run of more items than may be under way: never more in the engine at once, each item ends once, all complete")
    func boundedAndComplete() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-30", in: library)
            let window = library.engine.itemsUnderWay
            let run = try await library.download(lessons, media: .audio)
            var most = 0
            var ends: [MediaKey: Int] = [:]
            var summary: DownloadSummary?
            for await event in run {
                most = max(most, await library.activeDownloads())
                switch event {
                case .completed(let key, _, _), .failed(let key, _), .cancelled(let key): ends[key, default: 0] += 1
                case .finished(let final): summary = final
                default: break
                }
            }
            let items = try await library.database.mediaItems(in: MediaState.allCases)
            #expect(items.count > window, "more items than may be under way: \(items.count), \(window)")
            #expect(most <= window, "at most \(window) items in the engine at once, saw \(most)")
            #expect(most > 1, "the run did not go one item at a time")
            #expect(summary?.downloaded == items.count)
            #expect(ends.count == items.count && ends.values.allSatisfy { $0 == 1 }, "each item ends once")
            #expect(items.allSatisfy { $0.state == .complete })
        }
    }

    @Test("cancelled early, the items never started end cancelled once each and stay queued; the next run finishes them")
    func cancelledBeforeMostStarted() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-30", in: library)
            let run = try await library.download(lessons, media: .audio)
            var ends: [MediaKey: Int] = [:]
            var summary: DownloadSummary?
            for await event in run {
                switch event {
                case .completed(let key, _, _):
                    ends[key, default: 0] += 1
                    run.cancel()
                case .failed(let key, _), .cancelled(let key): ends[key, default: 0] += 1
                case .finished(let final): summary = final
                default: break
                }
            }
            let items = try await library.database.mediaItems(in: MediaState.allCases)
            let cancelled = try #require(summary?.leftQueued)
            // The run stopped early: most items never started (a few may end while the cancel
            // reaches the run, the next one taking a slot as each transfer ends).
            #expect(cancelled > items.count / 2, "items never started counted: \(cancelled)")
            #expect((summary?.downloaded ?? 0) + cancelled == items.count)
            #expect(ends.count == items.count && ends.values.allSatisfy { $0 == 1 }, "each item ends once")
            #expect(try await library.database.mediaItems(in: [.queued]).count == cancelled)
            let (_, resumed) = await collect(try await library.resumePending())
            #expect(resumed?.downloaded == cancelled)
            #expect(try await library.database.mediaItems(in: [.complete]).count == items.count)
        }
    }
}

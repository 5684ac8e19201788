import AsyncHTTPClient
import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// Every fault mode of the content server, once and for good, alone and combined: whatever
/// happens, an item registered complete is byte for byte a version the server served, and an
/// item not complete has no file in place.
@Suite("Fault matrix", .timeLimit(.minutes(5)))
struct FaultMatrixTests {
    static let cases: [(name: String, faults: [Fault])] = [
        ("503 once", [.failFirst(count: 1, status: 503)]),
        ("503 always", [.failFirst(count: 100, status: 503)]),
        ("429 with Retry-After", [.failFirst(count: 1, status: 429, retryAfterSeconds: 0)]),
        ("404", [.failFirst(count: 100, status: 404)]),
        ("reset mid-body once", [.resetMidBody(afterBytes: 40_000, count: 1)]),
        ("reset mid-body always", [.resetMidBody(afterBytes: 40_000, count: 100)]),
        ("short body once", [.shortBody(missingBytes: 1_000, count: 1)]),
        ("short body always", [.shortBody(missingBytes: 1_000, count: 100)]),
        ("stall once", [.stallMidBody(afterBytes: 30_000, count: 1)]),
        ("silent always", [.stallMidBody(afterBytes: 0, count: 100)]),
        ("HTML page once", [.htmlErrorPage(count: 1)]),
        ("HTML page labelled audio always", [.htmlPageLabelled(contentType: "audio/mpeg", count: 100)]),
        ("ignores Range after a reset", [.ignoreRange, .resetMidBody(afterBytes: 40_000, count: 1)]),
        (
            "ignores If-Range across a new version",
            [.ignoreIfRange, .changeETag(afterRequests: 1), .resetMidBody(afterBytes: 40_000, count: 1)]
        ),
        ("new version mid-resume", [.changeETag(afterRequests: 1), .resetMidBody(afterBytes: 40_000, count: 1)]),
        ("empty body once", [.emptyBody(count: 1)]),
        ("empty body always", [.emptyBody(count: 100)]),
        ("slow answer", [.delay(milliseconds: 200)]),
        ("slow link", [.throttle(millisecondsPerChunk: 20)]),
    ]

    @Test("invariants hold under every fault mode", arguments: cases.indices)
    func invariantsHold(_ index: Int) async throws {
        let (name, faults) = Self.cases[index]
        try await withImpatientTransport(readTimeout: .seconds(2)) { transport in
            try await DownloadFixture.run(scale: 0.01) { fixture in
                let library = try await fixture.library(transport: transport)
                let lessons = try await fixture.lessons("gemara:berakhot:3-4", in: library)
                for fault in faults { await fixture.faults.inject(fault, at: MediaAddress(lessons[0].id, .audio)) }
                let (_, summary) = await collect(try await library.download(lessons, media: .audio))
                let outcome = try #require(summary, "\(name): no summary")
                try await Self.checkInvariants(fixture, library, lessons, name)
                let items = lessons.reduce(0) { $0 + ($1.lesson.link(for: .text) == nil ? 1 : 2) }
                #expect(outcome.downloaded + outcome.alreadyComplete + outcome.failed.count == items, "\(name): \(outcome)")
                // The other lesson never suffers for its neighbour's faults.
                #expect(fixture.hasServedFile(library, lessons[1], .audio), "\(name)")
                // A second run changes nothing that was right, and keeps the invariants.
                _ = await collect(try await library.resumePending())
                try await Self.checkInvariants(fixture, library, lessons, name)
            }
        }
    }

    /// Complete: byte for byte a served version, no partial left. Not complete: no file in place.
    static func checkInvariants(_ fixture: DownloadFixture, _ library: LessonLibrary, _ lessons: [PlacedLesson], _ name: String)
        async throws
    {
        for lesson in lessons {
            for medium in [MediaKind.audio, .text] where lesson.lesson.link(for: medium) != nil {
                let key = MediaKey(lesson.id, medium)
                let state = try await library.database.mediaItem(key)?.state
                if state == .complete {
                    let file = fixture.file(library, lesson.id, medium)
                    #expect(
                        file == fixture.served(lesson, medium, version: 0) || file == fixture.served(lesson, medium, version: 1),
                        "\(name): \(key) is registered complete but is no version the server served")
                    #expect(library.store.partialSize(key) == 0, "\(name): \(key) complete with a partial file left")
                } else {
                    #expect(
                        !fixture.hasFile(library, lesson.id, medium),
                        "\(name): \(key) is \(String(describing: state)) but has a file in place")
                }
            }
        }
    }
}

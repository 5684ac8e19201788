import OfflineLessons
import Testing

@testable import LessonsUI

/// The live panel merges two feeds that race: this process's events and a poll of the registry.
/// A cancel seen between a poll's read and its merge once left an item "downloading" for good.
@Suite("Web app: the transfer board")
struct TransferBoardTests {
    static let key = MediaKey(LessonID(.gemara, 1), .audio)

    static func snapshot(_ state: MediaState?, received: Int = 131_072, writing: Bool) -> TransferSnapshot {
        TransferSnapshot(key: key, state: state, receivedBytes: received, expectedBytes: 1_247_200, lastError: nil, isBeingWritten: writing)
    }

    static func entry(_ board: TransferBoard) async throws -> TransferBoard.Entry {
        try #require(await board.entries().first { $0.key == "gemara/1/audio" })
    }

    @Test("a poll read before the cancel and merged after it does not bring the download back")
    func staleSnapshot() async throws {
        let board = TransferBoard()
        await board.record(.progress(Self.key, received: 131_072, expected: 1_247_200))
        let readAt = await board.stamp  // the poll reads the registry: downloading, the file locked
        await board.record(.cancelled(Self.key))
        await board.merge([Self.snapshot(.downloading, writing: true)], readAfter: readAt)
        #expect(try await Self.entry(board).state == "queued")
        #expect(try await Self.entry(board).here == false)
    }

    @Test("the partial file still locked just after the cancel shows for one poll at most; the next poll says queued")
    func lockReleasedAfterTheEvent() async throws {
        let board = TransferBoard()
        await board.record(.progress(Self.key, received: 131_072, expected: 1_247_200))
        await board.record(.cancelled(Self.key))
        await board.merge([Self.snapshot(.queued, writing: true)], readAfter: await board.stamp)
        await board.merge([Self.snapshot(.queued, writing: false)], readAfter: await board.stamp)
        let entry = try await Self.entry(board)
        #expect(entry.state == "queued")
        #expect(entry.bytesPerSecond == nil)
    }

    @Test("while a run here downloads, events win over an older poll, and a newer poll's progress counts")
    func eventsAndPolls() async throws {
        let board = TransferBoard()
        await board.record(.queued(Self.key))
        let readAt = await board.stamp
        await board.record(.progress(Self.key, received: 200_000, expected: 1_247_200))
        await board.merge([Self.snapshot(.queued, received: 0, writing: false)], readAfter: readAt)
        #expect(try await Self.entry(board).state == "downloading")
        #expect(try await Self.entry(board).received == 200_000)
        #expect(try await Self.entry(board).here)
        await board.merge([Self.snapshot(.downloading, received: 300_000, writing: true)], readAfter: await board.stamp)
        #expect(try await Self.entry(board).received == 300_000)
        await board.record(.completed(Self.key, bytes: 1_247_200, alreadyPresent: false))
        await board.merge([Self.snapshot(.downloading, writing: true)], readAfter: readAt)
        #expect(try await Self.entry(board).state == "complete")
    }

    @Test("another process's download is the registry's to tell: downloading, then removed")
    func otherProcess() async throws {
        let board = TransferBoard()
        await board.merge([Self.snapshot(.downloading, writing: true)], readAfter: await board.stamp)
        #expect(try await Self.entry(board).state == "downloading")
        #expect(try await Self.entry(board).here == false)
        await board.merge([Self.snapshot(nil, writing: false)], readAfter: await board.stamp)
        #expect(try await Self.entry(board).state == "removed")
    }

    @Test("another process's item claimed for a slot (its partial file held, empty) is queued until its first bytes")
    func otherProcessClaimed() async throws {
        let board = TransferBoard()
        await board.merge([Self.snapshot(.downloading, received: 0, writing: true)], readAfter: await board.stamp)
        #expect(try await Self.entry(board).state == "queued")
        await board.merge([Self.snapshot(.downloading, received: 4096, writing: true)], readAfter: await board.stamp)
        #expect(try await Self.entry(board).state == "downloading")
    }
}

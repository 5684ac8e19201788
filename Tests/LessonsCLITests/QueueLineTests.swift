import OfflineLessons
import Testing

@testable import lessons

/// The lines of `lessons queue`: the reason an item failed or waits is said; a line downloading
/// again shows none, since its last attempt's failure is behind it.
@Suite("The queue's lines")
struct QueueLineTests {
    static let names = LessonNames(shas: nil)
    static let key = MediaKey(LessonID(.gemara, 64), .audio)
    static let reason = "the server answered 503 (Service Unavailable)"

    static func item(_ state: MediaState, received: Int, writing: Bool, medium: MediaKind = .audio) -> TransferSnapshot {
        TransferSnapshot(
            key: MediaKey(key.lesson, medium), state: state, receivedBytes: received, expectedBytes: 4_000, lastError: reason,
            isBeingWritten: writing)
    }

    @Test("failed and waiting lines give the reason; a line downloading again does not")
    func reasons() {
        let failed = QueueListCommand.state(Self.item(.failed, received: 0, writing: false))
        let waiting = QueueListCommand.state(Self.item(.queued, received: 0, writing: false))
        let again = QueueListCommand.lines([Self.item(.downloading, received: 1_000, writing: true)], names: Self.names)
        #expect(failed.contains(" — ") && waiting.contains(" — "), "\(failed) / \(waiting)")
        #expect(again.count == 1 && !again[0].state.contains(" — "), "\(again)")
        #expect(again.first?.what == "gemara/64 audio", "\(again)")
    }

    @Test("a lesson's items said alike share a line; one with bytes received, or said otherwise, has its own")
    func shared() {
        let waiting = QueueListCommand.lines(
            [Self.item(.queued, received: 0, writing: false), Self.item(.queued, received: 0, writing: false, medium: .text)],
            names: Self.names)
        #expect(waiting.map(\.what) == ["gemara/64 audio, PDF"], "\(waiting)")
        let apart = QueueListCommand.lines(
            [
                Self.item(.queued, received: 1_000, writing: false), Self.item(.queued, received: 0, writing: false, medium: .text),
                Self.item(.failed, received: 0, writing: false, medium: .video),
            ], names: Self.names)
        #expect(apart.map(\.what) == ["gemara/64 audio", "gemara/64 PDF", "gemara/64 video"], "\(apart)")
    }
}

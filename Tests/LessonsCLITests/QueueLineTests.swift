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

    static func item(_ state: MediaState, received: Int, writing: Bool) -> TransferSnapshot {
        TransferSnapshot(
            key: key, state: state, receivedBytes: received, expectedBytes: 4_000, lastError: reason, isBeingWritten: writing)
    }

    @Test("failed and waiting lines give the reason; a line downloading again does not")
    func reasons() {
        let failed = QueueListCommand.line(Self.item(.failed, received: 0, writing: false), names: Self.names, width: 0)
        let waiting = QueueListCommand.line(Self.item(.queued, received: 0, writing: false), names: Self.names, width: 0)
        let again = QueueListCommand.line(Self.item(.downloading, received: 1_000, writing: true), names: Self.names, width: 0)
        #expect(failed.contains(" — ") && waiting.contains(" — "), "\(failed) / \(waiting)")
        #expect(!again.contains(" — "), "\(again)")
        #expect(again.hasPrefix("gemara/64 audio"), "\(again)")
    }
}

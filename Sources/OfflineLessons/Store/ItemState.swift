import Foundation

/// What a sync needs of an item: its state and sizes, and for what `--verify` hashed, when it
/// was completed.
struct ItemState: Sendable, Hashable {
    var state: MediaState
    var expectedBytes: Int?
    var receivedBytes: Int
    /// Read only for the items `--verify` hashes (complete ones, which always have it): a file
    /// downloaded again at the same size since then has another completion time. `nil`: not read.
    var completedAt: Date? = nil
}

extension ItemState {
    init(_ item: MediaItem) {
        self.init(state: item.state, expectedBytes: item.expectedBytes, receivedBytes: item.receivedBytes, completedAt: item.completedAt)
    }

    /// Whether `item` is still as this state was read: its state and sizes, and its completion
    /// time when it was read.
    func describes(_ item: MediaItem) -> Bool {
        state == item.state && expectedBytes == item.expectedBytes && receivedBytes == item.receivedBytes
            && (completedAt == nil || completedAt == item.completedAt)
    }
}

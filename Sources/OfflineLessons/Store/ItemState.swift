/// What a sync needs of an item: its state and sizes.
struct ItemState: Sendable, Hashable {
    var state: MediaState
    var expectedBytes: Int?
    var receivedBytes: Int
}

extension ItemState {
    init(_ item: MediaItem) {
        self.init(state: item.state, expectedBytes: item.expectedBytes, receivedBytes: item.receivedBytes)
    }
}

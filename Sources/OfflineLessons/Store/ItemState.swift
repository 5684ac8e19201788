/// What a sync needs of an item: its state and sizes.
struct ItemState: Sendable, Hashable {
    var state: MediaState
    var expectedBytes: Int?
    var receivedBytes: Int
}

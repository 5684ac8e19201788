/// One requested medium as a screen of downloads shows it: its registry state and, while it is
/// being downloaded (by this process or another one on the same library), the bytes on disk so far.
public struct TransferSnapshot: Sendable, Hashable, Codable {
    public var key: MediaKey
    /// The registry state; `nil` when the item is no longer registered (removed).
    public var state: MediaState?
    /// Bytes on disk: the partial file while downloading, the file once complete.
    public var receivedBytes: Int
    /// The size the server announced, when known.
    public var expectedBytes: Int?
    /// Why the item failed, when it did.
    public var lastError: String?
    /// Whether a download (of any process) holds the item's partial file right now.
    public var isBeingWritten: Bool

    /// Whether bytes are coming: a download holds the partial file and it has bytes. An item a
    /// run has claimed and not yet started (it waits for a transfer slot) holds an empty one.
    public var isTransferring: Bool { isBeingWritten && receivedBytes > 0 && state != .failed }

    public init(key: MediaKey, state: MediaState?, receivedBytes: Int, expectedBytes: Int?, lastError: String?, isBeingWritten: Bool) {
        self.key = key
        self.state = state
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
        self.lastError = lastError
        self.isBeingWritten = isBeingWritten
    }
}

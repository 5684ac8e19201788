/// One medium of a lesson, as `status` reports it.
public struct MediumStatus: Sendable, Hashable, Codable {
    public var medium: MediaKind
    /// `queued`, `downloading`, `complete`, `failed`, `missing`, or `not requested` / `unavailable`.
    public var state: String
    public var bytes: Int?
    public var expectedBytes: Int?
    public var attempts: Int?
    public var lastError: String?
}

/// A request the server received for a media path.
public struct RecordedRequest: Sendable, Hashable {
    public var method: String
    public var range: String?
    public var ifRange: String?
}

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

/// A lesson as `status` reports it: where it is, whether it is downloaded, and each medium's state.
public struct LessonStatus: Sendable, Hashable, Codable {
    public var type: LessonType
    public var id: Int
    public var masechetId: Int
    public var chapter: Int
    /// The daf (Gemara) or the mishna (Mishna).
    public var number: Int
    /// Audio or video complete.
    public var downloaded: Bool
    public var media: [MediumStatus]
}

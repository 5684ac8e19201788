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

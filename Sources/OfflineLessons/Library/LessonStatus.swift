/// A lesson as `status` reports it: where it is, whether it is downloaded, and each medium's state.
public struct LessonStatus: Sendable, Hashable, Codable {
    public var type: LessonType
    public var id: Int
    /// "Shabbat 2", "Berakhot 1:3" (the id when the masechet's name is not known).
    public var name: String
    public var masechetId: Int
    public var chapter: Int
    /// The daf (Gemara) or the mishna (Mishna).
    public var number: Int
    /// Audio or video complete.
    public var downloaded: Bool
    public var media: [MediumStatus]
}

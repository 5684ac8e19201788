import Foundation

/// A lesson in the downloads list: its placement, and the media complete on disk.
public struct DownloadedLesson: Sendable, Hashable, Codable {
    public struct File: Sendable, Hashable, Codable {
        public var bytes: Int
        public var completedAt: Date?
    }

    public var type: LessonType
    public var id: Int
    public var sederId: Int
    public var masechetId: Int
    public var chapter: Int
    /// The daf, for Gemara.
    public var page: Int?
    /// The mishna, for Mishna.
    public var mishna: Int?
    public var sederName: String?
    public var masechetName: String?
    /// A key per complete medium (`audio`, `video`, `text`).
    public var media: [String: File]
    /// False when the lesson has a PDF that is not downloaded (offline playback needs it).
    public var complete: Bool
    public var duration: Int

    public var lessonID: LessonID { LessonID(type, id) }
    public var bytes: Int { media.values.reduce(0) { $0 + $1.bytes } }
}

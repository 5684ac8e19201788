/// One medium of one lesson: (type, id, medium) is unique, in the registry and on disk.
public struct MediaKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var lesson: LessonID
    public var medium: MediaKind

    public init(_ lesson: LessonID, _ medium: MediaKind) {
        self.lesson = lesson
        self.medium = medium
    }

    public var description: String { "\(lesson) \(medium.rawValue)" }

    public static func < (lhs: MediaKey, rhs: MediaKey) -> Bool { (lhs.lesson, lhs.medium) < (rhs.lesson, rhs.medium) }
}

/// One medium of one lesson: (type, id, medium) is unique, in the registry and on disk.
public struct MediaKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var lesson: LessonID
    public var medium: MediaKind

    public init(_ lesson: LessonID, _ medium: MediaKind) {
        self.lesson = lesson
        self.medium = medium
    }

    public var description: String { "\(lesson) \(medium.rawValue)" }

    /// One word hashed, not three (a sync of a full Shas hashes keys some 50,000 times): the
    /// lesson's id with its type and the medium in the low bits.
    public func hash(into hasher: inout Hasher) {
        let medium =
            switch medium {
            case .audio: 0
            case .video: 1
            case .text: 2
            }
        hasher.combine(lesson.id &<< 3 | (lesson.type == .gemara ? 0 : 4) | medium)
    }

    public static func < (lhs: MediaKey, rhs: MediaKey) -> Bool { (lhs.lesson, lhs.medium) < (rhs.lesson, rhs.medium) }
}

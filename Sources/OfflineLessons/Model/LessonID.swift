/// The identity of a lesson: its type and its id. Gemara 247 and Mishna 247 are different lessons.
public struct LessonID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var type: LessonType
    public var id: Int

    public init(_ type: LessonType, _ id: Int) {
        self.type = type
        self.id = id
    }

    /// One word hashed, not two: the id with the type in the low bit.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id &<< 1 | (type == .gemara ? 0 : 1))
    }

    /// `gemara/12`, the form selectors and logs use.
    public var description: String { "\(type.rawValue)/\(id)" }

    public static func < (lhs: LessonID, rhs: LessonID) -> Bool {
        (lhs.type, lhs.id) < (rhs.type, rhs.id)
    }
}

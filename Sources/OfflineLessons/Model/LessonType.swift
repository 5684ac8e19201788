/// The two kinds of lesson. Ids are unique only within a type.
public enum LessonType: String, Sendable, Codable, CaseIterable, Comparable {
    case gemara
    case mishna

    public static func < (lhs: LessonType, rhs: LessonType) -> Bool {
        lhs == .gemara && rhs == .mishna
    }
}

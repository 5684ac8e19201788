import Foundation

/// One entry of a list that could not be kept, and why.
public struct LessonProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Zero-based position of the entry in the list it came from.
    public var position: Int
    /// The entry's id, when it could be read.
    public var id: Int?
    public var reason: String

    public init(position: Int, id: Int?, reason: String) {
        self.position = position
        self.id = id
        self.reason = reason
    }

    public var description: String {
        "entry \(position)\(id.map { " (id \($0))" } ?? ""): \(reason)"
    }
}

/// A list of lessons decoded entry by entry: the good ones, and a problem for each bad one.
/// One bad entry never costs its neighbours; a duplicate id keeps the first and reports the rest.
public struct LessonList: Sendable, Hashable {
    public var lessons: [Lesson]
    public var problems: [LessonProblem]

    public init(lessons: [Lesson] = [], problems: [LessonProblem] = []) {
        self.lessons = lessons
        self.problems = problems
    }

    /// Decodes a JSON array of lessons of `type`. Throws only when the text is not JSON or not an array.
    public static func decode(_ data: Data, type: LessonType) throws -> LessonList {
        let entries = try JSONDecoder().decode([Entry].self, from: data)
        return LessonList(entries: entries, type: type)
    }

    init(entries: [Entry], type: LessonType) {
        lessons = []
        problems = []
        var seen = Set<Int>()
        for (position, entry) in entries.enumerated() {
            switch entry.result {
            case .failure(let failure):
                problems.append(LessonProblem(position: position, id: entry.id, reason: failure.reason))
            case .success(let lesson):
                if let reason = Self.missingTypeField(lesson, type: type) {
                    problems.append(LessonProblem(position: position, id: lesson.id, reason: reason))
                } else if !seen.insert(lesson.id).inserted {
                    problems.append(
                        LessonProblem(position: position, id: lesson.id, reason: "duplicate id \(lesson.id): the first entry is kept"))
                } else {
                    lessons.append(lesson)
                }
            }
        }
    }

    private static func missingTypeField(_ lesson: Lesson, type: LessonType) -> String? {
        switch type {
        case .gemara where lesson.pageNumber == nil: "`page_number` is missing (required for a Gemara lesson)"
        case .mishna where lesson.mishna == nil: "`mishna` is missing (required for a Mishna lesson)"
        default: nil
        }
    }

    /// One array element, decoded without ever failing the array.
    struct Entry: Decodable {
        var result: Result<Lesson, Failure>
        var id: Int?

        struct Failure: Error { var reason: String }

        init(from decoder: any Decoder) throws {
            do {
                let lesson = try Lesson(from: decoder)
                result = .success(lesson)
                id = lesson.id
            } catch {
                result = .failure(Failure(reason: Self.reason(for: error)))
                id = try? decoder.container(keyedBy: Lesson.CodingKeys.self).lenientInt(.id)
            }
        }

        private static func reason(for error: any Error) -> String {
            // The entry itself (path empty or just its index) is not an object: a number, string, null, array.
            switch error {
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
                if context.codingPath.count <= 1, context.codingPath.allSatisfy({ $0.intValue != nil }) {
                    return "not a lesson object"
                }
            default:
                break
            }
            return error.decodingSummary
        }
    }
}

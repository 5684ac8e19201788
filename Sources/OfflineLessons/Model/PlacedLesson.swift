/// Where a lesson sits in the Shas. The lesson JSON does not carry it: it is learned from the
/// request that listed the lesson and recorded with it (architecture invariant 2).
public struct Placement: Sendable, Hashable, Codable {
    public var sederId: Int
    public var masechetId: Int
    public var chapter: Int

    public init(sederId: Int, masechetId: Int, chapter: Int) {
        self.sederId = sederId
        self.masechetId = masechetId
        self.chapter = chapter
    }
}

/// A lesson with its identity and its place in the Shas.
public struct PlacedLesson: Sendable, Hashable, Codable, Identifiable {
    public var type: LessonType
    public var placement: Placement
    public var lesson: Lesson

    public init(type: LessonType, placement: Placement, lesson: Lesson) {
        self.type = type
        self.placement = placement
        self.lesson = lesson
    }

    public var id: LessonID { LessonID(type, lesson.id) }
    /// The daf (Gemara) or the mishna (Mishna).
    public var number: Int { lesson.number(as: type) ?? 0 }

    /// The lesson as people name it: "Berakhot 2" (Gemara, the daf), "Berakhot 1:3" (Mishna,
    /// chapter and mishna); the masechet by id when its name is not known.
    public func commonName(masechet: String?) -> String {
        let name = masechet ?? "masechet #\(placement.masechetId)"
        return type == .gemara ? "\(name) \(number)" : "\(name) \(placement.chapter):\(number)"
    }
}

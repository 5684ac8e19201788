import Foundation

/// Reads the legacy app's JSON documents (legacy-system.md §4) entry by entry: one bad entry, key
/// or value costs only itself, and is named with where it was and why.
///
/// Registry shapes read: `{"gemara": {seder: {masechet: [lesson]}}, "mishna": {seder: {masechet:
/// {chapter: [lesson]}}}}`; lists of lists in place of a list; a dict keyed by lesson id in place
/// of a list; either half missing or empty.
struct LegacyRegistryReader {
    /// A lesson read from a legacy document, placed.
    struct Entry: Sendable, Hashable {
        var placed: PlacedLesson
        /// The document it came from, relative to the container (`Documents/downloadedLessons.json`).
        var source: String
    }

    private(set) var entries: [Entry] = []
    private(set) var rejected: [MigrationReport.Rejection] = []
    let source: String
    /// A masechet's name, for the reasons a refused lesson is given (`nil`: its number is said).
    let masechetName: @Sendable (Int) -> String?

    init(source: String, masechetName: @escaping @Sendable (Int) -> String? = { _ in nil }) {
        self.source = source
        self.masechetName = masechetName
    }

    /// Reads a `downloadedLessons.json`. A document that is not JSON at all (truncated, say) is one
    /// rejection naming the file.
    static func registry(_ data: Data, source: String, masechetName: @escaping @Sendable (Int) -> String? = { _ in nil })
        -> LegacyRegistryReader
    {
        var reader = LegacyRegistryReader(source: source, masechetName: masechetName)
        guard let top = reader.object(data) else { return reader }
        for (key, value) in top {
            switch key {
            case "gemara": reader.readHalf(value, type: .gemara)
            case "mishna": reader.readHalf(value, type: .mishna)
            default: break  // unknown keys are ignored
            }
        }
        return reader
    }

    /// Reads `gemaraLessons.json` (`{masechet: {lessonId: lesson}}`), placing lessons through `seder`.
    static func gemaraMetadata(
        _ data: Data, source: String, masechetName: @escaping @Sendable (Int) -> String? = { _ in nil }, seder: (Int) -> Int?
    ) -> LegacyRegistryReader {
        var reader = LegacyRegistryReader(source: source, masechetName: masechetName)
        guard let top = reader.object(data) else { return reader }
        for (masechetKey, lessons) in top {
            reader.inMasechet(masechetKey, seder: seder) { reader, sederId, masechetId in
                reader.readLessons(lessons, type: .gemara, masechet: masechetId, path: masechetKey) { lesson in
                    Placement(sederId: sederId, masechetId: masechetId, chapter: lesson.chapter)
                }
            }
        }
        return reader
    }

    /// Reads `mishnaLessons.json` (`{masechet: {chapter: {lessonId: lesson}}}`).
    static func mishnaMetadata(
        _ data: Data, source: String, masechetName: @escaping @Sendable (Int) -> String? = { _ in nil }, seder: (Int) -> Int?
    ) -> LegacyRegistryReader {
        var reader = LegacyRegistryReader(source: source, masechetName: masechetName)
        guard let top = reader.object(data) else { return reader }
        for (masechetKey, chapters) in top {
            reader.inMasechet(masechetKey, seder: seder) { reader, sederId, masechetId in
                reader.readMishnaChapters(chapters, sederId: sederId, masechetId: masechetId, path: masechetKey)
            }
        }
        return reader
    }

    // MARK: - Shapes

    private mutating func readHalf(_ value: Any, type: LessonType) {
        guard let sedarim = dictionary(value, path: type.rawValue) else { return }
        for (sederKey, masechtot) in sedarim {
            let sederPath = "\(type.rawValue)/\(sederKey)"
            guard let sederId = number(sederKey, what: .legacySederKey, path: sederPath),
                let masechtot = dictionary(masechtot, path: sederPath)
            else { continue }
            for (masechetKey, lessons) in masechtot {
                let path = "\(sederPath)/\(masechetKey)"
                guard let masechetId = number(masechetKey, what: .legacyMasechetKey, path: path) else { continue }
                switch type {
                case .gemara:
                    readLessons(lessons, type: .gemara, masechet: masechetId, path: path) {
                        Placement(sederId: sederId, masechetId: masechetId, chapter: $0.chapter)
                    }
                case .mishna:
                    readMishnaChapters(lessons, sederId: sederId, masechetId: masechetId, path: path)
                }
            }
        }
    }

    /// A masechet's Mishna lessons: `{chapter: lessons}`, or (seen in the wild) a plain list or a
    /// dict keyed by lesson id, where each lesson's own `chapter` places it.
    private mutating func readMishnaChapters(_ value: Any, sederId: Int, masechetId: Int, path: String) {
        let byChapter = { (lesson: Lesson) in Placement(sederId: sederId, masechetId: masechetId, chapter: lesson.chapter) }
        guard let chapters = value as? [String: Any], !Self.isLessonObject(value) else {
            readLessons(value, type: .mishna, masechet: masechetId, path: path, place: byChapter)
            return
        }
        for (chapterKey, lessons) in chapters {
            let chapterPath = "\(path)/\(chapterKey)"
            if Self.isLessonObject(lessons) {  // keyed by lesson id, no chapter level
                readLessons(lessons, type: .mishna, masechet: masechetId, path: chapterPath, place: byChapter)
                continue
            }
            guard let chapter = number(chapterKey, what: .legacyChapterKey, path: chapterPath) else { continue }
            readLessons(lessons, type: .mishna, masechet: masechetId, path: chapterPath) { _ in
                Placement(sederId: sederId, masechetId: masechetId, chapter: chapter)
            }
        }
    }

    /// Lessons in a list, a list of lists, a dict keyed by id, or one lesson object.
    private mutating func readLessons(_ value: Any, type: LessonType, masechet: Int, path: String, place: (Lesson) -> Placement) {
        if let list = value as? [Any] {
            for (index, element) in list.enumerated() {
                readLessons(element, type: type, masechet: masechet, path: "\(path)[\(index)]", place: place)
            }
        } else if Self.isLessonObject(value) {
            guard let lesson = lesson(value, type: type, masechet: masechet, path: path) else { return }
            let placement = place(lesson)
            // A Mishna lesson's folder is its chapter's: one that is not positive has no place.
            guard type == .gemara || placement.chapter > 0 else {
                reject(path, Message(.legacyChapterNotPositive, .number(placement.chapter)).description)
                return
            }
            entries.append(Entry(placed: PlacedLesson(type: type, placement: placement, lesson: lesson), source: source))
        } else if let byId = value as? [String: Any] {
            for (key, element) in byId.sorted(by: { $0.key < $1.key }) {
                readLessons(element, type: type, masechet: masechet, path: "\(path)/\(key)", place: place)
            }
        } else {
            reject(path, Message(.legacyNotLessons).description)
        }
    }

    /// A lesson object, or `nil` with a rejection naming its masechet, the field and the value.
    private mutating func lesson(_ value: Any, type: LessonType, masechet: Int, path: String) -> Lesson? {
        let name = masechetName(masechet).map { Message.verbatim($0) } ?? Message(.legacyMasechetNumber, .text(String(masechet)))
        do {
            let data = try JSONSerialization.data(withJSONObject: value)
            let lesson = try JSONDecoder().decode(Lesson.self, from: data)
            if type == .gemara, lesson.pageNumber == nil { reject(path, Message(.legacyNoPageNumber, .message(name)).description) }
            if type == .mishna, lesson.mishna == nil { reject(path, Message(.legacyNoMishna, .message(name)).description) }
            return (type == .gemara ? lesson.pageNumber : lesson.mishna) == nil ? nil : lesson
        } catch {
            reject(path, LegacyFieldProblem.reason(error, in: value, masechet: name).description)
        }
        return nil
    }

    // MARK: - Helpers

    private static func isLessonObject(_ value: Any) -> Bool {
        (value as? [String: Any])?["id"] != nil
    }

    private mutating func object(_ data: Data) -> [String: Any]? {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            reject("", Message(.legacyNotJSON).description)
            return nil
        }
        return dictionary(parsed, path: "")
    }

    private mutating func inMasechet(
        _ key: String, seder: (Int) -> Int?,
        _ body: (inout LegacyRegistryReader, Int, Int) -> Void
    ) {
        guard let masechetId = number(key, what: .legacyMasechetKey, path: key) else { return }
        guard let sederId = seder(masechetId) else {
            reject(key, Message(.legacyMasechetUnplaced, .number(masechetId)).description)
            return
        }
        body(&self, sederId, masechetId)
    }

    private mutating func dictionary(_ value: Any, path: String) -> [String: Any]? {
        if let dictionary = value as? [String: Any] { return dictionary }
        reject(path, Message(.legacyExpectedObject, .word(Self.kind(of: value))).description)
        return nil
    }

    private mutating func number(_ key: String, what: Phrase, path: String) -> Int? {
        if let value = Int(key), value > 0 { return value }
        reject(path, Message(what, .text(key)).description)
        return nil
    }

    private mutating func reject(_ path: String, _ reason: String) {
        rejected.append(MigrationReport.Rejection(source: source, path: path, reason: reason))
    }

    private static func kind(of value: Any) -> Phrase {
        switch value {
        case is [Any]: .legacyList
        case is String: .legacyText
        case is NSNull: .legacyNull
        case is NSNumber: .legacyNumber
        default: .legacySomethingElse
        }
    }
}

import Foundation

/// Reads the legacy player's side data (legacy-system.md §4): pure functions from a document's
/// bytes to what was accepted and what was rejected, with why. Nothing throws and nothing is
/// dropped unsaid: accepted + rejected = the entries read.
enum LegacyPlaybackReader {
    /// The key of the positions in the app's UserDefaults.
    static let positionsKey = "LessonWatched"

    /// A position as the legacy app kept it: a bare lesson id (no type) and the seconds reached.
    struct Position: Sendable, Hashable {
        var id: Int
        var seconds: Double
        /// Where in the document (`LessonWatched[3]`).
        var path: String
    }

    /// A lesson of `lastWatchedLessons.json`, placed; `rank` 0 is the most recent of its type.
    struct Recent: Sendable, Hashable {
        var placed: PlacedLesson
        var rank: Int
    }

    struct Reading<Entry: Sendable & Hashable>: Sendable, Hashable {
        var accepted: [Entry] = []
        var rejected: [MigrationReport.Rejection] = []
    }

    /// `LessonWatched` of a preferences property list (binary or XML): an array of
    /// `{lessonId, duration}`, also when stored as the data of such an array (JSON or a property
    /// list). `nil` when the document has no `LessonWatched` (another app's preferences). A later
    /// entry for an id already read is rejected: the first is kept.
    static func positions(_ data: Data, source: String) -> Reading<Position>? {
        var reading = Reading<Position>()
        guard let top = PropertyListValues.read(data) else {
            reading.rejected.append(.init(source: source, path: "", reason: Message(.playbackNotAPropertyList).description))
            return reading
        }
        guard let preferences = top as? [String: Any], let value = preferences[positionsKey] else { return nil }
        guard let entries = list(value) else {
            reading.rejected.append(.init(source: source, path: positionsKey, reason: Message(.playbackNotAList).description))
            return reading
        }
        var seen = Set<Int>()
        for (index, entry) in entries.enumerated() {
            let path = "\(positionsKey)[\(index)]"
            switch position(entry) {
            case .failure(let reason):
                reading.rejected.append(.init(source: source, path: path, reason: reason.description))
            case .success(let (id, seconds)):
                if seen.insert(id).inserted {
                    reading.accepted.append(Position(id: id, seconds: seconds, path: path))
                } else {
                    reading.rejected.append(
                        .init(source: source, path: path, reason: Message(.playbackDuplicate, .number(id)).description))
                }
            }
        }
        return reading
    }

    /// `lastWatchedLessons.json`: `{"gemara": [record…], "mishna": [record…]}`, most recent first,
    /// a record `{lesson, masechetName, masechetId, sederId[, chapter]}` with ids as strings or numbers.
    static func recent(_ data: Data, source: String) -> Reading<Recent> {
        var reading = Reading<Recent>()
        guard let top = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            reading.rejected.append(.init(source: source, path: "", reason: Message(.playbackNotAnObject).description))
            return reading
        }
        for type in LessonType.allCases {
            guard let value = top[type.rawValue] else { continue }
            guard let records = value as? [Any] else {
                reading.rejected.append(.init(source: source, path: type.rawValue, reason: Message(.playbackNotAList).description))
                continue
            }
            for (index, record) in records.enumerated() {
                switch recent(record, type: type) {
                case .failure(let reason):
                    reading.rejected.append(.init(source: source, path: "\(type.rawValue)[\(index)]", reason: reason.description))
                case .success(let placed):
                    reading.accepted.append(Recent(placed: placed, rank: index))
                }
            }
        }
        return reading
    }

    // MARK: - Entries

    private struct Reason: Error, CustomStringConvertible {
        var message: Message
        init(_ phrase: Phrase, _ arguments: Message.Argument...) { message = Message(phrase, arguments: arguments) }
        var description: String { message.description }
    }

    private static func position(_ entry: Any) -> Result<(Int, Double), Reason> {
        guard let entry = entry as? [String: Any] else { return .failure(Reason(.playbackNotAnEntry)) }
        guard let id = entry["lessonId"].flatMap(integer), id > 0 else { return .failure(Reason(.playbackBadID, .text("lessonId"))) }
        guard let seconds = entry["duration"].flatMap(number), seconds.isFinite, seconds >= 0 else {
            return .failure(Reason(.playbackBadPosition))
        }
        return .success((id, seconds))
    }

    private static func recent(_ record: Any, type: LessonType) -> Result<PlacedLesson, Reason> {
        guard let record = record as? [String: Any], let lessonValue = record["lesson"] else {
            return .failure(Reason(.playbackNoLesson))
        }
        guard let sederId = record["sederId"].flatMap(integer), sederId > 0 else {
            return .failure(Reason(.playbackBadID, .text("sederId")))
        }
        guard let masechetId = record["masechetId"].flatMap(integer), masechetId > 0 else {
            return .failure(Reason(.playbackBadID, .text("masechetId")))
        }
        let lesson: Lesson
        do {
            lesson = try JSONDecoder().decode(Lesson.self, from: try JSONSerialization.data(withJSONObject: lessonValue))
        } catch {
            return .failure(Reason(.playbackBadLesson, .text(error.decodingSummary)))
        }
        guard lesson.number(as: type) != nil else { return .failure(Reason(.playbackBadLesson, .text(type.rawValue))) }
        let chapter = type == .mishna ? record["chapter"].flatMap(integer) ?? lesson.chapter : lesson.chapter
        return .success(
            PlacedLesson(type: type, placement: Placement(sederId: sederId, masechetId: masechetId, chapter: chapter), lesson: lesson))
    }

    // MARK: - Values

    /// An array, or the data of one (JSON or a property list), as apps store Codable values.
    private static func list(_ value: Any) -> [Any]? {
        if let list = value as? [Any] { return list }
        guard let data = value as? Data else { return nil }
        if let list = (try? JSONSerialization.jsonObject(with: data)) as? [Any] { return list }
        return PropertyListValues.read(data) as? [Any]
    }

    /// A whole number: an integer, an integral real, or digits in a string.
    private static func integer(_ value: Any) -> Int? {
        if let text = value as? String { return Int(text.trimmingCharacters(in: .whitespaces)) }
        guard let number = number(value), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// A number of a property list or JSON (never a string or a date).
    private static func number(_ value: Any) -> Double? {
        switch value {
        case let value as Int: Double(value)
        case let value as Int64: Double(value)
        case let value as UInt64: Double(value)
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
}

import Foundation
import OfflineLessons

/// What the Downloads page is asked to show, from its query: the order, the filters, the lessons
/// selected (one by one, by chapter, by masechet) and a quota to preview. Unknown values are
/// refused with a 400, never guessed.
struct DownloadsQuery: Sendable, Equatable {
    typealias Sort = DownloadOrder
    /// Which media a lesson must have: `missing`, one whose audio or video went missing.
    enum Media: String, Sendable, CaseIterable { case audio, video, missing }
    enum Played: String, Sendable, CaseIterable { case played, unplayed }

    var sort: Sort = .shas
    /// Words every one of which the lesson's name (or its masechet's) contains, in any case; a
    /// number is a whole daf, chapter or mishna of the name.
    var text = ""
    var media: Media?
    var played: Played?
    /// `lesson=gemara/5`, `chapter=gemara/1/2` (type/masechet/chapter), `masechet=1` (its lessons of both types).
    var lessons: [LessonID] = []
    var chapters: [String] = []
    var masechtot: [String] = []
    /// A maximum size to preview, in megabytes.
    var quotaMB: Int?

    init() {}

    /// Reads `sort`, `q`, `media`, `played`, `lesson`, `chapter`, `masechet` and `maxMB`; `pick`
    /// (the page's checkboxes, one name for them all) is `lesson:…`, `chapter:…` or `masechet:…`.
    init(_ parameters: [(String, String)]) throws {
        for (name, value) in parameters where !value.isEmpty {
            if name == "pick" {
                let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["lesson", "chapter", "masechet"].contains(parts[0]) else {
                    throw RouteFailure(.badRequest, Message(.screenBadPick, .text(value)))
                }
                try take(parts[0], parts[1])
            } else {
                try take(name, value)
            }
        }
    }

    private mutating func take(_ name: String, _ value: String) throws {
        switch name {
        case "sort": sort = try Self.choice(value, name)
        case "q": text = value.trimmingCharacters(in: .whitespaces)
        case "media": media = try Self.choice(value, name)
        case "played": played = try Self.choice(value, name)
        case "lesson": lessons.append(try RequestInput.lesson(value))
        case "chapter": chapters.append(try Self.group(value, parts: 3))
        case "masechet": masechtot.append(String(try RequestInput.number(value, "masechet")))
        case "maxMB": quotaMB = try RequestInput.quota(value)
        default: break
        }
    }

    var isFiltered: Bool { !text.isEmpty || media != nil || played != nil }
    var hasSelection: Bool { !lessons.isEmpty || !chapters.isEmpty || !masechtot.isEmpty }

    /// The lessons the filters keep, in the order asked for.
    func apply(to lessons: [DownloadedLesson], playbacks: [LessonID: Playback]) -> [DownloadedLesson] {
        let words = text.lowercased().split(separator: " ")
        let kept = lessons.filter { lesson in
            let name = "\(lesson.name) \(lesson.masechetName ?? "")".lowercased()
            let numbers = name.split(separator: " ").filter { $0.first?.isNumber == true }
            // A word is in the name, or names its masechet as people write it ("brochos", "ברכות");
            // a number is a whole daf, chapter or mishna ("3" finds Berakhot 3, not 13 or 30).
            let masechet = lesson.masechetName ?? ""
            let found = { (word: Substring) in
                word.first?.isNumber == true
                    ? numbers.contains { $0 == word || $0.hasPrefix(word + ":") }
                    : name.contains(word) || Masechet.isName(String(word), of: masechet)
            }
            guard words.allSatisfy(found) else { return false }
            switch media {
            case .audio?: guard lesson.media[MediaKind.audio.rawValue] != nil else { return false }
            case .video?: guard lesson.media[MediaKind.video.rawValue] != nil else { return false }
            case .missing?: guard lesson.unfinishedMedia.values.contains(.missing) else { return false }
            case nil: break
            }
            let isPlayed = playbacks[lesson.lessonID]?.played ?? false
            return played.map { ($0 == .played) == isPlayed } ?? true
        }
        return kept.ordered(sort)
    }

    /// The listed lessons the selection names, in the list's order, each once.
    func selected(from lessons: [DownloadedLesson]) -> [DownloadedLesson] {
        let ids = Set(self.lessons)
        let chapters = Set(self.chapters)
        let masechtot = Set(self.masechtot)
        return lessons.filter {
            ids.contains($0.lessonID) || chapters.contains(Self.chapterKey($0)) || masechtot.contains(Self.masechetKey($0))
        }
    }

    /// `gemara/1/2`: a chapter as the selection names it.
    static func chapterKey(_ lesson: DownloadedLesson) -> String { "\(lesson.type.rawValue)/\(lesson.masechetId)/\(lesson.chapter)" }
    /// `1`: a masechet, its Gemara and Mishna lessons.
    static func masechetKey(_ lesson: DownloadedLesson) -> String { String(lesson.masechetId) }

    /// The query of the order and filters (no selection), `&`-joined, for links and forms.
    var viewParameters: [(String, String)] {
        var out: [(String, String)] = []
        if sort != .shas { out.append(("sort", sort.rawValue)) }
        if !text.isEmpty { out.append(("q", text)) }
        if let media { out.append(("media", media.rawValue)) }
        if let played { out.append(("played", played.rawValue)) }
        return out
    }

    /// The selection as a query (`lesson=gemara%2F5&chapter=…`), for the remove action.
    var selectionQuery: String {
        let pairs = lessons.map { ("lesson", $0.description) } + chapters.map { ("chapter", $0) } + masechtot.map { ("masechet", $0) }
        return pairs.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
    }

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(_ value: String, _ name: String) throws -> Value
    where Value.RawValue == String {
        guard let chosen = Value(rawValue: value) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw RouteFailure(.badRequest, Message(.screenNotOneOf, .text(name), .text(allowed), .text(value)))
        }
        return chosen
    }

    /// `gemara/1/2`: a type, a masechet and a chapter.
    private static func group(_ value: String, parts: Int) throws -> String {
        let pieces = value.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == parts, LessonType(rawValue: String(pieces[0])) != nil, pieces.dropFirst().allSatisfy({ Int($0) != nil })
        else {
            throw RouteFailure(.badRequest, Message(.screenBadChapter, .text(value)))
        }
        return value
    }
}

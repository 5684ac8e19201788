import Foundation

/// A calendar's portion on one day (a daf, or an own pace's share), with the catalog's lessons on
/// it and their state.
public struct CalendarLesson: Sendable, Hashable, Codable {
    /// Why a calendar's daf has no lesson here: it is named and skipped, never mapped to another.
    public enum Absence: String, Sendable, Hashable, Codable {
        /// The catalog has no Gemara of that masechet: Shekalim (learned from the Yerushalmi),
        /// Kinnim and Middot, in the demo catalog.
        case noGemara = "no-gemara"
        /// The catalog has no Mishna of that masechet or chapter.
        case noMishna = "no-mishna"
        /// The catalog has the masechet but no lesson on that daf or mishna.
        case noLesson = "no-lesson"
    }

    public var calendar: DafCalendar
    public var day: LearningDay
    /// The days this portion is learned: the day itself for Daf Yomi, its week for Daf HaShavua.
    public var from: LearningDay
    public var to: LearningDay
    public var portion: Portion
    /// The catalog's lessons on the portion (one a daf or mishna), each with its media's state.
    public var lessons: [LessonStatus]
    public var absence: Absence?
    /// With ``Absence/noGemara``, the catalog's id of the masechet when it has its Mishna (Kinnim,
    /// Middot): where the day's masechet can be learned instead. Never fetched in its place.
    public var mishnaMasechetId: Int?

    /// Whether it has lessons and each is downloaded (its audio or video complete).
    public var isReady: Bool { !lessons.isEmpty && lessons.allSatisfy(\.downloaded) }
}

extension LessonLibrary {
    /// The day it is now by the library's clock, where the clock reads `zone`'s time (a day
    /// starts at local midnight).
    public func today(in zone: TimeZone = .current) -> LearningDay {
        LearningDay(now(), in: zone)
    }

    /// `calendar`'s portion on `day`, found in the catalog, each lesson with its state (no sync of
    /// folders: a quick read). A listing that is not cached is fetched within `timeout`, or not at
    /// all when it is nil (``CatalogError/notCached(_:)``). `nil` before the calendar began.
    public func lesson(of calendar: DafCalendar, on day: LearningDay, fetchingWithin timeout: Duration?) async throws
        -> CalendarLesson?
    {
        guard let portion = calendar.portion(on: day), let days = calendar.days(around: day) else { return nil }
        let catalog = catalog(within: timeout)
        let (placed, absence) = try await catalog.lessons(on: portion)
        let lessons = try await status(of: placed, sync: false)
        return CalendarLesson(
            calendar: calendar, day: day, from: days.lowerBound, to: days.upperBound, portion: portion, lessons: lessons, absence: absence,
            mishnaMasechetId: try await catalog.mishnaMasechetId(of: portion, absence))
    }
}

extension Catalog {
    /// The lessons on a calendar's portion, in its order; an absence when there are none. The
    /// masechet must be named exactly (its name or a known other name, never a near spelling), so
    /// a place the catalog lacks is not taken for another's.
    func lessons(on portion: Portion) async throws -> ([PlacedLesson], CalendarLesson.Absence?) {
        let shas = try await shas().shas
        var found: [PlacedLesson] = []
        var absence: CalendarLesson.Absence?
        for place in portion.places {
            let (lessons, missing) = try await lessons(at: place, in: shas)
            found += lessons
            absence = absence ?? missing
        }
        return (found, found.isEmpty ? absence : nil)
    }

    /// For a portion whose Gemara the catalog lacks, its masechet's id when the catalog has its Mishna.
    func mishnaMasechetId(of portion: Portion, _ absence: CalendarLesson.Absence?) async throws -> Int? {
        guard absence == .noGemara, let found = try? MasechetNames.find(portion.masechet, in: try await shas().shas), !found.isFuzzy
        else { return nil }
        return found.masechet.chapterList.isEmpty ? nil : found.masechet.id
    }

    private func lessons(at place: StudyPlace, in shas: Shas) async throws -> ([PlacedLesson], CalendarLesson.Absence?) {
        let found = try? MasechetNames.find(place.masechet, in: shas)
        if let daf = place.daf {
            guard let found, !found.isFuzzy, found.masechet.pages > 0 else { return ([], .noGemara) }
            let lessons = try await gemaraLessons(of: found.masechet, in: found.seder).lessons.filter { $0.number == daf }
            return (lessons, lessons.isEmpty ? .noLesson : nil)
        }
        guard let chapter = place.chapter, let found, !found.isFuzzy, found.masechet.chapterList.contains(where: { $0.chapter == chapter })
        else { return ([], .noMishna) }
        let lessons = try await mishnaLessons(of: found.masechet, in: found.seder, chapter: chapter).lessons
            .filter { place.mishna == nil || $0.number == place.mishna }
        return (lessons, lessons.isEmpty ? .noLesson : nil)
    }
}

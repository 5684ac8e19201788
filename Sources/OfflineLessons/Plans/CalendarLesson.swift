import Foundation

/// A calendar's daf on one day, with the catalog's lessons on it and their state.
public struct CalendarLesson: Sendable, Hashable, Codable {
    /// Why a calendar's daf has no lesson here: it is named and skipped, never mapped to another.
    public enum Absence: String, Sendable, Hashable, Codable {
        /// The catalog has no Gemara of that masechet: Shekalim (learned from the Yerushalmi),
        /// Kinnim and Middot, in the demo catalog.
        case noGemara = "no-gemara"
        /// The catalog has the masechet's Gemara but no lesson on that daf.
        case noLesson = "no-lesson"
    }

    public var calendar: DafCalendar
    public var day: LearningDay
    /// The days this daf is learned: the day itself for Daf Yomi, its week for Daf HaShavua.
    public var from: LearningDay
    public var to: LearningDay
    public var daf: ScheduledDaf
    /// The catalog's lessons on the daf (usually one), each with its media's state.
    public var lessons: [LessonStatus]
    public var absence: Absence?

    /// Whether one of its lessons is downloaded (its audio or video complete).
    public var isReady: Bool { lessons.contains(where: \.downloaded) }
}

extension LessonLibrary {
    /// The day it is now by the library's clock, where the clock reads `zone`'s time (a day
    /// starts at local midnight).
    public func today(in zone: TimeZone = .current) -> LearningDay {
        LearningDay(now(), in: zone)
    }

    /// `calendar`'s daf on `day`, found in the catalog, each lesson with its state (no sync of
    /// folders: a quick read). A listing that is not cached is fetched within `timeout`, or not at
    /// all when it is nil (``CatalogError/notCached(_:)``). `nil` before the calendar began.
    public func lesson(of calendar: DafCalendar, on day: LearningDay, fetchingWithin timeout: Duration?) async throws
        -> CalendarLesson?
    {
        guard let daf = calendar.daf(on: day), let days = calendar.days(around: day) else { return nil }
        let (placed, absence) = try await catalog(within: timeout).lessons(on: daf)
        let lessons = try await status(of: placed, sync: false)
        return CalendarLesson(
            calendar: calendar, day: day, from: days.lowerBound, to: days.upperBound, daf: daf, lessons: lessons, absence: absence)
    }
}

extension Catalog {
    /// The lessons on a calendar's daf. The masechet must be named exactly (its name or a known
    /// other name, never a near spelling), so a daf the catalog lacks is not taken for another's.
    func lessons(on daf: ScheduledDaf) async throws -> ([PlacedLesson], CalendarLesson.Absence?) {
        let shas = try await shas().shas
        guard let found = try? MasechetNames.find(daf.masechet, in: shas), !found.isFuzzy, found.masechet.pages > 0 else {
            return ([], .noGemara)
        }
        let lessons = try await gemaraLessons(of: found.masechet, in: found.seder).lessons.filter { $0.number == daf.daf }
        return (lessons, lessons.isEmpty ? .noLesson : nil)
    }
}

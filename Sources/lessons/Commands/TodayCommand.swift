import ArgumentParser
import Foundation
import OfflineLessons

struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: HelpWords.say("Today's daf of Daf Yomi, of Daf HaShavua or of your own pace, and the next one, with their state."),
        discussion: HelpWords.say(
            """
            The calendars are computed here, offline: Daf Yomi (a daf a day; the 14th cycle began on 5 January 2020), Daf HaShavua (a daf a week, Sunday to Shabbat) and your own pace, when a plan follows one. Each daf is looked up in the catalog (a listing not cached is fetched from the server); a daf the catalog has no lesson on, such as Shekalim of the Yerushalmi, is named and skipped. With plans followed (`lessons plan`), their calendars only. The day starts at local midnight (TZ is honoured).

            Examples: lessons today; lessons today --date 2027-06-08 --json
            """)
    )

    @Option(help: ArgumentHelp(HelpWords.say("The day to show instead of today, as YYYY-MM-DD."), valueName: "date"))
    var date: String?

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: CatalogServerOptions
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, catalogServer: serverOptions, output) }

    func validate() throws {
        if let date, LearningDay(iso: date) == nil { throw ValidationError(Terminal.say(.todayNotADay, .text(date))) }
    }

    func run() async throws {
        // Without a library or a server the calendars still answer, without lessons to show.
        let library = try global.apiBase() == nil && !global.libraryExists ? nil : try await global.openLibrary()
        let day = date.flatMap { LearningDay(iso: $0) } ?? library?.today() ?? LearningDay(Date(), in: .current)
        var entries: [TodayEntry] = []
        // The first failure to reach the catalog is said once; the server is not asked again, the
        // cache still answers for the other calendars.
        var problem: String?
        if !global.json { Terminal.out(Self.spoken(day)) }
        // The calendars of the plans followed; both when none is.
        let planned = try await library?.plans().map(\.calendar) ?? []
        for calendar in planned.isEmpty ? DafCalendar.allCases : planned {
            guard var (now, next) = try await Self.lessons(calendar, on: day, library, fetching: problem == nil) else {
                if !global.json {
                    Terminal.out(Terminal.say(calendar.title) + ": " + Terminal.say(.todayNotBegun, .message(calendar.began.spoken)))
                }
                continue
            }
            problem = problem ?? now.problem ?? next.problem
            (now.problem, next.problem) = (now.lesson == nil ? problem : nil, next.lesson == nil ? problem : nil)
            entries += [TodayEntry(calendar, now, next: false), TodayEntry(calendar, next, next: true)]
            if !global.json { Self.show(calendar, now, next) }
        }
        if global.json { try Terminal.json(TodayReport(day: day, lessons: entries)) }
        if let problem, !global.json { Terminal.warning(Terminal.say(.todayUnknown, .text(problem))) }
        let waiting = entries.contains { $0.lessons.contains { $0.media.contains { $0.state == "queued" } } }
        if waiting, !global.json, try await library?.isQueuePaused() == true { Terminal.warning(Terminal.say(.todayQueuePaused)) }
    }

    /// A calendar's daf on `day` and the next one, each found in the catalog or with the reason
    /// it could not be; `nil` before the calendar began.
    static func lessons(_ calendar: DafCalendar, on day: LearningDay, _ library: LessonLibrary?, fetching: Bool) async throws
        -> (Found, Found)?
    {
        guard let days = calendar.days(around: day) else { return nil }
        func find(_ day: LearningDay) async -> Found {
            guard let library else { return Found(day: day, portion: calendar.portion(on: day), lesson: nil) }
            do {
                let lesson = try await library.lesson(of: calendar, on: day, fetchingWithin: fetching ? .seconds(10) : nil)
                return Found(day: day, portion: calendar.portion(on: day), lesson: lesson)
            } catch {
                let words = CommandFailure(classifying: error)?.message ?? Terminal.say(stored: String(describing: error))
                return Found(day: day, portion: calendar.portion(on: day), lesson: nil, problem: words)
            }
        }
        let now = await find(day)
        let following = days.upperBound.adding(days: 1)
        guard now.problem == nil else { return (now, Found(day: following, portion: calendar.portion(on: following), lesson: nil)) }
        return (now, await find(following))
    }

    struct Found {
        var day: LearningDay
        var portion: Portion?
        var lesson: CalendarLesson?
        var problem: String? = nil
    }

    static func show(_ calendar: DafCalendar, _ now: Found, _ next: Found) {
        guard let portion = now.portion else { return }
        let place = Terminal.say(calendar.place(of: portion, on: now.day))
        Terminal.out(Terminal.say(calendar.title) + ": \(portion.name)\(state(of: now))  " + Style.dim("(\(place))", on: .out))
        let label = Terminal.say(calendar.isWeekly ? .todayNextWeek : .todayTomorrow)
        // The Mishna offered once, when the next daf is of the same masechet.
        let offered = now.lesson?.mishnaMasechetId != nil && now.lesson?.mishnaMasechetId == next.lesson?.mishnaMasechetId
        let nextState = offered ? " — " + Terminal.say(.todayNoGemara, .text(next.portion?.masechet ?? "")) : state(of: next)
        if let following = next.portion { Terminal.out("  \(label): \(following.name)\(nextState)") }
    }

    /// " — downloaded", " — not downloaded", or why it has no lesson here; nothing when its
    /// lesson is not known (no library, or the catalog out of reach: said once, at the end).
    static func state(of found: Found) -> String {
        guard let lesson = found.lesson else { return "" }
        return " — " + state(of: lesson)
    }

    /// A masechet as a selector names it: "Bava Kamma" → `bava-kamma`.
    static func mishnaSelectorWord(_ masechet: String) -> String {
        masechet.lowercased().split(separator: " ").joined(separator: "-")
    }

    static func state(of lesson: CalendarLesson) -> String {
        switch lesson.absence {
        case .noGemara:
            let skipped = Terminal.say(.todayNoGemara, .text(lesson.portion.masechet))
            guard lesson.mishnaMasechetId != nil else { return skipped }
            return Terminal.say(.todayMishnaInstead, .text(skipped), .text(mishnaSelectorWord(lesson.portion.masechet)))
        case .noMishna: return Terminal.say(.todayNoMishna, .text(lesson.portion.masechet))
        case .noLesson: return Terminal.say(.todayNoLesson)
        case nil: break
        }
        if lesson.isReady { return Style.state("complete", shown: Terminal.say(.todayDownloaded), on: .out) }
        if lesson.lessons.contains(where: { $0.media.contains { $0.state == "downloading" } }) { return Terminal.say(.todayUnderWay) }
        if isQueued(lesson) { return Terminal.say(.todayQueued) }
        let downloaded = lesson.lessons.filter { $0.media.contains { $0.medium != .text && $0.state == "complete" } }.count
        if downloaded > 0 { return Terminal.say(.todaySomeDownloaded, .number(downloaded), .number(lesson.lessons.count)) }
        return Terminal.say(lesson.lessons.count > 1 ? .todayNoneDownloaded : .cliNotDownloaded)
    }

    /// Some of its media wait in the queue (none is being fetched).
    static func isQueued(_ lesson: CalendarLesson) -> Bool {
        lesson.lessons.contains { $0.media.contains { $0.state == "queued" } }
    }

    /// "Shabbat, 28 November 2026" in the terminal's language.
    static func spoken(_ day: LearningDay) -> String {
        Terminal.say(day.spoken)
    }
}

/// `lessons today --json`: the day, and each calendar's daf for it and the next one.
struct TodayReport: Encodable {
    var day: LearningDay
    var lessons: [TodayEntry]
}

/// One calendar's daf on one day: its name ("Daf Yomi: Arakhin 9"), where it stands in its cycle,
/// the catalog's lessons on it with their state, or why it has none here.
struct TodayEntry: Encodable {
    var calendar: DafCalendar
    var next: Bool
    var name: String
    var day: LearningDay
    var from: LearningDay?
    var to: LearningDay?
    var portion: Portion?
    var lessons: [LessonStatus]
    var absence: CalendarLesson.Absence?
    /// With no Gemara in the catalog, the selector of the masechet's Mishna when it has one
    /// (`mishna:kinnim`): where the day's masechet can be learned instead.
    var mishna: String?
    var problem: String?

    init(_ calendar: DafCalendar, _ found: TodayCommand.Found, next: Bool) {
        self.calendar = calendar
        self.next = next
        name = Terminal.say(calendar.title) + ": " + (found.portion?.name ?? "")
        day = found.day
        from = calendar.days(around: found.day)?.lowerBound
        to = calendar.days(around: found.day)?.upperBound
        portion = found.portion
        lessons = found.lesson?.lessons ?? []
        absence = found.lesson?.absence
        if let lesson = found.lesson, lesson.mishnaMasechetId != nil {
            mishna = "mishna:" + TodayCommand.mishnaSelectorWord(lesson.portion.masechet)
        }
        problem = found.problem
    }
}

import ArgumentParser
import Foundation
import OfflineLessons

struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: HelpWords.say("Follow a learning plan: its lessons downloaded before their day, removed after it."),
        discussion: HelpWords.say(
            """
            A plan follows Daf Yomi (a daf a day), Daf HaShavua (a daf a week) or your own pace: from where you choose, so many dapim, mishnayot or chapters of Mishna a day or a week (dapim in the order Daf Yomi learns the Bavli, the Mishna in the order of the sedarim). `lessons ready` then downloads the lessons of today and of the next days (--ahead), and removes a lesson the plan downloaded once its day is more than --keep past (pinned lessons stay; one the library held before stays too). `lessons clean` removes those first, and removes a lesson the plan still keeps last.

            Examples:
              lessons plan add daf-yomi --ahead 3 --keep 7d --media audio
              lessons plan add own-pace --from "Bava Metzia 2" --every day --count 2
              lessons plan add own-pace --from "Berakhot 1" --unit chapter --every week
              lessons plan list
              lessons plan remove daf-hashavua
            """),
        subcommands: [PlanListCommand.self, PlanAddCommand.self, PlanRemoveCommand.self],
        defaultSubcommand: PlanListCommand.self
    )
}

/// A calendar as the command line names it.
enum CalendarName: String, CaseIterable, ExpressibleByArgument {
    case dafYomi = "daf-yomi"
    case dafHashavua = "daf-hashavua"
    case ownPace = "own-pace"
}

extension OwnPace.Period: ExpressibleByArgument {}
extension StudyUnit: ExpressibleByArgument {}

struct PlanAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: HelpWords.say("Follow a calendar, or change the settings of its plan."))

    @Argument(help: ArgumentHelp(HelpWords.say("The calendar: daf-yomi, daf-hashavua or own-pace."), valueName: "calendar"))
    var calendar: CalendarName

    @Option(
        help: ArgumentHelp(
            HelpWords.say(
                "Own pace: where to start, a daf (\"Bava Metzia 2\"), a mishna (\"Berakhot 1:1\") or a chapter (\"Berakhot 3\")."),
            valueName: "place"))
    var from: String?

    @Option(
        help: ArgumentHelp(HelpWords.say("Own pace: the day of the first daf, as YYYY-MM-DD; today when not given."), valueName: "date"))
    var starting: String?

    @Option(help: ArgumentHelp(HelpWords.say("Own pace: every day or every week; every day when not given.")))
    var every: OwnPace.Period?

    @Option(
        help: ArgumentHelp(
            HelpWords.say(
                "Own pace: what it counts, `daf`, `mishna` or `chapter` (of Mishna); a daf, or a mishna for \"Berakhot 1:1\", when not given."
            )))
    var unit: StudyUnit?

    @Option(help: ArgumentHelp(HelpWords.say("Own pace: how many each day or week (1-30); one when not given."), valueName: "number"))
    var count: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(HelpWords.say("Days ahead whose dapim are kept ready (0-30)."), valueName: "days"))
    var ahead = 3

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(HelpWords.say("How long a daf is kept after its day, in whole days: 7d, 2w, 0d."), valueName: "duration"))
    var keep = "7d"

    @Option(help: ArgumentHelp(HelpWords.say("Which media: audio, video or both. The PDF comes along when the lesson has one.")))
    var media: MediaChoice = .audio

    @Flag(help: ArgumentHelp(HelpWords.say("Keep a daf not played through past --keep, until it is.")))
    var keepUnplayed = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func validate() throws {
        _ = try plan(today: LearningDay(Date(), in: .current))
    }

    /// The calendar named, with an own pace's settings; they are refused for another calendar.
    func dafCalendar(today: LearningDay) throws -> DafCalendar {
        switch calendar {
        case .dafYomi, .dafHashavua:
            guard from == nil, starting == nil, every == nil, unit == nil, count == nil else {
                throw ValidationError(Terminal.say(.planOwnPaceOnly, .text(calendar.rawValue)))
            }
            return calendar == .dafYomi ? .dafYomi : .dafHashavua
        case .ownPace:
            guard let from else { throw ValidationError(Terminal.say(.planOwnPaceNeedsFrom)) }
            var began = today
            if let starting {
                guard let day = LearningDay(iso: starting) else { throw ValidationError(Terminal.say(.todayNotADay, .text(starting))) }
                began = day
            }
            do {
                return .ownPace(try OwnPace(from: from, unit: unit, count: count ?? 1, began: began, every: every ?? .day))
            } catch let error as OwnPaceError {
                throw ValidationError(Terminal.say(error.words))
            }
        }
    }

    func plan(today: LearningDay) throws -> LearningPlan {
        let duration: Duration
        do {
            duration = try Units.duration(keep)
        } catch {
            throw ValidationError(error.duration("--keep", keep))
        }
        let (days, rest) = duration.components.seconds.quotientAndRemainder(dividingBy: 86_400)
        guard rest == 0, duration.components.attoseconds == 0 else { throw ValidationError(Terminal.say(.planKeepWholeDays, .text(keep))) }
        let plan = LearningPlan(
            calendar: try dafCalendar(today: today), ahead: ahead, keepDays: Int(days), media: media, keepUnplayed: keepUnplayed)
        guard LearningPlan.aheadRange.contains(ahead) else { throw ValidationError(Terminal.say(PlanError.aheadOutOfRange(ahead).words)) }
        guard LearningPlan.keepRange.contains(plan.keepDays) else {
            throw ValidationError(Terminal.say(PlanError.keepOutOfRange(plan.keepDays).words))
        }
        return plan
    }

    func run() async throws {
        let library = try await global.openLibrary()
        let plan = try plan(today: library.today())
        let existed = try await library.plans().contains { $0.calendar == plan.calendar }
        try await library.setPlan(plan)
        if global.json {
            try Terminal.json(try await library.plans())
            return
        }
        Terminal.out(Terminal.say(existed ? .planChanged : .planAdded, .message(plan.calendar.title), .message(plan.settings)))
        if !existed { Terminal.out(Terminal.say(.planNextStep)) }
    }
}

struct PlanListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: HelpWords.say("List the plans followed."))

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let plans = global.libraryExists ? try await global.openLibrary(readOnly: true, existing: true).plans() : []
        if global.json {
            try Terminal.json(plans)
        } else if plans.isEmpty {
            Terminal.out(Terminal.say(.planNone))
        } else {
            for plan in plans { Terminal.out(Terminal.say(plan.calendar.title) + ": " + Terminal.say(plan.settings)) }
        }
    }
}

struct PlanRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: HelpWords.say("Stop following a plan; its lessons stay, as any other download."))

    @Argument(help: ArgumentHelp(HelpWords.say("The calendar: daf-yomi, daf-hashavua or own-pace."), valueName: "calendar"))
    var calendar: CalendarName

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let library = try await global.openLibrary(existing: true)
        // An own pace is known by its name alone; its settings are the followed plan's.
        let followed = try await library.plans().first { $0.calendar.rawValue == calendar.rawValue }?.calendar
        guard let followed else { throw PlanError.noSuchPlan(calendar.rawValue) }
        try await library.removePlan(followed)
        if global.json {
            try Terminal.json(try await library.plans())
        } else {
            Terminal.out(Terminal.say(.planRemoved, .message(followed.title)))
        }
    }
}

import ArgumentParser
import Foundation
import OfflineLessons

struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: HelpWords.say("Follow a learning plan: its dapim downloaded before their day, removed after it."),
        discussion: HelpWords.say(
            """
            A plan follows Daf Yomi (a daf a day) or Daf HaShavua (a daf a week). `lessons ready` then downloads the dapim of today and of the next days (--ahead), and removes a daf the plan downloaded once its day is more than --keep past (pinned lessons stay; one the library held before stays too). `lessons clean` removes those first, and removes a daf the plan still keeps last.

            Examples:
              lessons plan add daf-yomi --ahead 3 --keep 7d --media audio
              lessons plan list
              lessons plan remove daf-hashavua
            """),
        subcommands: [PlanListCommand.self, PlanAddCommand.self, PlanRemoveCommand.self],
        defaultSubcommand: PlanListCommand.self
    )
}

extension DafCalendar: ExpressibleByArgument {}

struct PlanAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: HelpWords.say("Follow a calendar, or change the settings of its plan."))

    @Argument(help: ArgumentHelp(HelpWords.say("The calendar: daf-yomi or daf-hashavua."), valueName: "calendar"))
    var calendar: DafCalendar

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
        _ = try plan()
    }

    func plan() throws -> LearningPlan {
        let duration: Duration
        do {
            duration = try Units.duration(keep)
        } catch {
            throw ValidationError(error.duration("--keep", keep))
        }
        let (days, rest) = duration.components.seconds.quotientAndRemainder(dividingBy: 86_400)
        guard rest == 0, duration.components.attoseconds == 0 else { throw ValidationError(Terminal.say(.planKeepWholeDays, .text(keep))) }
        let plan = LearningPlan(calendar: calendar, ahead: ahead, keepDays: Int(days), media: media, keepUnplayed: keepUnplayed)
        guard LearningPlan.aheadRange.contains(ahead) else { throw ValidationError(Terminal.say(PlanError.aheadOutOfRange(ahead).words)) }
        guard LearningPlan.keepRange.contains(plan.keepDays) else {
            throw ValidationError(Terminal.say(PlanError.keepOutOfRange(plan.keepDays).words))
        }
        return plan
    }

    func run() async throws {
        let library = try await global.openLibrary()
        let plan = try plan()
        let existed = try await library.plans().contains { $0.calendar == plan.calendar }
        try await library.setPlan(plan)
        if global.json {
            try Terminal.json(try await library.plans())
            return
        }
        Terminal.out(Terminal.say(existed ? .planChanged : .planAdded, .text(plan.calendar.name), .message(plan.settings)))
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
            for plan in plans { Terminal.out("\(plan.calendar.name): " + Terminal.say(plan.settings)) }
        }
    }
}

struct PlanRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: HelpWords.say("Stop following a plan; its lessons stay, as any other download."))

    @Argument(help: ArgumentHelp(HelpWords.say("The calendar: daf-yomi or daf-hashavua."), valueName: "calendar"))
    var calendar: DafCalendar

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func run() async throws {
        let library = try await global.openLibrary(existing: true)
        try await library.removePlan(calendar)
        if global.json {
            try Terminal.json(try await library.plans())
        } else {
            Terminal.out(Terminal.say(.planRemoved, .text(calendar.name)))
        }
    }
}

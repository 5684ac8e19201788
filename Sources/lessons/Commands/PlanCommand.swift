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
        commandName: "add", abstract: HelpWords.say("Follow a calendar, or change some settings of its plan."),
        discussion: HelpWords.say(
            """
            A new plan keeps 3 days ahead ready, keeps a daf 7 days after its day and downloads audio, unless told otherwise. For a calendar already followed, only the settings given change. An own pace given --from starts again from there; without --from it goes on from where it stands, a new --count or --every from today's day or week.

            Examples:
              lessons plan add daf-yomi
              lessons plan add daf-yomi --media both
              lessons plan add own-pace --from "Berakhot 1" --unit chapter --every week
              lessons plan add own-pace --count 2
            """))

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

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(HelpWords.say("Days ahead whose dapim are kept ready (0-30); 3 for a new plan."), valueName: "days"))
    var ahead: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            HelpWords.say("How long a daf is kept after its day, in whole days: 7d, 2w, 0d; 7d for a new plan."), valueName: "duration"))
    var keep: String?

    @Option(
        help: ArgumentHelp(
            HelpWords.say("Which media: audio, video or both; audio for a new plan. The PDF comes along when the lesson has one.")))
    var media: MediaChoice?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(HelpWords.say("Keep a daf not played through past --keep, until it is (--no-keep-unplayed: no longer).")))
    var keepUnplayed: Bool?

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output) }

    func validate() throws {
        // Whether an own pace needs --from is known once the library is open: one followed goes on.
        _ = try plan(over: nil, today: LearningDay(Date(), in: .current), checkingOnly: true)
    }

    /// The calendar named, with an own pace's settings; they are refused for another calendar.
    /// Without --from, the own pace followed goes on from where it stands, with what is given.
    func dafCalendar(over followed: OwnPace?, today: LearningDay, checkingOnly: Bool) throws -> DafCalendar? {
        switch calendar {
        case .dafYomi, .dafHashavua:
            guard from == nil, starting == nil, every == nil, unit == nil, count == nil else {
                throw ValidationError(Terminal.say(.planOwnPaceOnly, .text(calendar.rawValue)))
            }
            return calendar == .dafYomi ? .dafYomi : .dafHashavua
        case .ownPace:
            var began: LearningDay?
            if let starting {
                guard let day = LearningDay(iso: starting) else { throw ValidationError(Terminal.say(.todayNotADay, .text(starting))) }
                began = day
            }
            do {
                if let from {
                    let (every, began) = (every ?? followed?.every ?? .day, began ?? today)
                    // The followed pace's unit stays when the place is one of it ("Berakhot 3" in
                    // chapters), and so does its count; in another unit the count starts at 1.
                    if unit == nil, let followed,
                        let pace = try? OwnPace(from: from, unit: followed.unit, count: count ?? followed.count, began: began, every: every)
                    {
                        return .ownPace(pace)
                    }
                    let pace = try OwnPace(from: from, unit: unit, count: count ?? 1, began: began, every: every)
                    guard count == nil, let followed, followed.unit == pace.unit else { return .ownPace(pace) }
                    return .ownPace(try OwnPace(from: from, unit: unit, count: followed.count, began: began, every: every))
                }
                guard let followed else {
                    if checkingOnly { return nil }
                    throw ValidationError(Terminal.say(.planOwnPaceNeedsFrom))
                }
                guard unit == nil || unit == followed.unit else { throw ValidationError(Terminal.say(.planUnitNeedsFrom)) }
                if starting == nil, every == nil, count == nil { return .ownPace(followed) }
                return .ownPace(try followed.continuing(on: today, count: count, every: every, began: began))
            } catch let error as OwnPaceError {
                throw ValidationError(Terminal.say(error.words))
            }
        }
    }

    /// The plan asked for over `followed` (the plan of the same calendar, when there is one): a
    /// setting not given keeps its value there, or takes its first value.
    func plan(over followed: LearningPlan?, today: LearningDay, checkingOnly: Bool = false) throws -> LearningPlan? {
        var keepDays = followed?.keepDays ?? 7
        if let keep {
            let duration = (try? Units.duration(keep)) ?? .zero
            let (days, rest) = duration.components.seconds.quotientAndRemainder(dividingBy: 86_400)
            guard (try? Units.duration(keep)) != nil, rest == 0, duration.components.attoseconds == 0 else {
                throw ValidationError(Terminal.say(.planKeepWholeDays, .text(keep)))
            }
            keepDays = Int(days)
        }
        let ahead = ahead ?? followed?.ahead ?? 3
        guard LearningPlan.aheadRange.contains(ahead) else { throw ValidationError(Terminal.say(PlanError.aheadOutOfRange(ahead).words)) }
        guard LearningPlan.keepRange.contains(keepDays) else {
            throw ValidationError(Terminal.say(PlanError.keepOutOfRange(keepDays).words))
        }
        var pace: OwnPace?
        if case .ownPace(let followedPace) = followed?.calendar { pace = followedPace }
        guard let calendar = try dafCalendar(over: pace, today: today, checkingOnly: checkingOnly) else { return nil }
        return LearningPlan(
            calendar: calendar, ahead: ahead, keepDays: keepDays, media: media ?? followed?.media ?? .audio,
            keepUnplayed: keepUnplayed ?? followed?.keepUnplayed ?? false)
    }

    func run() async throws {
        let library = try await global.openLibrary()
        let followed = try await library.plans().first { $0.calendar.rawValue == calendar.rawValue }
        guard let plan = try plan(over: followed, today: library.today()) else { return }
        // A calendar compares by its name alone: an own pace's settings are compared apart.
        let unchanged = plan == followed && Self.pace(of: plan) == Self.pace(of: followed)
        if !unchanged { try await library.setPlan(plan) }
        if global.json {
            try Terminal.json(try await library.plans())
            return
        }
        let phrase: CommandPhrase = followed == nil ? .planAdded : unchanged ? .planUnchanged : .planChanged
        Terminal.out(Terminal.say(phrase, .message(plan.calendar.title), .message(plan.settings)))
        if followed == nil { Terminal.out(Terminal.say(.planNextStep)) }
        if let (old, standing) = Self.replacedPace(followed, by: plan, today: library.today()) {
            Terminal.out(Terminal.say(.planPaceReplaced, .message(old.settings), .text(Self.command(goingOnWith: standing))))
        }
        if !unchanged, let masechet = try await Self.startWithoutGemara(plan, library) {
            Terminal.warning(Terminal.say(.planNoGemaraStart, .text(masechet)))
        }
    }

    /// The own pace followed until now, moved to another place by a new --from: where it stood
    /// today is then only in what is said: that pace, and the same going on from today's place.
    /// `nil` when it goes on (or nothing was followed).
    static func replacedPace(_ followed: LearningPlan?, by plan: LearningPlan, today: LearningDay) -> (OwnPace, OwnPace)? {
        guard let old = pace(of: followed), let new = pace(of: plan), let standing = try? old.continuing(on: today) else { return nil }
        return standing.first == new.first && standing.unit == new.unit ? nil : (old, standing)
    }

    /// The command that follows `pace` again from where it stands.
    static func command(goingOnWith pace: OwnPace) -> String {
        // Every setting: one not given would be taken from the pace that replaced it (its unit
        // would even read "Bava Metzia 2" its own way).
        "lessons plan add own-pace --from \"\(pace.first.start)\" --unit \(pace.unit.rawValue) --count \(pace.count) --every \(pace.every.rawValue)"
    }

    /// The masechet an own pace of dapim starts in when the cached catalog has no Gemara of it
    /// (Shekalim): its first days have nothing to fetch. `nil` when it has, or the Shas is neither
    /// cached nor fetched.
    static func startWithoutGemara(_ plan: LearningPlan, _ library: LessonLibrary) async throws -> String? {
        guard let pace = pace(of: plan), pace.unit == .daf else { return nil }
        await MigrateCommand.cacheShas(of: library)  // fetched once, when a server is configured
        guard let shas = try await library.cachedCatalog()?.shas,
            let masechet = shas.sedarim.flatMap(\.masechtot).first(where: { $0.name == pace.first.masechet }), masechet.pages == 0
        else { return nil }
        return masechet.name
    }

    static func pace(of plan: LearningPlan?) -> OwnPace? {
        guard case .ownPace(let pace) = plan?.calendar else { return nil }
        return pace
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

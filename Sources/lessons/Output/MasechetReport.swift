import Foundation
import OfflineLessons

/// `lessons catalog <masechet>`: the masechet's dapim and its mishnayot by chapter, each lesson
/// with its download state.
struct MasechetReport: Encodable {
    var masechet: String
    var seder: String
    /// The masechet's size in the Shas, whether or not its listings could be read.
    var dapim: Int
    var mishnayot: Int
    var gemara: [LessonStatus]
    var mishna: [LessonStatus]
    /// Whether the Gemara's listing is neither cached nor could be fetched (the server out of reach).
    var gemaraNotCached = false
    /// The chapters of Mishna whose listings are neither cached nor could be fetched.
    var chaptersNotCached: [Int] = []
    /// Why they could not be fetched.
    var unreachable: String?

    /// Resolves `name` (any spelling `download` takes) and reads the states of all its lessons.
    init(_ name: String, library: LessonLibrary) async throws {
        let shas = try await library.catalog().shas
        let selector = try LessonSelector(parsing: "mishna:\(name)")
        guard let match = try selector.masechetMatch(in: shas) else {
            throw CommandFailure(Terminal.say(.cliNotAMasechet, .text(name)), exitCode: CommandFailure.usage)
        }
        masechet = match.masechet.name
        seder = match.seder.name
        dapim = match.masechet.pages
        mishnayot = match.masechet.chapterList.reduce(0) { $0 + $1.mishnayot }
        let id = String(match.masechet.id)
        // Offline, what is cached is shown and what is not is named, one listing at a time;
        // with nothing at all to show, the server's absence is the error. Once it has not
        // answered (or there is none), it is not asked again.
        var firstError: CatalogError?
        func listing(_ selector: LessonSelector) async throws -> [PlacedLesson]? {
            do {
                if firstError != nil { return try await library.lessons(for: [selector], fetchingWithin: nil) }
                return try await library.lessons(for: selector)
            } catch let error as CatalogError {
                switch error {
                case .unreachable, .notCached: firstError = firstError ?? error
                default: throw error
                }
                return nil
            }
        }
        var dapim: [PlacedLesson] = []
        if match.masechet.pages > 0 {
            let listed = try await listing(.gemara(masechet: id, dapim: nil))
            dapim = listed ?? []
            gemaraNotCached = listed == nil
        }
        var mishnayot: [PlacedLesson] = []
        for chapter in 1...max(1, match.masechet.chapters) {
            guard let listed = try await listing(.mishna(masechet: id, chapters: chapter...chapter, mishnayot: nil)) else {
                chaptersNotCached.append(chapter)
                continue
            }
            mishnayot += listed
        }
        if let firstError, dapim.isEmpty, mishnayot.isEmpty { throw firstError }
        gemara = try await library.status(of: dapim, sync: false)
        mishna = try await library.status(of: mishnayot, sync: false)
        unreachable = firstError.map { Terminal.say($0.words) }
    }

    /// "2-4, 7": the chapters, runs of them joined.
    static func spans(_ numbers: [Int]) -> String {
        var spans: [ClosedRange<Int>] = []
        for number in numbers {
            if let last = spans.last, last.upperBound + 1 == number {
                spans[spans.count - 1] = last.lowerBound...number
            } else {
                spans.append(number...number)
            }
        }
        return spans.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
    }

    func printHuman() {
        let downloaded = (gemara + mishna).filter(\.downloaded).count
        Terminal.out(
            Terminal.say(.masechetHeader, .text(masechet), .text(seder), .number(dapim), .number(mishnayot), .number(downloaded)))
        if !gemara.isEmpty {
            Terminal.out(Terminal.say(.cliGemara))
            for lesson in gemara { Terminal.out("  " + Self.line(lesson)) }
        }
        var chapter: Int?
        if !mishna.isEmpty { Terminal.out(Terminal.say(.cliMishna)) }
        for lesson in mishna {
            if chapter != lesson.chapter {
                chapter = lesson.chapter
                Terminal.out("  " + Terminal.say(.cliChapter, .number(lesson.chapter)))
            }
            Terminal.out("    " + Self.line(lesson))
        }
        if let unreachable {
            let chapters = Self.spans(chaptersNotCached)
            let part: Message =
                switch (gemaraNotCached, chapters.isEmpty) {
                case (true, true): Message(CommandPhrase.masechetPartGemara, arguments: [])
                case (false, _): Message(CommandPhrase.masechetPartChapters, arguments: [.text(chapters)])
                case (true, false): Message(CommandPhrase.masechetPartBoth, arguments: [.text(chapters)])
                }
            Terminal.warning(Terminal.say(.masechetNotCached, .message(part), .text(masechet), .text(unreachable)))
        }
    }

    /// `Berakhot 2         downloaded: audio, PDF` / `queued: audio` / `failed: video` / `—`.
    static func line(_ lesson: LessonStatus) -> String {
        let name = lesson.name.padding(toLength: 22, withPad: " ", startingAt: 0)
        let states = ["complete", "downloading", "queued", "failed", "missing", "corrupt"]
        var parts: [String] = []
        for state in states {
            let media = lesson.media.filter { $0.state == state }.map(\.medium.spoken)
            guard !media.isEmpty else { continue }
            let list = media.joined(separator: ", ")
            let shown =
                state == "complete"
                ? Terminal.say(.masechetDownloaded, .text(list)) : Terminal.say(.masechetStateMedia, .text(spokenState(state)), .text(list))
            parts.append(Style.state(state, shown: shown, on: .out))
        }
        return name + (parts.isEmpty ? Style.dim(Terminal.say(.cliNotDownloaded), on: .out) : parts.joined(separator: "; "))
    }
}

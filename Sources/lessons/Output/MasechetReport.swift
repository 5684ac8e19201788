import Foundation
import OfflineLessons

/// `lessons catalog <masechet>`: the masechet's dapim and its mishnayot by chapter, each lesson
/// with its download state.
struct MasechetReport: Encodable {
    var masechet: String
    var seder: String
    var gemara: [LessonStatus]
    var mishna: [LessonStatus]

    /// Resolves `name` (any spelling `download` takes) and reads the states of all its lessons.
    init(_ name: String, library: LessonLibrary) async throws {
        let shas = try await library.catalog().shas
        let selector = try LessonSelector(parsing: "mishna:\(name)")
        guard let match = try selector.masechetMatch(in: shas) else {
            throw CommandFailure(Terminal.say(.cliNotAMasechet, .text(name)), exitCode: CommandFailure.usage)
        }
        masechet = match.masechet.name
        seder = match.seder.name
        let id = String(match.masechet.id)
        let dapim = match.masechet.pages > 0 ? try await library.lessons(for: .gemara(masechet: id, dapim: nil)) : []
        let mishnayot = try await library.lessons(for: .mishna(masechet: id, chapters: nil, mishnayot: nil))
        gemara = try await library.status(of: dapim, sync: false)
        mishna = try await library.status(of: mishnayot, sync: false)
    }

    func printHuman() {
        let downloaded = (gemara + mishna).filter(\.downloaded).count
        Terminal.out(
            Terminal.say(.masechetHeader, .text(masechet), .text(seder), .number(gemara.count), .number(mishna.count), .number(downloaded)))
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

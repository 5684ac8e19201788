import ArgumentParser
import Foundation
import LessonsServer
import OfflineLessons

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A one-command tour: a content server in-process, a fresh temporary library, real downloads.",
        discussion: """
            Starts the demo content server on a free loopback port (no network, nothing to install), fetches the catalog of the whole Shas, downloads Berakhot daf 2-4 (Gemara) and Berakhot chapter 1 mishnayot 1-3 (Mishna) with their PDFs — Gemara 1 and Mishna 1 share an id but never a file — then shows sync at work (a file deleted by hand is found missing, a file dropped into place is adopted, and the history says so), prints the downloads list and where the library is. With --library DIR the demo uses that folder instead of a temporary one.
            """
    )

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output, progress) }

    func run() async throws {
        let root =
            global.library.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("lessons-demo-\(UUID().uuidString.prefix(8))")
        let server = try ContentServer()
        let global = self.global
        try await server.withRunning { running in
            let say: (String) -> Void = { if !global.json { Terminal.out($0) } }
            say("content server: \(running.apiBase.absoluteString) (demo catalog, in-process)")
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "demo"))
            let library = try await LessonLibrary(root: root, client: client)
            let totals = try await library.catalog(refresh: true).shas.totals
            say("catalog: \(totals.sedarim) sedarim, \(totals.masechtot) masechtot, \(totals.dapim) dapim, \(totals.mishnayot) mishnayot")
            let selectors = [try LessonSelector(parsing: "gemara:berakhot:2-4"), try LessonSelector(parsing: "mishna:berakhot:1:1-3")]
            let lessons = try await library.lessons(for: selectors)
            say("downloading \(lessons.count) lessons (audio + PDF): \(selectors.map(\.description).joined(separator: ", "))")
            let progress = ProgressDisplay(mode: ProgressDisplay.Mode(global), names: try await library.lessonNames(for: lessons))
            let run = try await library.download(lessons, media: .audio)
            for await event in run { progress.handle(event) }
            let summary = await run.summary
            // Sync at work: a file deleted behind the library's back, and a file of a known lesson
            // that no download brought (as an old app version would have left it).
            let gone = MediaKey(LessonID(.mishna, 3), .audio)
            try? FileManager.default.removeItem(at: library.fileURL(for: gone))
            let strayLesson = try await library.lessons(for: .lesson(LessonID(.gemara, 4)))[0]
            let stray = MediaKey(strayLesson.id, .audio)
            let strayFile = library.fileURL(for: stray)
            try FileManager.default.createDirectory(at: strayFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = SyntheticMedia(
                lesson: stray.lesson, medium: .audio, duration: strayLesson.lesson.duration,
                scale: server.configuration.mediaSizeScale
            ).allBytes
            try Data(bytes).write(to: strayFile)
            let sync = try await library.sync()
            let downloads = try await library.downloads(sync: false)
            let names = try await library.lessonNames()
            if global.json {
                try Terminal.json(DemoReport(summary: summary, lessons: downloads, library: root.path, sync: sync))
                return
            }
            say("")
            say("sync, after \(names.name(gone)) was deleted by hand and \(names.name(stray)) dropped into place: \(sync.summary)")
            for action in sync.changes { say("  \(action.action.rawValue) \(action.key.map { names.name($0) } ?? ""): \(action.reason)") }
            say(
                "history of \(names.name(gone.lesson)): "
                    + (try await library.history(of: gone.lesson)).reversed().map {
                        "\($0.kind.rawValue)" + ($0.medium.map { " \($0.name())" } ?? "")
                    }.joined(separator: ", "))
            say("")
            say("downloads list:")
            for lesson in downloads {
                let media = MediaKind.allCases.filter { lesson.media[$0.rawValue] != nil }.map { $0.name() }.joined(separator: "+")
                say("  \(lesson.name) [\(lesson.lessonID)] \(media) \(formatBytes(lesson.bytes))")
            }
            let gemara = library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio)).path
            let mishna = library.fileURL(for: MediaKey(LessonID(.mishna, 1), .audio)).path
            say("")
            say(
                "\(names.name(LessonID(.gemara, 1))) [gemara/1] and \(names.name(LessonID(.mishna, 1))) [mishna/1] share an id, not a file:\n  \(gemara)\n  \(mishna)"
            )
            say("library: \(root.path) (try: lessons list --library \(root.path))")
            say("the Downloads screen of this library, in a browser: lessons ui --library \(root.path) --open")
            if !summary.succeeded { throw CommandFailure("\(summary.failed.count) download(s) failed", exitCode: CommandFailure.failed) }
        }
    }

    struct DemoReport: Encodable {
        var summary: DownloadSummary
        var lessons: [DownloadedLesson]
        var library: String
        var sync: SyncReport
    }
}

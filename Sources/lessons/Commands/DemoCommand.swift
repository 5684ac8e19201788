import ArgumentParser
import Foundation
import LessonsServer
import OfflineLessons

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: HelpWords.say("A one-command tour: a content server in-process, a fresh temporary library, real downloads."),
        discussion: HelpWords.say(
            """
            Starts the demo content server on a free loopback port (no network, nothing to install), fetches the catalog of the whole Shas, downloads Berakhot daf 2-4 (Gemara) and Berakhot chapter 1 mishnayot 1-3 (Mishna) with their PDFs — Gemara 1 and Mishna 1 share an id but never a file — then shows sync at work (a file deleted by hand is found missing, a file dropped into place is adopted, and the history says so), prints the downloads list and where the library is. With --library DIR the demo uses that folder, new or empty, instead of a temporary one.
            """)
    )

    // The library option as the top command parses it, hidden: its help names $LESSONS_LIBRARY,
    // which the demo never uses (it deletes and plants files to show sync). The discussion says
    // what --library does here.
    @OptionGroup(visibility: .hidden) var libraryOption: LibraryOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var progress: ProgressOption

    var library: String? { libraryOption.library }

    var global: GlobalOptions { GlobalOptions(libraryOption, nil, output, progress) }

    func validate() throws {
        guard let library else { return }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []
        if !contents.isEmpty || (FileManager.default.fileExists(atPath: library) && !isFolder(library)) {
            throw ValidationError(Terminal.say(.demoNeedsEmptyFolder, .text(library)))
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    func run() async throws {
        let root =
            global.library.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("lessons-demo-\(UUID().uuidString.prefix(8))")
        let server = try ContentServer()
        let global = self.global
        try await server.withRunning { running in
            let say: (String) -> Void = { if !global.json { Terminal.out($0) } }
            say(Terminal.say(.demoServer, .text(running.apiBase.absoluteString)))
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "demo"))
            let library = try await LessonLibrary(root: root, client: client)
            let totals = try await library.catalog(refresh: true).shas.totals
            say(
                Terminal.say(
                    .demoCatalog, .number(totals.sedarim), .number(totals.masechtot), .number(totals.dapim), .number(totals.mishnayot)))
            let selectors = [try LessonSelector(parsing: "gemara:berakhot:2-4"), try LessonSelector(parsing: "mishna:berakhot:1:1-3")]
            let lessons = try await library.lessons(for: selectors)
            let requested = try await library.lessonNames(for: lessons)
            // Each selector as people name its lessons: "Berakhot 2 – Berakhot 4".
            var spans: [String] = []
            for selector in selectors {
                let ids = try await library.lessons(for: selector).map(\.id)
                if let first = ids.first, let last = ids.last { spans.append("\(requested.name(first)) – \(requested.name(last))") }
            }
            say(Terminal.say(.demoDownloading, .number(lessons.count), .text(spans.joined(separator: ", "))))
            let progress = ProgressDisplay(mode: ProgressDisplay.Mode(global), names: requested)
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
            let downloads = try await ListCommand.listed(library)
            let names = try await library.lessonNames()
            if global.json {
                try Terminal.json(Annotated.versioned(DemoReport(summary: summary, lessons: downloads, library: root.path, sync: sync)))
                return
            }
            say("")
            say(Terminal.say(.demoSync, .text(names.spoken(gone)), .text(names.spoken(stray)), .message(sync.summaryWords)))
            for action in sync.changes {
                say(
                    "  \(Terminal.say(action.action.phrase)) \(action.key.map { names.spoken($0) } ?? ""): \(Terminal.say(stored: action.reason))"
                )
            }
            let events = try await library.history(of: gone.lesson).reversed().map { event in
                event.medium.map { Terminal.say(.demoEvent, .word(event.kind.phrase), .text($0.spoken)) } ?? Terminal.say(event.kind.phrase)
            }
            say(Terminal.say(.demoHistory, .text(names.name(gone.lesson)), .text(events.joined(separator: ", "))))
            say("")
            say(Terminal.say(.demoList))
            for lesson in downloads {
                let media = MediaKind.allCases.filter { lesson.media[$0.rawValue] != nil }.map(\.spoken).joined(separator: "+")
                let missing = lesson.missingMedia.map(\.spoken).joined(separator: "+")
                let note = missing.isEmpty ? "" : " " + Terminal.say(.listMissing, .text(missing))
                say("  \(lesson.name) [\(lesson.lessonID)] \(media) \(formatBytes(lesson.bytes))\(note)")
            }
            let gemara = library.fileURL(for: MediaKey(LessonID(.gemara, 1), .audio)).path
            let mishna = library.fileURL(for: MediaKey(LessonID(.mishna, 1), .audio)).path
            say("")
            let first = Message.Argument.text("\(names.name(LessonID(.gemara, 1))) [gemara/1]")
            say(Terminal.say(.demoShareID, first, .text("\(names.name(LessonID(.mishna, 1))) [mishna/1]")) + "\n  \(gemara)\n  \(mishna)")
            say(Terminal.say(.demoLibrary, .text(root.path)))
            say(Terminal.say(.demoScreen, .text(root.path)))
            if !summary.succeeded {
                throw CommandFailure(Terminal.say(.downloadFailedCount, .number(summary.failed.count)), exitCode: CommandFailure.failed)
            }
        }
    }

    struct DemoReport: Encodable {
        var summary: DownloadSummary
        var lessons: [DownloadedLesson]
        var library: String
        var sync: SyncReport
    }
}

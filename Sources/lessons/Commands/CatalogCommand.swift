import ArgumentParser
import Foundation
import OfflineLessons

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: HelpWords.say("Show the Shas, or one masechet's lessons with their download states."),
        discussion: HelpWords.say(
            """
            The catalog is cached in the library database, so it is there offline. It is fetched from the server when nothing is cached or with --refresh; a failed or empty answer never replaces the cached copy.

            With a masechet (named as `download` takes it), its dapim and its mishnayot by chapter, each with its state: downloaded (which media), queued, failed, or not downloaded.

            Examples:
              lessons catalog --server http://127.0.0.1:8080/api/
              lessons catalog berakhot
              lessons catalog Bava Kamma
              lessons catalog --refresh --json
            """)
    )

    @Argument(help: ArgumentHelp(HelpWords.say("A masechet: show its lessons and their states."), valueName: "masechet"))
    var masechetWords: [String] = []

    /// The masechet as typed, quoted or not ("Bava Kamma").
    var masechet: String? { masechetWords.isEmpty ? nil : masechetWords.joined(separator: " ") }

    @Flag(help: ArgumentHelp(HelpWords.say("Fetch the Shas from the server even when it is cached.")))
    var refresh = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: CatalogServerOptions
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, catalogServer: serverOptions, output) }

    func validate() throws {
        guard let masechet else { return }
        if masechet.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(Terminal.say(.catalogEmptyMasechet)) }
        // A selector ("gemara:berakhot:2", "gemara/64", "Bava Kamma 2") names lessons, which `status`
        // shows; a name with more than the masechet ("Peah 1", no lesson) is refused, not cut short.
        let numbered = masechet.contains(where: \.isLetter) && masechet.wholeMatch(of: /.*\s\d[\d\s:-]*/) != nil
        let isSelector = (try? LessonSelector(parsing: masechet)) != nil
        if isSelector || numbered || masechet.contains(":") || masechet.contains("/") {
            throw ValidationError(Terminal.say(isSelector ? .catalogSelectorGiven : .catalogNameAlone, .text(masechet)))
        }
    }

    func run() async throws {
        var refresh = refresh
        if !global.libraryExists {
            // A library is made to cache the Shas only once the server has answered: a failed
            // catalog leaves no library behind.
            // Nothing cached and no server: the server is what is missing.
            guard let configuration = try global.apiBase() else { throw CatalogError.notCached("the Shas") }
            _ = try await CatalogClient(configuration: configuration).fetchShas()
            refresh = true
        }
        let library = try await global.openLibrary()
        let catalog: CatalogSnapshot
        // A refresh the server cannot answer shows the cached copy (its report says when it was
        // fetched), and still fails: what was asked for was not done.
        var notRefreshed: CatalogError?
        do {
            catalog = try await library.catalog(refresh: refresh)
        } catch let error as CatalogError {
            guard refresh, let cached = try await library.cachedCatalog() else { throw error }
            switch error {
            case .unreachable, .notCached: break
            default: throw error
            }
            notRefreshed = error
            catalog = cached
        }
        if let masechet {
            let report = try await MasechetReport(masechet, library: library)
            if global.json { try Terminal.json(report) } else { report.printHuman() }
        } else {
            let report = CatalogReport(catalog)
            for problem in catalog.shas.problems {
                Terminal.warning(Terminal.say(.catalogBadEntry, .message(Phrasebook.recognize("\(problem)"))))
            }
            if global.json { try Terminal.json(report) } else { report.printHuman() }
        }
        if let notRefreshed {
            throw CommandFailure(Terminal.say(.catalogRefreshFailed, .message(notRefreshed.words)), exitCode: CommandFailure.unusable)
        }
    }
}

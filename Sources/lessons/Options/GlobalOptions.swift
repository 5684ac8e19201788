import ArgumentParser
import Foundation
import OfflineLessons

/// `--library`: where the library is (every command that opens one).
struct LibraryOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            HelpWords.say("The library folder."),
            discussion: HelpWords.say("Default: $LESSONS_LIBRARY, else $XDG_DATA_HOME/lessons, else ~/.local/share/lessons."),
            valueName: "dir"))
    var library: String?

    func validate() throws {
        if let library, library.isEmpty {
            throw ValidationError(Terminal.say(.cliLibraryEmpty))
        }
    }
}

/// The API token. A group of its own: `serve` takes it alone, and a group the top command
/// parses reaches a command only as the same group.
struct TokenOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(HelpWords.say("The API token (default: $LESSONS_TOKEN)."), valueName: "token"))
    var token: String?
}

/// Which server, with what token and trusted certificates (commands that read the catalog).
struct CatalogServerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            HelpWords.say("The server's API base URL, e.g. http://127.0.0.1:8080/api/ (default: $LESSONS_SERVER)."), valueName: "url"))
    var server: String?

    @OptionGroup var tokenOption: TokenOption
    var token: String? { tokenOption.token }

    @Option(
        name: .long,
        help: ArgumentHelp(
            HelpWords.say(
                "A PEM file of certificates to trust besides the system's, for a server behind a private CA (default: $LESSONS_CA_FILE)."),
            valueName: "file"))
    var cacert: String?
}

/// The catalog's server and where the media are (commands that fetch media).
struct ServerOptions: ParsableArguments {
    @OptionGroup var catalogServer: CatalogServerOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            HelpWords.say("The media base URL for audio and PDF keys (default: $LESSONS_MEDIA_BASE, else the server's origin + /media/)."),
            valueName: "url"))
    var mediaBase: String?
}

/// How results are printed (every command).
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(HelpWords.say("Print one JSON document on stdout and nothing else there.")))
    var json = false

    @Flag(
        name: .customLong("no-color"),
        help: ArgumentHelp(HelpWords.say("No colour (also with NO_COLOR set, or when the output is not a terminal).")))
    var noColor = false
}

/// `--quiet`, for the commands that show progress.
struct ProgressOption: ParsableArguments {
    @Flag(name: [.short, .long], help: ArgumentHelp(HelpWords.say("Print no progress on stderr.")))
    var quiet = false
}

/// What a command was given of the option groups it takes (those it does not take are empty):
/// the library, the server, how to print.
struct GlobalOptions {
    var library: String?
    var server: String?
    var token: String?
    var mediaBase: String?
    var cacert: String?
    var json = false
    var quiet = false
    var noColor = false

    init(_ library: LibraryOption? = nil, _ server: ServerOptions? = nil, _ output: OutputOptions, _ progress: ProgressOption? = nil) {
        self.init(library, catalogServer: server?.catalogServer, output, progress)
        mediaBase = server?.mediaBase
    }

    init(_ library: LibraryOption?, catalogServer server: CatalogServerOptions?, _ output: OutputOptions, _ progress: ProgressOption? = nil)
    {
        self.library = library?.library
        self.server = server?.server
        token = server?.token
        cacert = server?.cacert
        json = output.json
        noColor = output.noColor
        quiet = progress?.quiet ?? false
    }

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The library folder per the contract's order of precedence.
    var libraryURL: URL {
        if let path = setting(library, "LESSONS_LIBRARY") { return URL(fileURLWithPath: path) }
        // XDG_DATA_HOME counts only as an absolute path (the XDG rule); ~ is $HOME, as a shell reads it.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("lessons")
        }
        let home = setting(nil, "HOME").map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/lessons")
    }

    var resolvedToken: String? {
        setting(token, "LESSONS_TOKEN")
    }

    /// A command-line value, else a non-empty environment variable.
    func setting(_ flag: String?, _ variable: String) -> String? {
        flag ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }
}

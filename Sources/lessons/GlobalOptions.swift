import ArgumentParser
import Foundation
import OfflineLessons

/// Options every command takes: where the library is, which server, how to print.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library folder.", discussion: "Default: $LESSONS_LIBRARY, else $XDG_DATA_HOME/lessons, else ~/.local/share/lessons.", valueName: "dir"))
    var library: String?

    @Option(name: .long, help: ArgumentHelp("The server's API base URL, e.g. http://127.0.0.1:8080/api/ (default: $LESSONS_SERVER).", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("The API token (default: $LESSONS_TOKEN).", valueName: "token"))
    var token: String?

    @Option(name: .long, help: ArgumentHelp("The media base URL for audio and PDF keys (default: $LESSONS_MEDIA_BASE, else the server's origin + /media/).", valueName: "url"))
    var mediaBase: String?

    @Flag(name: .long, help: "Print one JSON document on stdout and nothing else there.")
    var json = false

    @Flag(name: [.short, .long], help: "Print no progress on stderr.")
    var quiet = false

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The library folder per the contract's order of precedence.
    var libraryURL: URL {
        if let library, !library.isEmpty { return URL(fileURLWithPath: library) }
        if let path = environment["LESSONS_LIBRARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("lessons")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/lessons")
    }

    var resolvedToken: String? {
        token ?? environment["LESSONS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The API base, or `nil` when none is configured. Throws on an unusable URL.
    func apiBase() throws -> URL? {
        guard let text = server ?? environment["LESSONS_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        guard let url = MediaLocator.validatedBase(text) else {
            throw CommandFailure(CatalogError.invalidServerURL(text).description, exitCode: CommandFailure.usage)
        }
        return url
    }

    /// The media base given by `--media-base` or `$LESSONS_MEDIA_BASE`; `nil` lets the library use
    /// the server's origin + `/media/`.
    func explicitMediaBase() throws -> URL? {
        guard let text = mediaBase ?? environment["LESSONS_MEDIA_BASE"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        guard let url = MediaLocator.validatedBase(text) else {
            throw CommandFailure("'\(text)' is not a usable media base URL: give an http(s) URL", exitCode: CommandFailure.usage)
        }
        return url
    }

    /// The library's database, creating the folder when needed.
    func openDatabase() throws -> LibraryDatabase {
        let root = libraryURL
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            return try LibraryDatabase.open(at: root.appendingPathComponent(LibraryLayout.databaseName).path)
        } catch {
            throw CommandFailure("cannot open the library at \(root.path): \(error)", exitCode: CommandFailure.unusable)
        }
    }

    /// The catalog over the library's cache and, when configured, the server.
    func catalog(database: LibraryDatabase) throws -> Catalog {
        let client = try apiBase().map {
            CatalogClient(configuration: .init(apiBase: $0, token: resolvedToken))
        }
        return Catalog(database: database, client: client)
    }
}

import ArgumentParser
import Foundation
import LessonsUI
import OfflineLessons

struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: HelpWords.say("The Downloads screen as a local web app: browse the Shas, download, listen offline, manage storage."),
        discussion: HelpWords.say(
            """
            Serves pages over the library (and the configured server, for the catalog; with the server unreachable it shows the cached catalog and the library, and says so). Prints its address, which carries the library's token: open that one. The token is kept in the library, so the address (and a page left open) still works after a restart; --new-token replaces it, and the old address stops working. It listens on loopback unless --host says otherwise; every request needs the token and a Host that names this machine (loopback; with --host 0.0.0.0, also its own addresses and host name: it prints its address on the network too, with a QR code on a terminal with colours and at the end of the Today page, to open on a phone or another computer on the same Wi-Fi). Ctrl-C stops it; downloads it started stay queued and resume with `lessons download`.

            Example:
              lessons ui --port 8090 --open
            """)
    )

    @Option(parsing: .unconditional, help: ArgumentHelp(HelpWords.say("The port to listen on; 0 picks a free one.")))
    var port: Int = 8090

    @Option(
        help: ArgumentHelp(
            HelpWords.say("The address to listen on (loopback by default; anything else exposes the library to the network).")))
    var host: String = "127.0.0.1"

    @Flag(help: ArgumentHelp(HelpWords.say("Open the address in the default browser (xdg-open or open).")))
    var open = false

    @Flag(help: ArgumentHelp(HelpWords.say("Give the address a new token: the address printed before stops working.")))
    var newToken = false

    @OptionGroup var libraryOption: LibraryOption
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var output: OutputOptions

    var global: GlobalOptions { GlobalOptions(libraryOption, serverOptions, output) }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(Terminal.say(.cliPortRange, "--port", .number(port))) }
        guard !host.isEmpty else { throw ValidationError(Terminal.say(.cliNotEmpty, "--host")) }
    }

    func run() async throws {
        let library = try await global.openLibrary()
        let token = try await library.screenToken(renew: newToken)
        let app = LibraryWebApp(library: library, configuration: .init(host: host, port: port, token: token))
        let json = global.json
        let open = self.open
        // Ctrl-C or SIGTERM cancels the app: its live streams end, the downloads it started go back to the
        // queue, and the server stops.
        let (failure, stoppedBy) = await runInterruptibly { () -> (any Error)? in
            do {
                try await app.withRunning { running in
                    let network = running.networkURLs.map(\.absoluteString)
                    if json {
                        try? Terminal.json(UIAddresses(url: running.url.absoluteString, network: network, library: library.root.path))
                    } else {
                        Terminal.out(running.url.absoluteString)
                        // A phone on the same Wi-Fi opens one of these; this machine, the first line.
                        for address in network where address != running.url.absoluteString {
                            Terminal.out(Terminal.say(.uiOnTheNetwork, .text(address)))
                        }
                        Terminal.err(Terminal.say(.uiServing, .text(library.root.path)) + "\n")
                        // The first, for a phone's camera, on a terminal that shows colours (it is drawn black on white).
                        if let first = network.first, Style.isColored(.err), let code = QRCode(first) {
                            Terminal.err(code.terminalLines().joined(separator: "\n") + "\n")
                        }
                    }
                    if open { Self.openInBrowser(running.url) }
                    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure = failure as? WebAppError {
            throw CommandFailure(
                Terminal.say(.uiCannotServe, .text("\(host):\(port)"), .message(failure.words)),
                exitCode: CommandFailure.unusable)
        } else if let failure {
            throw failure
        }
        if let stoppedBy { throw ExitCode(stoppedBy.exitCode) }
    }

    /// Hands the address to the desktop's opener; a machine without one just has the printed address.
    static func openInBrowser(_ url: URL) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open"]
        #endif
        process.arguments = (process.arguments ?? []) + [url.absoluteString]
        do {
            try process.run()
        } catch {
            Terminal.err(Terminal.say(.uiNoBrowser, .text("\(error)")) + "\n")
        }
    }
}

/// What `ui --json` prints once the app listens.
struct UIAddresses: Encodable {
    /// The address to open on this machine.
    var url: String
    /// The addresses a phone on the same Wi-Fi opens (`LibraryWebApp.Running.networkURLs`).
    var network: [String]
    var library: String
}

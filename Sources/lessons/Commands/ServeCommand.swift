import ArgumentParser
import Foundation
import LessonsServer
import OfflineLessons

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: HelpWords.say("Run a content server with the demo catalog of the whole Shas."),
        discussion: HelpWords.say(
            """
            Speaks the legacy lessons API (masechtot_list/, gemara/masechet/{id}/, mishna/masechet/{id}/chapter/{n}/) and serves synthetic media with Range, ETag and HEAD. It prints its API base URL on stdout; give that to other commands with --server. With --token T (or $LESSONS_TOKEN) the lesson listings take only T; otherwise any non-empty token. The Shas and the media are open to anyone who can reach the port, as in the legacy API.

            Example:
              lessons serve --port 8080 &
              lessons catalog --server http://127.0.0.1:8080/api/
            """)
    )

    @Option(parsing: .unconditional, help: ArgumentHelp(HelpWords.say("The port to listen on; 0 picks a free one.")))
    var port: Int = 8080

    @Option(help: ArgumentHelp(HelpWords.say("The address to listen on.")))
    var host: String = "127.0.0.1"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            HelpWords.say("Scale media sizes: bytes = duration × rate × scale. 1 is realistic (about 29 MB of audio per 30 minutes)."),
            valueName: "x"))
    var mediaSizeScale: Double = 0.001

    @Flag(
        help: ArgumentHelp(
            HelpWords.say(
                "Give each file's MD5 as its ETag, as S3 does, so that `lessons sync --verify` can check files (one pass over a file the first time it is asked for)."
            ))
    )
    var md5Etags = false

    // The token as the top command parses it (see TokenOption); here the one token accepted.
    @OptionGroup var tokenOption: TokenOption

    var token: String? { tokenOption.token }

    @OptionGroup var output: OutputOptions

    var global: GlobalOptions {
        var global = GlobalOptions(nil, nil, output)
        global.token = token
        return global
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(Terminal.say(.cliPortRange, "--port", .number(port))) }
        guard mediaSizeScale > 0, mediaSizeScale.isFinite else { throw ValidationError(Terminal.say(.serveScale)) }
        if let token = global.token, token.isEmpty { throw ValidationError(Terminal.say(.cliNotEmpty, "--token")) }
    }

    func run() async throws {
        var configuration = ContentServer.Configuration(host: host, port: port, token: global.resolvedToken, mediaSizeScale: mediaSizeScale)
        configuration.md5ETags = md5Etags
        let server = try ContentServer(configuration: configuration)
        let json = global.json
        let tokenNote = Terminal.say(configuration.token == nil ? .serveAnyToken : .serveOneToken)
        do {
            try await server.run { running in
                if json {
                    try? Terminal.json(["apiBase": running.apiBase.absoluteString, "mediaBase": running.mediaBase.absoluteString])
                } else {
                    Terminal.out(running.apiBase.absoluteString)
                    Terminal.err(Terminal.say(.serveServing, .text(running.mediaBase.absoluteString)) + "\n" + tokenNote + "\n")
                }
            }
        } catch let error as ContentServerError {
            switch error {
            case .portInUse, .notThisMachine:
                throw CommandFailure(
                    Terminal.say(.serveCannot, .message(Phrasebook.recognize("\(error)"))), exitCode: CommandFailure.unusable)
            default: break
            }
            throw CommandFailure(
                Terminal.say(.serveCannotOn, .text("\(host):\(port)"), .message(Phrasebook.recognize("\(error)"))),
                exitCode: CommandFailure.unusable)
        } catch {
            throw CommandFailure(
                Terminal.say(.serveCannotOn, .text("\(host):\(port)"), .message(Phrasebook.recognize("\(error)"))),
                exitCode: CommandFailure.unusable)
        }
    }
}

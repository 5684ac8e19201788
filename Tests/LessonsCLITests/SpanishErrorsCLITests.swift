import Foundation
import LessonsServer
import Testing

/// Error messages in Spanish through the built `lessons` binary, the language chosen from the
/// environment as gettext chooses it; the `lessons: error:` prefix stays as it is.
@Suite("lessons: errors in Spanish")
struct SpanishErrorsCLITests {
    /// Spanish by `LANG`, with nothing else in the environment choosing a language.
    static let spanish = ["LANG": "es_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""]

    /// Runs `body` with a server, an empty library and the environment pointing at them, in Spanish.
    func withServer(_ body: @Sendable ([String: String]) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-es-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = Self.spanish.merging(
                ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": root.path]) { $1 }
            #expect(try await CLIRunner.run(["download"], environment: env).status == 0)
            try await body(env)
        }
    }

    @Test("selector errors: exit 2 with the Spanish sentence")
    func selectors() async throws {
        try await withServer { env in
            let cases = [
                (
                    "gemara:bava",
                    "'bava' nombra varias masejtot: Bava Kamma, Bava Metzia, Bava Batra; escribe más del nombre"
                ),
                ("gemara:berakhot:10-2", "'gemara:berakhot:10-2': '10-2' está al revés: ¿quisiste decir 2-10?"),
                (
                    "gemara",
                    "'gemara' no es un selector: usa el nombre de una clase (\"Megillah 2\", \"Berakhot 1:3\"), gemara:<masechet>[:<daf>[-<daf>]], mishna:<masechet>[:<capítulo>[:<mishna>]], gemara/<id> o mishna/<id>"
                ),
            ]
            for (selector, message) in cases {
                let result = try await CLIRunner.run(["status", selector], environment: env)
                #expect(result.status == 2, "\(selector)")
                #expect(result.stderr == "lessons: error: \(message)\n")
            }
        }
    }

    @Test("no library, then no server configured and nothing cached: exit 3, the remedies in Spanish")
    func noServer() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-es-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let env = Self.spanish.merging(["LESSONS_LIBRARY": root.path]) { $1 }
        let none = try await CLIRunner.run(["list"], environment: env)
        #expect(none.status == 3)
        #expect(
            none.stderr
                == "lessons: error: no hay ninguna biblioteca en \(root.path): nunca se descargó nada ahí. `lessons download <selector>` empieza una; --library o LESSONS_LIBRARY indica otra carpeta\n"
        )
        // The catalog with neither a library nor a server: the server is what is missing.
        let catalog = try await CLIRunner.run(["catalog"], environment: env)
        #expect(catalog.status == 3 && catalog.stderr.contains("no hay ningún servidor configurado"), "\(catalog.stderr)")
        #expect(try await CLIRunner.run(["download"], environment: env).status == 0)
        let result = try await CLIRunner.run(["catalog"], environment: env)
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "lessons: error: el Shas no está guardado y no hay ningún servidor configurado para obtenerlo: usa --server URL o define LESSONS_SERVER\n"
        )
    }

    @Test("no token given, and a server address that is not the API base: exit 3, what to do in both languages")
    func tokenAndAPIBase() async throws {
        try await withServer { env in
            var noToken = env
            noToken["LESSONS_TOKEN"] = nil
            let spanish = try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: noToken)
            #expect(spanish.status == 3)
            #expect(
                spanish.stderr
                    == "lessons: error: el servidor pide un token de API y no se dio ninguno: pásalo con --token o LESSONS_TOKEN\n")
            let english = try await CLIRunner.run(["download", "gemara:berakhot:2"], environment: noToken.merging(["LANG": "C"]) { $1 })
            #expect(
                english.stderr
                    == "lessons: error: the server asks for an API token and none was given: pass it with --token or LESSONS_TOKEN\n")
            var origin = env
            origin["LESSONS_SERVER"] = env["LESSONS_SERVER"]?.replacingOccurrences(of: "/api/", with: "/")
            let notAPI = try await CLIRunner.run(["catalog", "--refresh"], environment: origin.merging(["LANG": "C"]) { $1 })
            #expect(notAPI.status == 3)
            #expect(
                notAPI.stderr
                    == "lessons: error: the server answered HTTP 404 for masechtot_list/: the server address must be the API base, ending in /api/ (--server or LESSONS_SERVER)\n"
            )
        }
    }

    @Test("the Spanish help keeps its subcommand column aligned beside '(por defecto)'")
    func helpColumn() async throws {
        let help = try await CLIRunner.run(["queue", "--help"], environment: Self.spanish)
        let lines = help.stdout.split(separator: "\n").map(String.init)
        func column(_ prefix: String) throws -> Int {
            let line = try #require(lines.first { $0.hasPrefix(prefix) }, "\(help.stdout)")
            let words = try #require(line.range(of: #"\S\s{2,}\S"#, options: .regularExpression))
            return line.distance(from: line.startIndex, to: words.upperBound)
        }
        #expect(try column("  list (por defecto) ") == column("  pause "), "\(help.stdout)")
    }

    @Test("a --cacert file that does not exist: exit 2, the reason and the remedy in Spanish")
    func badCertificateFile() async throws {
        let missing = "/nonexistent-\(UUID().uuidString.prefix(8))/ca.pem"
        let result = try await CLIRunner.run(
            ["download", "gemara:berakhot:3", "--cacert", missing, "--server", "http://127.0.0.1:9/api/"], environment: Self.spanish)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "lessons: error: no se puede usar el archivo de certificados \(missing): el archivo no existe (--cacert o LESSONS_CA_FILE)\n"
        )
    }

    @Test("LC_MESSAGES alone chooses Spanish; LANGUAGE is ignored under LANG=C")
    func messagesCategory() async throws {
        let clean = ["LANG": "", "LC_ALL": "", "LANGUAGE": ""]
        let spanish = try await CLIRunner.run(
            ["status", "gemara:x:1:2"], environment: clean.merging(["LC_MESSAGES": "es_ES.UTF-8"]) { $1 })
        #expect(spanish.status == 2)
        #expect(spanish.stderr == "lessons: error: 'gemara:x:1:2': un selector de Guemará es gemara:<masechet>[:<daf>[-<daf>]]\n")
        let plain = try await CLIRunner.run(
            ["status", "gemara:x:1:2"], environment: clean.merging(["LANG": "C", "LC_MESSAGES": "", "LANGUAGE": "es"]) { $1 })
        #expect(plain.stderr == "lessons: error: 'gemara:x:1:2': a Gemara selector is gemara:<masechet>[:<daf>[-<daf>]]\n")
    }
}

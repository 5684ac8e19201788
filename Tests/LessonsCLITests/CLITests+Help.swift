import Foundation
import Testing

@testable import OfflineLessons

/// The help a user reads: the version, usage hints, tables that fit 80 columns, completion
/// scripts, and only the options each command uses.
extension CLITests {
    @Test("--version prints the one version constant; a usage error names its command's help")
    func versionAndUsageHint() async throws {
        let version = try await CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout == LibraryVersion.current + "\n", "\(version.stdout)")
        let usage = try await CLIRunner.run(["download", "--concurrency", "0"])
        #expect(usage.status == 2)
        #expect(usage.stderr.hasSuffix("(`lessons help download` shows the usage)\n"), "\(usage.stderr)")
        let help = try await CLIRunner.run(["help", "download"])
        #expect(help.status == 0 && help.stdout.contains("--limit-rate"), "\(help.stdout)")
    }

    @Test(
        "each command's tables and examples fit 80 columns, in English and Spanish, so that no row wraps", arguments: ["C", "es_ES.UTF-8"])
    func helpRowsFit(_ locale: String) async throws {
        let commands = [
            "serve", "demo", "catalog", "download", "list", "status", "remove", "sync", "clean", "pin", "unpin", "doctor", "migrate",
            "export", "history", "ui", "queue", "today", "plan", "ready",
        ]
        for command in commands {
            let result = try await CLIRunner.run(
                ["help", command], environment: ["LANG": locale, "LC_ALL": locale, "COLUMNS": "300"])
            #expect(result.status == 0)
            // The discussion comes before the usage line; its indented lines are preformatted rows.
            let discussion = result.stdout.components(separatedBy: "\n").prefix { !$0.hasPrefix("USAGE:") && !$0.hasPrefix("USO:") }
            for row in discussion where row.hasPrefix("  ") {
                #expect(row.count <= 80, "\(locale) help \(command): \(row.count) columns: \(row)")
            }
        }
    }

    @Test("the completion scripts the README installs are generated, one per shell", arguments: ["bash", "zsh", "fish"])
    func completionScripts(_ shell: String) async throws {
        for arguments in [["--generate-completion-script", shell], ["--generate-completion-script=\(shell)"]] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("download") && result.stdout.contains("limit-rate"), "\(arguments)")
        }
    }

    @Test(
        "each command's help shows only the options it uses",
        arguments: [
            (["help", "pin"], ["--library", "--json"], ["--server", "--token", "--media-base", "--quiet"]),
            (["export", "--help"], ["--legacy-json", "--library"], ["--token", "--server", "--quiet"]),
            (["help", "download"], ["--server", "--token", "--cacert", "--quiet", "--limit-rate"], []),
            (["help", "serve"], ["--token", "--port"], ["--library", "--server", "--media-base"]),
        ])
    func helpShowsItsOptions(_ arguments: [String], shown: [String], hidden: [String]) async throws {
        let result = try await CLIRunner.run(arguments)
        #expect(result.status == 0)
        let options = try #require(result.stdout.components(separatedBy: "OPTIONS:").last)
        for option in shown { #expect(options.contains(option + " "), "\(arguments) lacks \(option)") }
        for option in hidden { #expect(!options.contains(option + " "), "\(arguments) shows \(option)") }
    }
}

import Foundation
import LessonsServerTesting
import Testing

/// `lessons catalog` with the server out of reach: what is cached is shown, and what is not is named.
@Suite("lessons catalog offline")
struct CatalogOfflineCLITests {
    @Test(
        "a masechet shows its cached listings and names the rest, its size in full; --refresh shows the cached Shas and exits 3; nothing cached is exit 3"
    )
    func offline() async throws {
        try await ReadingCLITests().withLibrary { env, _ in
            let closed = try SilentSocket(listening: false)
            defer { withExtendedLifetime(closed) {} }
            let away = env.merging(["LESSONS_SERVER": "http://127.0.0.1:\(closed.port)/api/", "LANG": "C"]) { $1 }
            let berakhot = try await CLIRunner.run(["catalog", "berakhot"], environment: away)
            #expect(berakhot.status == 0, "\(berakhot.stderr)")
            #expect(berakhot.stdout.contains("Berakhot 2 ") && berakhot.stdout.contains("Berakhot 1:3 "), "\(berakhot.stdout)")
            #expect(
                berakhot.stdout.hasPrefix("Berakhot (Seder Zeraim): 63 dapim, 57 mishnayot; "),
                "the masechet's size, not the count of lessons shown: \(berakhot.stdout)")
            #expect(
                berakhot.stderr.hasPrefix("lessons: warning: Mishna chapters 2–9 of Berakhot not shown: not cached, and could not reach"),
                "\(berakhot.stderr)")
            let json = try await CLIRunner.run(["catalog", "berakhot", "--json"], environment: away)
            #expect(
                json.stdout.contains(#""chaptersNotCached" : ["#) && json.stdout.contains(#""gemaraNotCached" : false"#), "\(json.stdout)")

            let refreshed = try await CLIRunner.run(["catalog", "--refresh"], environment: away)
            #expect(refreshed.status == 3 && refreshed.stdout.contains("Seder Zeraim"), "\(refreshed.stderr)")
            #expect(
                refreshed.stderr.hasPrefix("lessons: error: not refreshed, the cached copy is shown: could not reach"),
                "\(refreshed.stderr)")

            let shabbat = try await CLIRunner.run(["catalog", "shabbat"], environment: away)
            #expect(shabbat.status == 3 && shabbat.stderr.contains("could not reach the server for the list of Gemara lessons of Shabbat"))
            let spanish = try await CLIRunner.run(["catalog", "berakhot"], environment: away.merging(["LANG": "es_ES.UTF-8"]) { $1 })
            #expect(
                spanish.stderr.contains(
                    "aviso: no aparecen en la lista de Berakhot: los capítulos 2–9 de la Mishná; no están guardados, y "),
                "\(spanish.stderr)")
        }
    }
}

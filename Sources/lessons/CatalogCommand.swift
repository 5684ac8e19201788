import ArgumentParser
import Foundation
import OfflineLessons

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Show the Shas: sedarim, masechtot, chapters, mishnayot and dapim.",
        discussion: """
            The catalog is cached in the library database, so it is there offline. It is fetched from the server when nothing is cached or with --refresh; a failed or empty answer never replaces the cached copy.

            Examples:
              lessons catalog --server http://127.0.0.1:8080/api/
              lessons catalog --refresh --json
            """
    )

    @Flag(help: "Fetch the Shas from the server even when it is cached.")
    var refresh = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let library = try global.openLibrary()
        let (shas, source, fetchedAt) = try await library.catalog.shas(refresh: refresh)
        let cached = try library.database.cachedLessonCounts()
        let report = CatalogReport(shas: shas, source: source, fetchedAt: fetchedAt, cachedLessons: cached)
        for problem in shas.problems { Terminal.err("lessons: warning: the server's Shas has a bad entry, skipped: \(problem)\n") }
        if global.json {
            try Terminal.json(report)
        } else {
            report.printHuman()
        }
    }
}

/// What `lessons catalog` prints.
struct CatalogReport: Encodable {
    struct MasechetRow: Encodable {
        var id: Int
        var name: String
        var chapters: Int
        var mishnayot: Int
        var dapim: Int
    }
    struct SederRow: Encodable {
        var id: Int
        var order: Int
        var name: String
        var masechtot: [MasechetRow]
    }

    var source: Catalog.Source
    var fetchedAt: Date
    var totals: Shas.Totals
    var cachedLessons: [String: Int]
    var sedarim: [SederRow]

    init(shas: Shas, source: Catalog.Source, fetchedAt: Date, cachedLessons: [LessonType: Int]) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.totals = shas.totals
        self.cachedLessons = Dictionary(uniqueKeysWithValues: LessonType.allCases.map { ($0.rawValue, cachedLessons[$0] ?? 0) })
        self.sedarim = shas.sedarim.map { seder in
            SederRow(id: seder.id, order: seder.order, name: seder.name, masechtot: seder.masechtot.map { m in
                MasechetRow(id: m.id, name: m.name, chapters: m.chapterList.count,
                            mishnayot: m.chapterList.reduce(0) { $0 + $1.mishnayot }, dapim: m.pages)
            })
        }
    }

    func printHuman() {
        for seder in sedarim {
            Terminal.out("Seder \(seder.name) (\(seder.masechtot.count) masechtot)")
            for m in seder.masechtot {
                let gemara = m.dapim > 0 ? ", \(m.dapim) dapim of Gemara" : ""
                let name = m.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                Terminal.out("  \(name) id \(String(m.id).padding(toLength: 3, withPad: " ", startingAt: 0)) \(m.chapters) chapters, \(m.mishnayot) mishnayot\(gemara)")
            }
        }
        let t = totals
        Terminal.out("")
        Terminal.out("\(t.sedarim) sedarim, \(t.masechtot) masechtot, \(t.chapters) chapters, \(t.mishnayot) mishnayot; \(t.gemaraMasechtot) masechtot with Gemara, \(t.dapim) dapim")
        let when = ISO8601DateFormatter().string(from: fetchedAt)
        Terminal.out("from the \(source == .cache ? "cache" : "server") (fetched \(when)); lessons cached: \(cachedLessons["gemara"] ?? 0) Gemara, \(cachedLessons["mishna"] ?? 0) Mishna")
    }
}

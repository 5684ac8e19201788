import Foundation
import OfflineLessons

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

    var source: CatalogSource
    var fetchedAt: Date
    var totals: Shas.Totals
    var cachedLessons: [String: Int]
    var sedarim: [SederRow]

    init(_ catalog: CatalogSnapshot) {
        self.source = catalog.source
        self.fetchedAt = catalog.fetchedAt
        self.totals = catalog.shas.totals
        self.cachedLessons = Dictionary(uniqueKeysWithValues: LessonType.allCases.map { ($0.rawValue, catalog.cachedLessons[$0] ?? 0) })
        self.sedarim = catalog.shas.sedarim.map { seder in
            SederRow(
                id: seder.id, order: seder.order, name: seder.name,
                masechtot: seder.masechtot.map { m in
                    MasechetRow(
                        id: m.id, name: m.name, chapters: m.chapterList.count,
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
                Terminal.out(
                    "  \(name) id \(String(m.id).padding(toLength: 3, withPad: " ", startingAt: 0)) \(m.chapters) chapters, \(m.mishnayot) mishnayot\(gemara)"
                )
            }
        }
        let t = totals
        Terminal.out("")
        Terminal.out(
            "\(t.sedarim) sedarim, \(t.masechtot) masechtot, \(t.chapters) chapters, \(t.mishnayot) mishnayot; \(t.gemaraMasechtot) masechtot with Gemara, \(t.dapim) dapim"
        )
        let when = ISO8601DateFormatter().string(from: fetchedAt)
        Terminal.out(
            "from the \(source == .cache ? "cache" : "server") (fetched \(when)); lessons cached: \(cachedLessons["gemara"] ?? 0) Gemara, \(cachedLessons["mishna"] ?? 0) Mishna"
        )
    }
}

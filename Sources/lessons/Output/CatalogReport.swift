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
            Terminal.out(Terminal.say(.catalogSederLine, .text(seder.name), .number(seder.masechtot.count)))
            for m in seder.masechtot {
                let gemara = m.dapim > 0 ? ", " + Terminal.say(.catalogDapim, .number(m.dapim)) : ""
                let name = m.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                // The id in brackets, as `status` shows it: what a selector may give for the masechet.
                let id = Style.dim("[\(m.id)]", on: .out) + String(repeating: " ", count: max(0, 4 - String(m.id).count))
                Terminal.out(
                    "  \(name) " + Terminal.say(.catalogMasechetLine, .text(id), .number(m.chapters), .number(m.mishnayot)) + gemara)
            }
        }
        let t = totals
        Terminal.out("")
        Terminal.out(
            Terminal.say(
                .catalogTotals, .number(t.sedarim), .number(t.masechtot), .number(t.chapters), .number(t.mishnayot),
                .number(t.gemaraMasechtot), .number(t.dapim)))
        Terminal.out(
            Terminal.say(
                source == .cache ? .catalogFromCache : .catalogFromServer, .text(localTime(fetchedAt)),
                .number(cachedLessons["gemara"] ?? 0), .number(cachedLessons["mishna"] ?? 0)))
    }
}

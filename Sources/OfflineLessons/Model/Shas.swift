import Foundation

/// The Shas as the API's `masechtot_list/` describes it: sedarim, their masechtot, and each
/// masechet's chapters (with mishna counts) and daf count.
public struct Shas: Sendable, Hashable, Codable {
    public var sedarim: [Seder]
    /// Entries dropped while reading (a malformed seder or masechet costs only itself).
    public var problems: [String] = []

    public init(sedarim: [Seder]) { self.sedarim = sedarim }

    enum CodingKeys: String, CodingKey { case sedarim = "seder" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let entries = try c.lenientArray(Lossy<Seder>.self, .sedarim)
        sedarim = entries.compactMap(\.value)
        problems = entries.enumerated().compactMap { index, entry in entry.error.map { "seder \(index): \($0)" } }
        problems += sedarim.flatMap { seder in seder.problems.map { "seder \(seder.id): \($0)" } }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sedarim, forKey: .sedarim)
    }

    public var masechtot: [Masechet] { sedarim.flatMap(\.masechtot) }
    public var isEmpty: Bool { masechtot.isEmpty }

    /// The seder a masechet belongs to, with the masechet.
    public func masechet(id: Int) -> (seder: Seder, masechet: Masechet)? {
        for seder in sedarim {
            if let masechet = seder.masechtot.first(where: { $0.id == id }) { return (seder, masechet) }
        }
        return nil
    }

    /// Totals across the Shas, in the terms of shas-structure.json.
    public var totals: Totals {
        let all = masechtot
        let gemara = all.filter { $0.pages > 0 }
        return Totals(
            sedarim: sedarim.count,
            masechtot: all.count,
            chapters: all.reduce(0) { $0 + $1.chapterList.count },
            mishnayot: all.reduce(0) { $0 + $1.chapterList.reduce(0) { $0 + $1.mishnayot } },
            gemaraMasechtot: gemara.count,
            dapim: gemara.reduce(0) { $0 + $1.pages })
    }

    public struct Totals: Sendable, Hashable, Codable {
        public var sedarim: Int
        public var masechtot: Int
        public var chapters: Int
        public var mishnayot: Int
        public var gemaraMasechtot: Int
        public var dapim: Int
    }
}

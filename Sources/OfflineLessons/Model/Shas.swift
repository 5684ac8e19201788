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

/// An order of the Mishnah.
public struct Seder: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var order: Int
    public var name: String
    public var masechtot: [Masechet]
    /// Masechtot dropped while reading, and why.
    var problems: [String] = []

    public init(id: Int, order: Int, name: String, masechtot: [Masechet]) {
        self.id = id
        self.order = order
        self.name = name
        self.masechtot = masechtot
    }

    enum CodingKeys: String, CodingKey {
        case id, order, name
        case masechtot = "masechet"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        order = try c.lenientIntIfPresent(.order) ?? id
        name = try c.lenientStringIfPresent(.name) ?? ""
        let entries = try c.lenientArray(Lossy<Masechet>.self, .masechtot)
        masechtot = entries.compactMap(\.value)
        problems = entries.enumerated().compactMap { index, entry in entry.error.map { "masechet \(index): \($0)" } }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(order, forKey: .order)
        try c.encode(name, forKey: .name)
        try c.encode(masechtot, forKey: .masechtot)
    }
}

/// A tractate. `pages` is its daf count; 0 means it has no Gemara.
public struct Masechet: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var order: Int
    public var name: String
    /// Number of chapters (perakim).
    public var chapters: Int
    /// Number of dapim with Gemara; 0 for a masechet without Bavli Gemara.
    public var pages: Int
    /// Mishnayot per chapter.
    public var chapterList: [ChapterInfo]

    public init(id: Int, order: Int, name: String, chapters: Int, pages: Int, chapterList: [ChapterInfo]) {
        self.id = id
        self.order = order
        self.name = name
        self.chapters = chapters
        self.pages = pages
        self.chapterList = chapterList
    }

    enum CodingKeys: String, CodingKey {
        case id, order, name, chapters, pages
        case chapterList = "chapters_list"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientInt(.id)
        order = try c.lenientIntIfPresent(.order) ?? id
        name = try c.lenientStringIfPresent(.name) ?? ""
        pages = try c.lenientIntIfPresent(.pages) ?? 0
        // `chapters_list` is an array of {chapter, mishnayots} from the API, a dict in stored copies.
        if let list = try? c.lenientArray(ChapterInfo.self, .chapterList) {
            chapterList = list
        } else {
            let dict = try c.decode([String: LenientInt].self, forKey: .chapterList)
            chapterList = try dict.map { key, count in
                guard let chapter = Int(key) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .chapterList, in: c, debugDescription: "chapter key \"\(key)\" is not a number")
                }
                return ChapterInfo(chapter: chapter, mishnayot: count.value)
            }
        }
        chapterList.sort { $0.chapter < $1.chapter }
        chapters = try c.lenientIntIfPresent(.chapters) ?? chapterList.count
    }

    /// The number of mishnayot in `chapter`, when known.
    public func mishnayot(inChapter chapter: Int) -> Int? {
        chapterList.first { $0.chapter == chapter }?.mishnayot
    }
}

/// A chapter of a masechet and how many mishnayot it has.
public struct ChapterInfo: Sendable, Hashable, Codable {
    public var chapter: Int
    public var mishnayot: Int

    public init(chapter: Int, mishnayot: Int) {
        self.chapter = chapter
        self.mishnayot = mishnayot
    }

    enum CodingKeys: String, CodingKey {
        case chapter
        case mishnayot = "mishnayots"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chapter = try c.lenientInt(.chapter)
        mishnayot = try c.lenientInt(.mishnayot)
    }
}

/// An integer read leniently (`12`, `12.0`, `"12"`), for dictionary values.
struct LenientInt: Decodable {
    var value: Int
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let v = try? single.decode(Int.self) {
            value = v
        } else if let d = try? single.decode(Double.self), d.rounded() == d, abs(d) < 9.0e15 {
            value = Int(d)
        } else if let s = try? single.decode(String.self), let v = Int(s) {
            value = v
        } else {
            throw DecodingError.typeMismatch(
                Int.self, .init(codingPath: decoder.codingPath, debugDescription: "not an integer"))
        }
    }
}

/// An element decoded without failing its array: the value, or why it could not be read.
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    var error: String?

    init(from decoder: any Decoder) throws {
        do {
            value = try Value(from: decoder)
        } catch {
            self.error = error.decodingSummary
        }
    }
}

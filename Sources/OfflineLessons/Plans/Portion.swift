/// One thing learned: a daf of the Bavli, a mishna, or a whole chapter of Mishna; the masechet
/// named as the catalog spells it.
public struct StudyPlace: Sendable, Hashable, Codable {
    public var masechet: String
    /// The daf, for a daf of the Bavli.
    public var daf: Int?
    /// The chapter, for Mishna: the whole chapter when ``mishna`` is nil.
    public var chapter: Int?
    public var mishna: Int?

    public init(masechet: String, daf: Int? = nil, chapter: Int? = nil, mishna: Int? = nil) {
        self.masechet = masechet
        self.daf = daf
        self.chapter = chapter
        self.mishna = mishna
    }

    /// "Berakhot 2" (a daf), "Berakhot 1:3" (a mishna), "Berakhot 1:1–5" (a chapter).
    public var name: String {
        if let daf { return "\(masechet) \(daf)" }
        guard let chapter else { return masechet }
        if let mishna { return "\(masechet) \(chapter):\(mishna)" }
        return "\(masechet) \(chapter):1–\(lastMishna)"
    }

    /// The first mishna's name, for a chapter: "Berakhot 1:1"; else ``name``.
    public var start: String {
        chapter != nil && mishna == nil && daf == nil ? "\(masechet) \(chapter ?? 1):1" : name
    }

    /// A chapter's last mishna (1 when not known).
    var lastMishna: Int {
        mishna ?? chapter.flatMap { StudySequence.mishnayot(of: masechet, chapter: $0) } ?? 1
    }
}

/// What a calendar assigns for a day or a week: Daf Yomi's daf, or the dapim, mishnayot or
/// chapters of one's own pace; and where they stand in their round.
public struct Portion: Sendable, Hashable, Codable {
    /// What is learned, in order (a daf for Daf Yomi and Daf HaShavua).
    public var places: [StudyPlace]
    /// The round's number: the 14th Daf Yomi cycle began on 5 January 2020.
    public var cycle: Int
    /// Where the first place stands in the round, from 1 (Daf Yomi: the day of the cycle).
    public var position: Int
    /// The round's length in places: 2,711 dapim for Daf Yomi (2,702 before 1975).
    public var length: Int

    public init(places: [StudyPlace], cycle: Int, position: Int, length: Int) {
        self.places = places
        self.cycle = cycle
        self.position = position
        self.length = length
    }

    /// A daf of a calendar: "Berakhot 2".
    public init(masechet: String, daf: Int, cycle: Int, position: Int, length: Int) {
        self.init(places: [StudyPlace(masechet: masechet, daf: daf)], cycle: cycle, position: position, length: length)
    }

    /// The first place's masechet.
    public var masechet: String { places.first?.masechet ?? "" }

    /// The daf, when the portion is one daf.
    public var daf: Int? { places.count == 1 ? places.first?.daf : nil }

    /// Where the last place stands in its round, from 1.
    public var lastPosition: Int { (position + places.count - 2) % max(length, 1) + 1 }

    /// "Berakhot 2", "Bava Metzia 2–3", "Bava Metzia 119 – Bava Batra 2", "Berakhot 1:1–2",
    /// "Berakhot 1:1–2:8" (two chapters), "Berakhot 9:5 – Peah 1:2".
    public var name: String {
        guard let first = places.first, let last = places.last, places.count > 1 else { return places.first?.name ?? "" }
        guard first.masechet == last.masechet else { return "\(first.start) – \(last.chapter == nil ? last.name : lastName(last))" }
        if let from = first.daf, let to = last.daf { return "\(first.masechet) \(from)–\(to)" }
        let (fromChapter, toChapter) = (first.chapter ?? 1, last.chapter ?? 1)
        let from = first.mishna ?? 1
        return fromChapter == toChapter
            ? "\(first.masechet) \(fromChapter):\(from)–\(last.lastMishna)"
            : "\(first.masechet) \(fromChapter):\(from)–\(toChapter):\(last.lastMishna)"
    }

    /// The last place as a range ends: "Peah 1:6" for a chapter, its name otherwise.
    private func lastName(_ place: StudyPlace) -> String {
        "\(place.masechet) \(place.chapter ?? 1):\(place.lastMishna)"
    }

    private enum CodingKeys: String, CodingKey { case name, masechet, daf, places, cycle, position, length }

    /// Written with its name, and its masechet and daf when it is one daf.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(masechet, forKey: .masechet)
        try container.encodeIfPresent(daf, forKey: .daf)
        try container.encode(places, forKey: .places)
        try container.encode(cycle, forKey: .cycle)
        try container.encode(position, forKey: .position)
        try container.encode(length, forKey: .length)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        places = try container.decode([StudyPlace].self, forKey: .places)
        cycle = try container.decode(Int.self, forKey: .cycle)
        position = try container.decode(Int.self, forKey: .position)
        length = try container.decode(Int.self, forKey: .length)
    }
}

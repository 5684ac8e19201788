/// How people name lessons: "Shabbat 2" for a daf of Gemara, "Berakhot 1:3" for a mishna
/// (chapter:mishna), "Shabbat 2 audio" for one medium. A lesson whose masechet is not known
/// (no catalog cached) keeps its id, so that a name never points at the wrong lesson.
public struct LessonNames: Sendable {
    /// Where a lesson is: its masechet, chapter and daf or mishna.
    public struct Place: Sendable, Hashable {
        public var masechetId: Int
        public var chapter: Int
        public var number: Int

        public init(masechetId: Int, chapter: Int, number: Int) {
            self.masechetId = masechetId
            self.chapter = chapter
            self.number = number
        }
    }

    private let masechtot: [Int: String]
    private var places: [LessonID: Place]

    /// Names for `lessons`, with masechet names from `shas`.
    public init(shas: Shas?, places: [LessonID: Place] = [:]) {
        var masechtot: [Int: String] = [:]
        for masechet in shas?.masechtot ?? [] { masechtot[masechet.id] = masechet.name }
        self.masechtot = masechtot
        self.places = places
    }

    /// Names for `lessons` too (lessons already known keep their place).
    public mutating func add(_ lessons: some Sequence<PlacedLesson>) {
        for lesson in lessons {
            places[lesson.id] = Place(masechetId: lesson.placement.masechetId, chapter: lesson.placement.chapter, number: lesson.number)
        }
    }

    /// Names `id` at `place`, unless it has a place already.
    mutating func addIfNew(_ id: LessonID, _ place: Place) {
        if places[id] == nil { places[id] = place }
    }

    /// "Shabbat 2", "Berakhot 1:3"; the id (`gemara/64`) when the lesson or its masechet is unknown.
    public func name(_ id: LessonID) -> String {
        guard let place = places[id], let masechet = masechtot[place.masechetId] else { return id.description }
        return Self.name(type: id.type, masechet: masechet, chapter: place.chapter, number: place.number)
    }

    /// "Shabbat 2 audio", "Berakhot 1:3 PDF".
    public func name(_ key: MediaKey, _ language: UserLanguage = .en) -> String {
        "\(name(key.lesson)) \(key.medium.name(language))"
    }

    /// The masechet's name, when known.
    public func masechet(of id: LessonID) -> String? {
        places[id].flatMap { masechtot[$0.masechetId] }
    }

    /// A lesson's name from its parts: the daf for Gemara, chapter:mishna for Mishna.
    public static func name(type: LessonType, masechet: String, chapter: Int, number: Int) -> String {
        switch type {
        case .gemara: "\(masechet) \(number)"
        case .mishna: "\(masechet) \(chapter):\(number)"
        }
    }
}

extension MediaKind {
    /// The medium as people say it: audio, video, PDF (audio, vídeo, PDF).
    public func name(_ language: UserLanguage = .en) -> String {
        switch (self, language) {
        case (.audio, _): "audio"
        case (.video, .en): "video"
        case (.video, .es): "vídeo"
        case (.text, _): "PDF"
        }
    }
}

extension DownloadedLesson {
    /// "Shabbat 2", "Berakhot 1:3"; the id when the masechet's name is not known.
    public var name: String {
        guard let masechetName else { return lessonID.description }
        return LessonNames.name(type: type, masechet: masechetName, chapter: chapter, number: page ?? mishna ?? 0)
    }
}

extension LessonLibrary {
    /// Names for `lessons` (masechet names from the cached catalog), with no look at the registry.
    public func lessonNames(for lessons: [PlacedLesson]) async throws -> LessonNames {
        var names = LessonNames(shas: try await database.cachedShas()?.shas)
        names.add(lessons)
        return names
    }

    /// Names for every lesson in the registry (and the catalog's masechet names, when cached).
    public func lessonNames() async throws -> LessonNames {
        let shas = try await database.cachedShas()?.shas
        var places: [LessonID: LessonNames.Place] = [:]
        for place in try await database.registeredPlaces() {
            places[place.id] = .init(masechetId: place.placement.masechetId, chapter: place.placement.chapter, number: place.number)
        }
        return LessonNames(shas: shas, places: places)
    }

    /// Names for every lesson in the registry, and for those of `others` the catalog cache holds:
    /// a lesson removed since is named in its history as it was in the list.
    public func lessonNames(including others: some Sequence<LessonID>) async throws -> LessonNames {
        var names = try await lessonNames()
        let unplaced = Set(others).filter { names.masechet(of: $0) == nil }
        for place in try await database.cachedPlaces(of: unplaced) {
            names.addIfNew(place.id, .init(masechetId: place.placement.masechetId, chapter: place.placement.chapter, number: place.number))
        }
        return names
    }
}

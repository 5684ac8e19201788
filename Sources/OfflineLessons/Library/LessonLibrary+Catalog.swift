import Foundation

extension LessonLibrary {
    /// The Shas (from the cache unless `refresh` is set or nothing is cached) and the catalog's
    /// cached lesson counts.
    public func catalog(refresh: Bool = false) async throws -> CatalogSnapshot {
        let (shas, source, fetchedAt) = try await lessonCatalog.shas(refresh: refresh)
        return CatalogSnapshot(shas: shas, source: source, fetchedAt: fetchedAt, cachedLessons: try await database.cachedLessonCounts())
    }

    /// The lessons the selectors name, with their placement, each once, in the order given.
    /// Listings that are not cached are fetched (and cached). Throws ``SelectorError`` for a
    /// selector that names nothing.
    public func lessons(for selectors: [LessonSelector]) async throws -> [PlacedLesson] {
        try await lessons(for: selectors, in: lessonCatalog)
    }

    /// The lessons one selector names. A lesson given by id is found in the catalog cache, then
    /// in the registry (it was requested once), then by searching the listings.
    public func lessons(for selector: LessonSelector) async throws -> [PlacedLesson] {
        try await lessons(for: [selector], in: lessonCatalog)
    }

    /// The lessons the selectors name, each once, from `catalog`; the Shas is read once, for the
    /// first selector that names a masechet.
    func lessons(for selectors: [LessonSelector], in catalog: Catalog) async throws -> [PlacedLesson] {
        var shas: Shas?
        var seen = Set<LessonID>()
        var result: [PlacedLesson] = []
        for selector in selectors {
            let found: [PlacedLesson]
            if case .lesson(let id) = selector {
                found = [try await lesson(id, in: catalog)]
            } else {
                let names: Shas
                if let shas { names = shas } else { names = try await catalog.shas().shas }
                shas = names
                found = try await catalog.lessons(for: selector, in: names)
            }
            for lesson in found where seen.insert(lesson.id).inserted { result.append(lesson) }
        }
        return result
    }

    /// A lesson by id: from the catalog cache, else from the registry (it was requested once),
    /// else by searching the listings.
    private func lesson(_ id: LessonID, in catalog: Catalog) async throws -> PlacedLesson {
        if let cached = try await database.cachedLesson(id) { return cached }
        if let registered = try await database.registeredLesson(id) { return registered }
        return try await catalog.lesson(id)
    }

    /// The registered lessons the selectors name (masechet names are looked up in the Shas:
    /// cached, else fetched when a server is configured).
    /// Only identities and placements are read (no snapshot decoded): the cost is one scan of the
    /// lesson table's columns, not a decode per lesson.
    public func registeredLessons(matching selectors: [LessonSelector]) async throws -> [LessonID] {
        var shas = try await database.cachedShas()?.shas
        if shas == nil, lessonCatalog.client != nil { shas = try await lessonCatalog.shas().shas }
        // A selector that names nothing is bad input, as for `status`, even when nothing is registered.
        for selector in selectors {
            try selector.validate(in: shas)
            try await checkDapim(selector, in: shas)
        }
        // A lesson named by id needs no scan.
        if selectors.allSatisfy({ if case .lesson = $0 { true } else { false } }) {
            let ids = selectors.compactMap { if case .lesson(let id) = $0 { id } else { nil } }
            var seen = Set<LessonID>()
            let registered = try await database.registeredIDs(among: ids)
            return ids.filter { registered.contains($0) && seen.insert($0).inserted }
        }
        let places = try await database.registeredPlaces()
        return try places.filter { place in
            try selectors.contains { try $0.matches(place.id, placement: place.placement, number: place.number, shas: shas) }
        }.map(\.id)
    }

    /// Dapim outside the masechet's cached listing are bad input, as for `status` (a typo such as
    /// 99 for 9 must not read as "nothing downloaded"). Without the listing, nothing to check.
    private func checkDapim(_ selector: LessonSelector, in shas: Shas?) async throws {
        guard case .gemara(let name, let dapim?) = selector, let shas else { return }
        let masechet = try MasechetNames.find(name, in: shas).masechet
        guard let range = try await database.cachedDafRange(masechetId: masechet.id) else { return }
        guard range.contains(dapim.lowerBound), range.contains(dapim.upperBound) else {
            throw SelectorError.dapim(dapim, outside: range, of: masechet.name)
        }
    }
}

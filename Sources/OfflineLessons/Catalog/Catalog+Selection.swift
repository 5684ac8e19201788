import Foundation

extension Catalog {
    /// The lessons a selector names, with their placement, fetching listings that are not cached;
    /// masechet names are looked up in `shas`.
    func lessons(for selector: LessonSelector, in shas: Shas) async throws -> [PlacedLesson] {
        switch selector {
        case .lesson(let id):
            return [try await lesson(id)]
        case .gemara(let name, let dapim):
            let found = try MasechetNames.find(name, in: shas)
            let masechet = found.masechet
            guard masechet.pages > 0 else { throw SelectorError.noGemara(masechet.name, name: name) }
            let all = try await gemaraLessons(of: masechet, in: found.seder).lessons
            guard let dapim else { return all }
            let numbers = all.map(\.number)
            guard let first = numbers.min(), let last = numbers.max() else { throw SelectorError.noListing(of: masechet.name) }
            let range = first...last
            guard range.contains(dapim.lowerBound), range.contains(dapim.upperBound) else {
                throw SelectorError.dapim(dapim, outside: range, of: masechet.name)
            }
            let chosen = all.filter { dapim.contains($0.number) }
            let present = Set(chosen.map(\.number))
            if let absent = dapim.first(where: { !present.contains($0) }) {
                throw SelectorError.noLesson(daf: absent, of: masechet.name, dapim: range)
            }
            return chosen
        case .mishna(let name, let chapters, let mishnayot):
            let found = try MasechetNames.find(name, in: shas)
            let (seder, masechet) = (found.seder, found.masechet)
            try LessonSelector.check(chapters: chapters, mishnayot: mishnayot, of: masechet)
            let known = masechet.chapterList.map(\.chapter)
            let wanted = chapters.map { range in known.filter { range.contains($0) } } ?? known
            let result = try await mishnaLessons(of: masechet, in: seder, chapters: wanted)
                .filter { mishnayot?.contains($0.number) ?? true }
            if result.isEmpty { throw SelectorError(Message(.selectorNoMishnaMatch, .text(selector.description))) }
            return result
        }
    }

    /// The Mishna lessons of some chapters of a masechet, in chapter order; up to four listings
    /// are fetched at once (a masechet's first load asked for its chapters one after another: 30
    /// round trips to the server for Kelim before the page could show).
    private func mishnaLessons(of masechet: Masechet, in seder: Seder, chapters: [Int]) async throws -> [PlacedLesson] {
        try await withThrowingTaskGroup(of: (Int, [PlacedLesson]).self) { group in
            var next = chapters.enumerated().makeIterator()
            var found = Array(repeating: [PlacedLesson](), count: chapters.count)
            for _ in 0..<4 {
                guard let (index, chapter) = next.next() else { break }
                group.addTask { (index, try await mishnaLessons(of: masechet, in: seder, chapter: chapter).lessons) }
            }
            while let (index, lessons) = try await group.next() {
                found[index] = lessons
                if let (index, chapter) = next.next() {
                    group.addTask { (index, try await mishnaLessons(of: masechet, in: seder, chapter: chapter).lessons) }
                }
            }
            return found.flatMap { $0 }
        }
    }

    /// One lesson by identity: from the catalog cache, else by searching the listings, nearest
    /// first. Lesson ids follow the Shas's order, one per daf or mishna, so the Shas's counts say
    /// where an id should be: its listing is fetched first, then its neighbours outward, and an
    /// id beyond every count is refused without a listing request.
    func lesson(_ id: LessonID) async throws -> PlacedLesson {
        if let cached = try await database.cachedLesson(id) { return cached }
        let shas = try await shas().shas
        if let beyond = Self.beyondEveryCount(id, in: shas) { throw beyond }
        let listings = Self.listings(of: id.type, in: shas)
        let estimate = listings.firstIndex { id.id <= $0.end } ?? 0
        for index in Self.outward(from: estimate, count: listings.count) {
            let listing = listings[index]
            let lessons =
                switch id.type {
                case .gemara: try await gemaraLessons(of: listing.masechet, in: listing.seder).lessons
                case .mishna: try await mishnaLessons(of: listing.masechet, in: listing.seder, chapter: listing.chapter).lessons
                }
            if let found = lessons.first(where: { $0.id == id }) { return found }
        }
        throw SelectorError(Message(.selectorNoLessonID, .text(id.description)))
    }

    /// The error for an id beyond the Shas's count of its type ("the Shas has 2684 dapim"), or nil.
    static func beyondEveryCount(_ id: LessonID, in shas: Shas) -> SelectorError? {
        let total = listings(of: id.type, in: shas).last?.end ?? 0
        guard id.id < 1 || id.id > total else { return nil }
        let key: Phrase = id.type == .gemara ? .selectorNoGemaraLessonID : .selectorNoMishnaLessonID
        return SelectorError(Message(key, .text(id.description), .number(total)))
    }

    /// A listing request and the running count of lessons up to its end, in Shas order.
    struct Listing {
        var seder: Seder
        var masechet: Masechet
        var chapter: Int
        var end: Int
    }

    static func listings(of type: LessonType, in shas: Shas) -> [Listing] {
        var result: [Listing] = []
        var end = 0
        for seder in shas.sedarim {
            for masechet in seder.masechtot {
                switch type {
                case .gemara where masechet.pages > 0:
                    end += masechet.pages
                    result.append(Listing(seder: seder, masechet: masechet, chapter: 0, end: end))
                case .gemara:
                    continue
                case .mishna:
                    for chapter in masechet.chapterList {
                        end += chapter.mishnayot
                        result.append(Listing(seder: seder, masechet: masechet, chapter: chapter.chapter, end: end))
                    }
                }
            }
        }
        return result
    }

    /// `start`, then its neighbours alternately outward: start, start+1, start-1, start+2, …
    static func outward(from start: Int, count: Int) -> [Int] {
        var order = [start]
        var step = 1
        while order.count < count {
            if start + step < count { order.append(start + step) }
            if start - step >= 0 { order.append(start - step) }
            step += 1
        }
        return order
    }
}

import Foundation

extension Catalog {
    /// The lessons a selector names, with their placement, fetching listings that are not cached.
    func lessons(for selector: LessonSelector) async throws -> [PlacedLesson] {
        switch selector {
        case .lesson(let id):
            return [try await lesson(id)]
        case .gemara(let name, let dapim):
            let (seder, masechet) = try await MasechetNames.find(name, in: shas().shas)
            guard masechet.pages > 0 else { throw SelectorError("\(masechet.name) has no Gemara; try mishna:\(name)") }
            let all = try await gemaraLessons(of: masechet, in: seder).lessons
            guard let dapim else { return all }
            let chosen = all.filter { dapim.contains($0.number) }
            let present = Set(chosen.map(\.number))
            if let absent = dapim.first(where: { !present.contains($0) }) {
                let first = all.map(\.number).min() ?? 0, last = all.map(\.number).max() ?? 0
                throw SelectorError("\(masechet.name) has no lesson for daf \(absent) (its dapim are \(first)-\(last))")
            }
            return chosen
        case .mishna(let name, let chapters, let mishnayot):
            let (seder, masechet) = try await MasechetNames.find(name, in: shas().shas)
            try LessonSelector.check(chapters: chapters, mishnayot: mishnayot, of: masechet)
            let known = masechet.chapterList.map(\.chapter)
            let wanted = chapters.map { range in known.filter { range.contains($0) } } ?? known
            var result: [PlacedLesson] = []
            for chapter in wanted {
                let lessons = try await mishnaLessons(of: masechet, in: seder, chapter: chapter).lessons
                result += lessons.filter { mishnayot?.contains($0.number) ?? true }
            }
            if result.isEmpty { throw SelectorError("no Mishna lesson matches \(selector)") }
            return result
        }
    }

    /// One lesson by identity: from the catalog cache, else by searching the listings.
    func lesson(_ id: LessonID) async throws -> PlacedLesson {
        if let cached = try await database.cachedLesson(id) { return cached }
        let shas = try await shas().shas
        for seder in shas.sedarim {
            for masechet in seder.masechtot {
                if id.type == .gemara, masechet.pages > 0 {
                    if let found = try await gemaraLessons(of: masechet, in: seder).lessons.first(where: { $0.id == id }) {
                        return found
                    }
                } else if id.type == .mishna {
                    for chapter in masechet.chapterList.map(\.chapter) {
                        let lessons = try await mishnaLessons(of: masechet, in: seder, chapter: chapter).lessons
                        if let found = lessons.first(where: { $0.id == id }) { return found }
                    }
                }
            }
        }
        throw SelectorError("the catalog has no lesson \(id)")
    }
}

import Foundation

extension LessonLibrary {
    /// The downloads list: lessons with audio or video complete, grouped and sorted numerically
    /// in catalog order (seder, masechet, chapter, daf/mishna). Works without the Shas (ids then order).
    ///
    /// With `sync` (the default), a quick ``sync(_:)`` runs first, so that the list never shows a
    /// file that is gone nor misses one dropped into place (not in a read-only library).
    public func downloads(sync: Bool = true) async throws -> [DownloadedLesson] {
        if sync, !isReadOnly { _ = try await self.sync() }
        let shas = try await database.cachedShas()?.shas
        var sederOrder: [Int: (Int, String)] = [:], masechetOrder: [Int: (Int, String)] = [:]
        for seder in shas?.sedarim ?? [] {
            sederOrder[seder.id] = (seder.order, seder.name)
            for masechet in seder.masechtot { masechetOrder[masechet.id] = (masechet.order, masechet.name) }
        }
        let rows = try await database.registeredLessons().compactMap { placed, items -> DownloadedLesson? in
            let complete = items.filter { $0.state == .complete }
            guard complete.contains(where: { $0.key.medium != .text }) else { return nil }
            var media: [String: DownloadedLesson.File] = [:]
            for item in complete { media[item.key.medium.rawValue] = .init(bytes: item.receivedBytes, completedAt: item.completedAt) }
            return DownloadedLesson(
                type: placed.type, id: placed.lesson.id, sederId: placed.placement.sederId,
                masechetId: placed.placement.masechetId, chapter: placed.placement.chapter,
                page: placed.type == .gemara ? placed.number : nil, mishna: placed.type == .mishna ? placed.number : nil,
                sederName: sederOrder[placed.placement.sederId]?.1, masechetName: masechetOrder[placed.placement.masechetId]?.1,
                media: media, complete: placed.lesson.link(for: .text) == nil || media["text"] != nil,
                duration: placed.lesson.duration)
        }
        return rows.sorted { a, b in
            let ka = [sederOrder[a.sederId]?.0 ?? a.sederId, masechetOrder[a.masechetId]?.0 ?? a.masechetId, a.type == .gemara ? 0 : 1,
                      a.chapter, a.page ?? a.mishna ?? 0, a.id]
            let kb = [sederOrder[b.sederId]?.0 ?? b.sederId, masechetOrder[b.masechetId]?.0 ?? b.masechetId, b.type == .gemara ? 0 : 1,
                      b.chapter, b.page ?? b.mishna ?? 0, b.id]
            return ka.lexicographicallyPrecedes(kb)
        }
    }

    /// Each lesson's state, per medium (registered or only in the catalog). With `sync` (the
    /// default), a quick ``sync(_:)`` runs first (not in a read-only library).
    public func status(of lessons: [PlacedLesson], sync: Bool = true) async throws -> [LessonStatus] {
        if sync, !isReadOnly { _ = try await self.sync() }
        var result: [LessonStatus] = []
        for placed in lessons {
            let items = Dictionary(uniqueKeysWithValues: try await database.mediaItems(of: placed.id).map { ($0.key.medium, $0) })
            let media = MediaKind.allCases.map { medium in
                if let item = items[medium] {
                    return MediumStatus(medium: medium, state: item.state.rawValue, bytes: item.receivedBytes,
                                        expectedBytes: item.expectedBytes, attempts: item.attempts, lastError: item.lastError)
                }
                return MediumStatus(medium: medium, state: placed.lesson.link(for: medium) == nil ? "unavailable" : "not requested")
            }
            let downloaded = items.values.contains { $0.state == .complete && $0.key.medium != .text }
            result.append(LessonStatus(type: placed.type, id: placed.lesson.id, masechetId: placed.placement.masechetId,
                                       chapter: placed.placement.chapter, number: placed.number, downloaded: downloaded, media: media))
        }
        return result
    }

    /// Removes media of the registered lessons the selectors name (see ``remove(_:media:)``).
    /// Works offline: lessons are found in the registry; masechet names need the Shas (cached, or
    /// fetched when a server is configured).
    public func remove(matching selectors: [LessonSelector], media: [MediaKind]? = nil) async throws -> RemovalReport {
        try await remove(registeredLessons(matching: selectors).map(\.id), media: media)
    }

    /// Removes media of lessons: files first, then registry rows, each removal logged. Without
    /// `media`, everything of the lesson goes. A lesson left without audio or video loses its PDF
    /// too. Entries whose files are already gone are removed all the same (legacy B12).
    public func remove(_ lessons: [LessonID], media: [MediaKind]? = nil) async throws -> RemovalReport {
        try checkWritable()
        var report = RemovalReport()
        for lesson in lessons {
            let items = try await database.mediaItems(of: lesson)
            var chosen = Set(items.map(\.key.medium).filter { media?.contains($0) ?? true })
            // The PDF goes with the last audio or video row (legacy B25).
            if !items.contains(where: { !chosen.contains($0.key.medium) && $0.key.medium != .text }) {
                chosen.formUnion(items.map(\.key.medium).filter { $0 == .text })
            }
            // File, then row, one item at a time: an error leaves every earlier item consistent.
            for key in chosen.sorted().map({ MediaKey(lesson, $0) }) {
                // A failure is thrown, not swallowed: every deletion is reported.
                let deleted = try await removeItem(key, reason: "removed by request", kind: .removed)
                report.removed.append(.init(lesson: lesson, medium: key.medium, fileDeleted: deleted))
            }
        }
        return report
    }
}

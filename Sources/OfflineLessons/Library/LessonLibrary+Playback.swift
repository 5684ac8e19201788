import Foundation

extension LessonLibrary {
    /// Records where `lesson` was left in the player, at `date` (the library's clock when `nil`).
    /// `duration` is the lesson's length as the player knows it; when `nil` or zero, the length
    /// recorded before, or the registry's or catalog's, is used. A position past the length is
    /// taken as its end. The lesson becomes played (``Playback/isPlayed(position:duration:)``)
    /// once a position in its last 30 s or past 95 % of it is recorded, and stays played.
    /// Throws ``LibraryError/readOnly(_:)`` on a read-only library.
    @discardableResult
    public func recordPlayback(
        of lesson: LessonID, medium: MediaKind? = nil, position: Duration, duration: Duration? = nil, at date: Date? = nil
    ) async throws -> Playback {
        try checkWritable()
        let record = try await database.recordPlayback(
            lesson, medium: medium == .text ? nil : medium, position: position.seconds, duration: duration?.seconds,
            at: date ?? now())
        logger.debug(
            "playback recorded", metadata: ["lesson": "\(lesson)", "position": "\(record.position.seconds)", "played": "\(record.played)"])
        return record
    }

    /// Where `lesson` was left, and whether it was played through; `nil` when never played.
    public func playback(of lesson: LessonID) async throws -> Playback? {
        try await database.playback(of: lesson)
    }

    /// Every lesson's playback, by lesson: for lists that show how much of each was heard.
    public func playbacks() async throws -> [LessonID: Playback] {
        Dictionary(try await database.playbacks().map { ($0.lesson, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// "Continue listening": the lessons last played and not played through, most recent first.
    public func recentPlaybacks(limit: Int = 8) async throws -> [Playback] {
        try await database.recentPlaybacks(limit: limit)
    }

    /// Imports a migration's playback plan (positions only where the library has none; recent
    /// lessons stamped at the library's clock, a second apart, most recent first), or in a dry
    /// run counts what would be new. Returns `imported` with those counts.
    func importPlayback(
        _ plan: MigrationPlanner.PlaybackPlan, into imported: MigrationReport.PlaybackImport, dryRun: Bool
    ) async throws -> MigrationReport.PlaybackImport {
        var imported = imported
        guard !plan.positions.isEmpty || !plan.recent.isEmpty else { return imported }
        if dryRun {
            let existing = try await database.playbacks()
            let known = Set(existing.map(\.lesson))
            let timed = Set(existing.filter { $0.playedAt != nil }.map(\.lesson))
            imported.positionsWritten = plan.positions.filter { !known.contains($0.lesson) }.count
            imported.recentWritten = plan.recent.filter { !timed.contains($0.lesson) }.count
            return imported
        }
        let start = now()
        let recent = plan.recent.enumerated().map { index, record in
            var record = record
            record.playedAt = start.addingTimeInterval(-Double(index))
            return record
        }
        (imported.positionsWritten, imported.recentWritten) = try await database.importPlaybacks(positions: plan.positions, recent: recent)
        return imported
    }
}

extension LessonNames {
    /// Names for the lessons of `playbacks` too, where their place is known (lessons already
    /// known keep theirs).
    public mutating func add(_ playbacks: some Sequence<Playback>) {
        for playback in playbacks {
            guard let place = playback.place else { continue }
            addIfNew(
                playback.lesson, Place(masechetId: place.placement.masechetId, chapter: place.placement.chapter, number: place.number))
        }
    }
}

import Foundation

extension MigrationPlanner {
    /// The legacy player's data to import: positions placed on lessons, and the recently played
    /// lessons, most recent first (their times are given when the plan is applied).
    struct PlaybackPlan: Sendable {
        var positions: [Playback] = []
        var recent: [Playback] = []
    }

    /// What places a bare id: the registries, the metadata caches, and where its files went.
    struct PlaybackLessons {
        var registered: [LessonID: LegacyRegistryReader.Entry]
        var metadata: [LessonID: LegacyRegistryReader.Entry]
        var filesPlaced: [Int: Set<LessonID>]
    }

    private enum PositionPlacing {
        case placed(PlacedLesson)
        case ambiguous
        case unplaced
    }

    /// Places each position's bare id as files are placed (legacy B11): the lesson a registry
    /// lists, else a metadata cache, else the recently played list. An id that names both a
    /// Gemara and a Mishna lesson goes to the one its files went to, else to the one the recently
    /// played list names; otherwise it is ambiguous, reported and not imported.
    func playbackPlan(known: PlaybackLessons, report: inout MigrationReport) -> PlaybackPlan {
        var imported = MigrationReport.PlaybackImport()
        var recentByID: [LessonID: PlacedLesson] = [:]
        var recentOrder: [LegacyPlaybackReader.Recent] = []
        for (source, reading) in container.recent {
            imported.documents.append(source)
            imported.recentRead += reading.accepted.count + reading.rejected.count
            report.rejected += reading.rejected
            for entry in reading.accepted where recentByID[entry.placed.id] == nil {
                recentByID[entry.placed.id] = entry.placed
                recentOrder.append(entry)
            }
        }
        // The two types' lists interleaved, each most recent first.
        recentOrder.sort { ($0.rank, $0.placed.type) < ($1.rank, $1.placed.type) }

        var plan = PlaybackPlan()
        var positions: [LessonID: Playback] = [:]
        for (source, reading) in container.positions {
            imported.documents.append(source)
            imported.positionsRead += reading.accepted.count + reading.rejected.count
            report.rejected += reading.rejected
            for position in reading.accepted {
                let entry = "\(source): \(position.path)"
                switch place(position.id, known: known, recent: recentByID) {
                case .ambiguous:
                    imported.ambiguous.append(Message(.playbackAmbiguous, .text(entry), .number(position.id)).description)
                case .unplaced:
                    imported.unplaced.append(Message(.playbackUnplaced, .text(entry), .number(position.id)).description)
                case .placed(let placed) where positions[placed.id] != nil:
                    report.rejected.append(
                        .init(source: source, path: position.path, reason: Message(.playbackDuplicate, .number(position.id)).description))
                case .placed(let placed):
                    let record = Self.playback(placed, seconds: position.seconds)
                    positions[placed.id] = record
                    plan.positions.append(record)
                    imported.positions.append(.init(lesson: placed.id, seconds: position.seconds, entry: entry))
                }
            }
        }
        for entry in recentOrder {
            plan.recent.append(positions[entry.placed.id] ?? Self.playback(entry.placed, seconds: 0))
            imported.recent.append(entry.placed.id)
        }
        report.playback = imported
        return plan
    }

    private func place(_ id: Int, known: PlaybackLessons, recent: [LessonID: PlacedLesson]) -> PositionPlacing {
        let ids = [LessonID(.gemara, id), LessonID(.mishna, id)]
        var candidates = ids.compactMap { known.registered[$0]?.placed }
        if candidates.isEmpty { candidates = ids.compactMap { known.metadata[$0]?.placed } }
        if candidates.isEmpty { candidates = ids.compactMap { recent[$0] } }
        switch candidates.count {
        case 0: return .unplaced
        case 1: return .placed(candidates[0])
        default:
            let byFiles = candidates.filter { known.filesPlaced[id]?.contains($0.id) == true }
            if byFiles.count == 1 { return .placed(byFiles[0]) }
            let byRecent = candidates.filter { recent[$0.id] != nil }
            return byRecent.count == 1 ? .placed(byRecent[0]) : .ambiguous
        }
    }

    /// A legacy position as the library keeps it (no time: the legacy app kept none).
    private static func playback(_ placed: PlacedLesson, seconds: Double) -> Playback {
        let duration: Duration? = placed.lesson.duration > 0 ? .seconds(placed.lesson.duration) : nil
        let position = Duration.seconds(duration.map { min(seconds, $0.seconds) } ?? seconds)
        return Playback(
            lesson: placed.id, position: position, duration: duration,
            played: Playback.isPlayed(position: position, duration: duration), playedAt: nil,
            place: .init(placement: placed.placement, number: placed.number))
    }
}

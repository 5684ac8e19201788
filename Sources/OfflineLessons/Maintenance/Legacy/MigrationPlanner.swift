import Foundation

/// Decides, from one read of a legacy container and one read of the library's registry, where
/// each legacy file goes: the plan a dry run prints and `migrate` applies.
struct MigrationPlanner {
    /// One file to move into the library.
    struct Step: Sendable, Hashable {
        var file: LegacyContainer.MediaFile
        var placed: PlacedLesson
        var key: MediaKey
        var placedBy: String
    }

    struct Plan: Sendable {
        var steps: [Step]
        /// The report with everything but the outcome of the steps.
        var report: MigrationReport
        /// The registries to rename `.migrated` once the steps succeed.
        var registriesToRename: [String]
        /// The player's positions and recently played lessons to import.
        var playback = PlaybackPlan()
    }

    let container: LegacyContainer
    /// The state of each medium the library has.
    let items: [MediaKey: MediaState]

    func plan(dryRun: Bool) -> Plan {
        var report = MigrationReport(container: container.root.path, dryRun: dryRun)
        report.registriesRead = (container.registries + container.migratedRegistries).map(\.source)
        report.rejected = (container.registries + container.metadata).flatMap(\.rejected)
        let registered = merge(container.registries + container.migratedRegistries, conflicts: &report.conflicts)
        var metadata: [LessonID: LegacyRegistryReader.Entry] = [:]
        for entry in container.metadata.flatMap(\.entries) where metadata[entry.placed.id] == nil {
            metadata[entry.placed.id] = entry
        }
        var steps: [Step] = []
        var seen = Set<MediaKey>()
        var accountedFor = Set<LessonID>()  // lessons some file was found for
        var filesPlaced: [Int: Set<LessonID>] = [:]  // bare id → the lessons its files went to
        // Documents first: of two copies of a medium, the current generation's is adopted.
        for file in container.files {
            switch place(file, registered: registered, metadata: metadata) {
            case .left(let reason, let detail):
                report.leftInPlace.append(.init(file: file.path, reason: reason, detail: detail))
                if reason == .ambiguous { accountedFor.formUnion([LessonID(.gemara, file.id), LessonID(.mishna, file.id)]) }
            case .placed(let entry):
                accountedFor.insert(entry.placed.id)
                filesPlaced[file.id, default: []].insert(entry.placed.id)
                let key = MediaKey(entry.placed.id, file.medium)
                if !seen.insert(key).inserted {
                    report.leftInPlace.append(
                        .init(
                            file: file.path, reason: .duplicate,
                            detail: Message(.migrateOtherCopyAdopted, .text("\(key)")).description))
                } else if let state = items[key], state == .complete || state == .downloading {
                    let reason: MigrationReport.LeftReason = state == .complete ? .alreadyInLibrary : .beingDownloaded
                    report.leftInPlace.append(
                        .init(
                            file: file.path, reason: reason,
                            detail: Message(state == .complete ? .migrateLibraryHas : .migrateBeingDownloaded, .text("\(key)")).description)
                    )
                } else {
                    steps.append(Step(file: file, placed: entry.placed, key: key, placedBy: entry.source))
                }
            }
        }
        report.leftInPlace += container.unrelated.map {
            .init(file: $0, reason: .unrelated, detail: Message(.migrateNotLegacyMedia).description)
        }
        report.listedWithoutFiles = Set(container.registries.flatMap(\.entries).map(\.placed.id))
            .subtracting(accountedFor).sorted()
            .map { Message(.migrateListedNoFile, .text("\($0)")).description }
        // A registry that could not be read at all keeps its name, for a human to look at.
        let readable = container.registries.filter { !$0.rejected.contains { $0.path.isEmpty } }
        var result = Plan(steps: steps, report: report, registriesToRename: readable.map(\.source))
        result.playback = playbackPlan(
            known: PlaybackLessons(registered: registered, metadata: metadata, filesPlaced: filesPlaced), report: &result.report)
        return result
    }

    private enum Placing {
        case placed(LegacyRegistryReader.Entry)
        case left(MigrationReport.LeftReason, String)
    }

    /// The lesson a bare-id file belongs to: registries first, then metadata caches. An id that
    /// names both a Gemara and a Mishna lesson goes to the one whose snapshot has the matching link
    /// (legacy B11); when both do, or neither, it is ambiguous.
    private func place(
        _ file: LegacyContainer.MediaFile, registered: [LessonID: LegacyRegistryReader.Entry],
        metadata: [LessonID: LegacyRegistryReader.Entry]
    ) -> Placing {
        let ids = [LessonID(.gemara, file.id), LessonID(.mishna, file.id)]
        var candidates = ids.compactMap { registered[$0] }
        if candidates.isEmpty { candidates = ids.compactMap { metadata[$0] } }
        switch candidates.count {
        case 0:
            return .left(.unplaced, Message(.migrateNoLessonWithID, .number(file.id)).description)
        case 1:
            return .placed(candidates[0])
        default:
            let linked = candidates.filter { $0.placed.lesson.link(for: file.medium) != nil }
            if linked.count == 1 { return .placed(linked[0]) }
            let words = Message(
                linked.isEmpty ? .migrateAmbiguousNeither : .migrateAmbiguousBoth, .number(file.id), .text("\(ids[0])"), .text("\(ids[1])"),
                .text(file.medium == .text ? "PDF" : file.medium.rawValue))
            return .left(.ambiguous, words.description)
        }
    }

    /// One entry per lesson across registries. Where two differ, the snapshot with more media links
    /// wins (the current generation's on a tie), and the conflict is reported.
    private func merge(_ registries: [LegacyRegistryReader], conflicts: inout [String]) -> [LessonID: LegacyRegistryReader.Entry] {
        var merged: [LessonID: LegacyRegistryReader.Entry] = [:]
        for entry in registries.flatMap(\.entries) {
            guard let kept = merged[entry.placed.id] else {
                merged[entry.placed.id] = entry
                continue
            }
            guard kept.placed != entry.placed else { continue }
            let keptLinks = kept.placed.lesson.availableMedia.count
            let newLinks = entry.placed.lesson.availableMedia.count
            let winner = newLinks > keptLinks ? entry : kept
            let loser = newLinks > keptLinks ? kept : entry
            merged[entry.placed.id] = winner
            conflicts.append(
                Message(
                    .migrateRegistriesDiffer, .text("\(entry.placed.id)"), .text(kept.source), .text(entry.source), .text(winner.source),
                    .number(winner.placed.lesson.availableMedia.count), .number(loser.placed.lesson.availableMedia.count)
                ).description)
        }
        return merged
    }
}

import Foundation

/// The reconciliation table of the architecture, as a plan: one snapshot of the media folder and
/// one read of the registry in, the steps that bring them into agreement out, each with its
/// reason. O(files + rows); no file is read, no extra `stat`.
///
/// | registry | disk | step |
/// |---|---|---|
/// | complete | file, right size | nothing |
/// | complete | nothing | missing |
/// | complete | file, wrong size | corrupt: moved aside (queued again with `repair`) |
/// | not complete | final file of the recorded size | adopted |
/// | not complete | final file of another size | corrupt: moved aside (a download would overwrite it) |
/// | queued, downloading, failed | partial file | kept for the resume |
/// | nothing, or complete | partial file | removed |
/// | nothing | final file of a lesson the library knows | discovered (moved aside when the server's size differs) |
/// | nothing | a file it cannot place | unknown: reported, kept |
struct Reconciler {
    /// The registry as read once: items by key; and which lessons it knows, of those whose files
    /// no item names (the only ones asked about).
    var items: [MediaKey: ItemState]
    var registeredLessons: Set<LessonID>
    var repair: Bool

    /// The steps, in path order. `known` says whether a lesson outside the registry can be
    /// placed (the catalog cache has it).
    func plan(_ snapshot: DirectorySnapshot, known: Set<LessonID>) -> [SyncAction] {
        // The items in any order (a full Shas has 13,000, and almost all need nothing); only the
        // steps found are put in key order, each key's steps in the order made.
        var itemSteps: [(key: MediaKey, action: SyncAction)] = []
        let finals = snapshot.finals
        let partials = snapshot.partials
        for (key, item) in items {
            let file = finals[key]
            switch item.state {
            case .complete:
                guard let file else {
                    itemSteps.append(
                        (
                            key,
                            step(
                                key, .missing, path: nil, found: Message(.syncFoundNoFile).description,
                                reason: Message(.syncFileGone).description)
                        ))
                    if repair {
                        itemSteps.append(
                            (
                                key,
                                step(
                                    key, .requeued, path: nil, found: Message(.syncFoundNoFile).description,
                                    reason: Message(.syncRepairAgain).description)
                            ))
                    }
                    continue
                }
                if file.size != item.receivedBytes {
                    itemSteps.append(
                        (
                            key,
                            step(
                                key, .corrupt, path: file.path, found: Message(.syncFoundBytes, .number(file.size)).description,
                                bytes: file.size,
                                reason: Message(.syncWrongSize, .number(item.receivedBytes)).description)
                        ))
                    if repair {
                        itemSteps.append(
                            (
                                key,
                                step(
                                    key, .requeued, path: nil, found: Message(.syncFoundMovedAside).description,
                                    reason: Message(.syncRepairAgain).description)
                            ))
                    }
                }
            case .queued, .downloading, .failed, .missing, .corrupt:
                if let file, let expected = item.expectedBytes, expected > 0, file.size == expected {
                    itemSteps.append(
                        (
                            key,
                            step(
                                key, .adopted, path: file.path, found: Message(.syncFoundRecordedSize, .number(file.size)).description,
                                bytes: file.size,
                                reason: Message(.syncWholeFile).description)
                        ))
                } else if let file {
                    // A file the registry does not vouch for, where a download would put its own: kept, aside.
                    itemSteps.append(
                        (
                            key,
                            step(
                                key, .corrupt, path: file.path, found: Message(.syncFoundBytes, .number(file.size)).description,
                                bytes: file.size,
                                reason:
                                    Message(.syncNotRecordedSize, item.expectedBytes.map { .number($0) } ?? .word(.syncSizeUnknown))
                                    .description
                            )
                        ))
                    if repair, item.state == .missing || item.state == .corrupt {
                        itemSteps.append(
                            (
                                key,
                                step(
                                    key, .requeued, path: nil, found: Message(.syncFoundMovedAside).description,
                                    reason: Message(.syncRepairAgain).description)
                            ))
                    }
                } else if repair, item.state == .missing || item.state == .corrupt {
                    itemSteps.append(
                        (key, step(key, .requeued, path: nil, found: item.state.rawValue, reason: Message(.syncRepairAgain).description)))
                }
            }
        }
        var actions = itemSteps.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element.action)
        for key in finals.keys.filter({ items[$0] == nil }).sorted() {
            guard let file = finals[key] else { continue }
            if registeredLessons.contains(key.lesson) || known.contains(key.lesson) {
                actions.append(
                    step(
                        key, .discovered, path: file.path, found: Message(.syncFoundBytes, .number(file.size)).description,
                        bytes: file.size,
                        reason: Message(.syncKnownLesson).description))
            } else {
                actions.append(
                    step(
                        key, .unknown, path: file.path, found: Message(.syncFoundBytes, .number(file.size)).description, bytes: file.size,
                        reason: Message(.syncNoLesson, .text(key.lesson.description)).description))
            }
        }
        for key in partials.keys.sorted() {
            guard let file = partials[key] else { continue }
            let state = items[key]?.state
            guard state == nil || state == .complete else { continue }  // kept for the resume
            actions.append(
                step(
                    key, .removedPartial, path: file.path, found: Message(.syncFoundBytes, .number(file.size)).description,
                    bytes: file.size,
                    reason: Message(state == nil ? .syncNoDownload : .syncItemComplete).description))
        }
        for file in snapshot.unplaced {
            actions.append(
                SyncAction(
                    type: nil, id: nil, medium: nil, action: .unknown, path: file.path,
                    found: Message(.syncFoundBytes, .number(file.size)).description,
                    bytes: file.size, reason: Message(.syncNotLaidOut).description))
        }
        return actions
    }

    private func step(
        _ key: MediaKey, _ kind: SyncAction.Kind, path: String?, found: String, bytes: Int? = nil,
        reason: String
    ) -> SyncAction {
        SyncAction(
            type: key.lesson.type, id: key.lesson.id, medium: key.medium, action: kind, path: path, found: found,
            bytes: bytes, reason: reason)
    }

    /// The lessons of the final files that no item names.
    static func lessonsWithoutItems(_ snapshot: DirectorySnapshot, items: [MediaKey: ItemState]) -> Set<LessonID> {
        Set(snapshot.finals.keys.filter { items[$0] == nil }.map(\.lesson))
    }

    /// The lessons on disk that the registry does not know: the ones to look up in the catalog.
    static func unregisteredLessons(_ snapshot: DirectorySnapshot, items: [MediaKey: ItemState], registered: Set<LessonID>) -> Set<LessonID>
    {
        Set(snapshot.finals.keys.filter { items[$0] == nil && !registered.contains($0.lesson) }.map(\.lesson))
    }
}

/// The words of the catalog for the library's states, events and actions, so that an app's
/// screens and the CLI name them alike in every language.
extension Phrase {
    /// A medium's state as ``LessonStatus`` gives it ("complete", "not requested"…); `nil` for another word.
    public static func state(_ state: String) -> Phrase? {
        switch state {
        case "complete": .stateComplete
        case "downloading": .stateDownloading
        case "queued": .stateQueued
        case "failed": .stateFailed
        case "missing": .stateMissing
        case "corrupt": .stateCorrupt
        case "not requested": .stateNotRequested
        case "unavailable": .stateUnavailable
        default: nil
        }
    }
}

extension EventKind {
    /// The event's word in the catalog.
    public var phrase: Phrase {
        switch self {
        case .requested: .eventRequested
        case .completed: .eventCompleted
        case .failed: .eventFailed
        case .removed: .eventRemoved
        case .missing: .eventMissing
        case .adopted: .eventAdopted
        case .expired: .eventExpired
        case .imported: .eventImported
        case .discovered: .eventDiscovered
        case .corrupt: .eventCorrupt
        case .movedAside: .eventMovedAside
        case .pinned: .eventPinned
        case .unpinned: .eventUnpinned
        case .cancelled: .eventCancelled
        }
    }
}

extension SyncAction.Kind {
    /// The action's word in the catalog.
    public var phrase: Phrase {
        switch self {
        case .missing: .actionMissing
        case .corrupt: .actionCorrupt
        case .adopted: .actionAdopted
        case .discovered: .actionDiscovered
        case .removedPartial: .actionRemovedPartial
        case .requeued: .actionRequeued
        case .unknown: .actionUnknown
        }
    }

    /// So many of the action, its word agreeing with the number: "2 missing", "2 faltan".
    var counted: Phrase {
        switch self {
        case .missing: .countMissing
        case .corrupt: .countCorrupt
        case .adopted: .countAdopted
        case .discovered: .countDiscovered
        case .removedPartial: .countRemovedPartial
        case .requeued: .countRequeued
        case .unknown: .countUnknown
        }
    }
}

extension MigrationReport.LeftReason {
    /// Why a file was left in place, in a word of the catalog.
    public var phrase: Phrase {
        switch self {
        case .ambiguous: .leftAmbiguous
        case .unplaced: .leftUnplaced
        case .unrelated: .leftUnrelated
        case .duplicate: .leftDuplicate
        case .alreadyInLibrary: .leftAlreadyInLibrary
        case .beingDownloaded: .leftBeingDownloaded
        case .failed: .leftFailed
        }
    }

    /// So many files left for the reason, its word agreeing with the number: "2 fallaron".
    public var counted: Phrase {
        switch self {
        case .ambiguous: .countLeftAmbiguous
        case .unplaced: .countLeftUnplaced
        case .unrelated: .countLeftUnrelated
        case .duplicate: .countLeftDuplicate
        case .alreadyInLibrary: .countLeftAlreadyInLibrary
        case .beingDownloaded: .countLeftBeingDownloaded
        case .failed: .countLeftFailed
        }
    }
}

extension Message {
    /// A sync's reason as a plan says it (a dry run, a diagnosis that changes nothing): "sync
    /// moves it aside", not "moved aside", also within a longer sentence. Any other as it is.
    public var asPlanned: Message {
        switch key {
        case .syncWrongSize: Message(.syncWrongSizePlanned, arguments: arguments)
        case .syncNotRecordedSize: Message(.syncNotRecordedSizePlanned, arguments: arguments)
        case .syncNotServerSize: Message(.syncNotServerSizePlanned, arguments: arguments)
        case .elsewhere: self
        default:
            Message(
                key,
                arguments: arguments.map { argument in
                    if case .message(let inner) = argument { .message(inner.asPlanned) } else { argument }
                })
        }
    }
}

extension SyncReport {
    /// The counts of the changes, by kind: "2 missing, 1 adopted", or "nothing to do".
    public var summaryWords: Message {
        let counts = Dictionary(grouping: actions, by: \.action).mapValues(\.count)
        let order: [SyncAction.Kind] = [.missing, .corrupt, .adopted, .discovered, .removedPartial, .requeued, .unknown]
        let parts = order.compactMap { kind in counts[kind].map { Message(kind.counted, .number($0)) } }
        guard let first = parts.first else { return Message(.syncNothingToDo) }
        return parts.dropFirst().reduce(first) { Message(.listSeparated, .message($0), .message($1)) }
    }
}

/// The outcome of one item.
enum ItemOutcome: Sendable, Equatable {
    case completed(bytes: Int, alreadyPresent: Bool)
    case failed(String)
    /// The item left the registry while it was being downloaded.
    case removed
    case cancelled
    /// The disk (or the registry's) is full: the item is back in the queue, and the run stops.
    case diskFull(String)
    /// The server could not be reached or sent nothing (the reason says how): the item is back in
    /// the queue with its bytes; the run stops when its ``ServerWatch`` finds the server down.
    case unreachable(String)
}

extension ItemOutcome {
    /// The outcome as seen by a caller that joined another's download: nothing was written for it.
    var asJoined: ItemOutcome {
        if case .completed(let bytes, _) = self { return .completed(bytes: bytes, alreadyPresent: true) }
        return self
    }
}

extension ItemOutcome {
    /// The event that ends an item with this outcome.
    func endEvent(for key: MediaKey) -> DownloadEvent {
        switch self {
        case .completed(let bytes, _): .completed(key, bytes: bytes, alreadyPresent: true)
        case .failed(let reason): .failed(key, reason: reason)
        case .removed: .withdrawn(key)
        case .cancelled: .cancelled(key)
        case .diskFull(let reason): .stopped(key, reason: reason)
        case .unreachable: .cancelled(key)
        }
    }

    var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }
}

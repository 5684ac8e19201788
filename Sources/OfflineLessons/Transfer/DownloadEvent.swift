import Foundation

/// What a download run reports, in order, ending with ``finished(_:)``.
public enum DownloadEvent: Sendable, Hashable {
    /// An item will be downloaded (it needs work).
    case queued(MediaKey)
    /// A requested medium the lesson does not have: never requested. (One whose link is unusable
    /// is ``failed(_:reason:)``.)
    case unavailable(MediaKey, reason: String)
    /// Bytes on disk so far, of the expected total when known.
    case progress(MediaKey, received: Int, expected: Int?)
    /// An attempt failed and will be retried after `delay`. (A connection-level failure, which
    /// is the server's and not the item's, is not reported per item: see ``serverNotAnswering(reason:)``.)
    case retrying(MediaKey, retry: Int, delay: Duration, reason: String)
    /// Another download (another process, or another library on the same folder) is writing the
    /// item: this run waits for it to end, then takes its result or carries on from its bytes.
    case waiting(MediaKey, reason: String)
    /// The item is complete and registered (`alreadyPresent` when no download was needed).
    case completed(MediaKey, bytes: Int, alreadyPresent: Bool)
    /// The item failed for good; the reason is kept in the registry.
    case failed(MediaKey, reason: String)
    /// The run was cancelled; unfinished items stay queued and resume next time.
    case cancelled(MediaKey)
    /// The item was cancelled or removed while the run went on (by a user, here or in another
    /// process): it left the queue; not a failure.
    case withdrawn(MediaKey)
    /// The item could not go on because the disk is full; it stays queued, and the run stops
    /// (every other unfinished item goes back to the queue too).
    case stopped(MediaKey, reason: String)
    /// The server does not answer (no connection, or nothing within the stall timeout): the run
    /// waits and tries again. Reported once until the server answers again.
    case serverNotAnswering(reason: String)
    /// The server stayed unreachable: the run stops, and every unfinished item goes back to the
    /// queue with its bytes (each reported ``cancelled(_:)`` after this).
    case serverUnreachable(reason: String)
    /// The run is over.
    case finished(DownloadSummary)
}

extension DownloadEvent {
    /// The item the event is about (`nil` for the run's own events: the server's state and ``finished(_:)``).
    public var key: MediaKey? {
        switch self {
        case .queued(let key), .unavailable(let key, _), .progress(let key, _, _), .retrying(let key, _, _, _),
            .waiting(let key, _), .completed(let key, _, _), .failed(let key, _), .cancelled(let key), .withdrawn(let key),
            .stopped(let key, _):
            key
        case .serverNotAnswering, .serverUnreachable, .finished:
            nil
        }
    }
}

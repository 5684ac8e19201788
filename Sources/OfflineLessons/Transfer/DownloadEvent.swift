import Foundation

/// What a download run reports, in order, ending with ``finished(_:)``.
public enum DownloadEvent: Sendable, Hashable {
    /// An item will be downloaded (it needs work).
    case queued(MediaKey)
    /// A requested medium the lesson does not have, or whose link is unusable: never requested.
    case unavailable(MediaKey, reason: String)
    /// Bytes on disk so far, of the expected total when known.
    case progress(MediaKey, received: Int, expected: Int?)
    /// An attempt failed and will be retried after `delay`.
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
    /// The run is over.
    case finished(DownloadSummary)
}

/// The outcome of a download run.
public struct DownloadSummary: Sendable, Hashable, Codable {
    public struct Failure: Sendable, Hashable, Codable {
        public var lesson: LessonID
        public var medium: MediaKind
        public var reason: String
    }

    /// Items downloaded in this run.
    public var downloaded: Int = 0
    /// Items that were complete already.
    public var alreadyComplete: Int = 0
    public var failed: [Failure] = []
    public var unavailable: [Failure] = []
    public var cancelled: Int = 0
    /// Bytes written in this run.
    public var bytes: Int = 0
    public var seconds: Double = 0

    public init() {}

    public var succeeded: Bool { failed.isEmpty && cancelled == 0 }
}

/// The outcome of one item.
enum ItemOutcome: Sendable {
    case completed(bytes: Int, alreadyPresent: Bool)
    case failed(String)
    /// The item left the registry while it was being downloaded.
    case removed
    case cancelled
}

/// The outcome of a download run.
public struct DownloadSummary: Sendable, Hashable, Codable {
    public struct Failure: Sendable, Hashable, Codable {
        public var lesson: LessonID
        public var medium: MediaKind
        public var reason: String
        /// "Shabbat 2 audio", when a caller named it (``named(by:)``).
        public var name: String?
    }

    /// Items downloaded in this run.
    public var downloaded: Int = 0
    /// Items that were complete already.
    public var alreadyComplete: Int = 0
    public var failed: [Failure] = []
    public var unavailable: [Failure] = []
    /// Items the run stopped before their end (interrupted, the disk full, the server down): back
    /// in the queue, for the next run.
    public var leftQueued: Int = 0
    /// Items the user cancelled while the run went on (``LessonLibrary/cancelDownload(_:)``): out
    /// of the queue, not counted in ``leftQueued``; also those another process removed or cancelled
    /// while this run downloaded them.
    public var withdrawn: Int = 0
    /// Items that wait because the queue is paused (``LessonLibrary/pauseQueue()``): the run
    /// started none of them.
    public var queuePaused: Int = 0
    /// Why the run stopped before its end (the disk is full), when it did; its unfinished items
    /// are back in the queue.
    public var stoppedBecause: String?
    /// Why the server did not answer (no connection, or nothing within the stall timeout), when an
    /// item went back to the queue for it: the run stopped (unless the server still answered its
    /// other items), and its unfinished items are back in the queue (counted in ``leftQueued``),
    /// none failed for it.
    public var serverUnreachable: String?
    /// Bytes written in this run.
    public var bytes: Int = 0
    public var seconds: Double = 0

    public init() {}

    /// The summary with each failed or unavailable item named.
    public func named(by names: LessonNames) -> DownloadSummary {
        var named = self
        for index in named.failed.indices { named.failed[index].name = names.name(MediaKey(failed[index].lesson, failed[index].medium)) }
        for index in named.unavailable.indices {
            named.unavailable[index].name = names.name(MediaKey(unavailable[index].lesson, unavailable[index].medium))
        }
        return named
    }

    public var succeeded: Bool { failed.isEmpty && leftQueued == 0 && stoppedBecause == nil && serverUnreachable == nil }
}

extension DownloadSummary {
    /// Counts one item's outcome.
    mutating func record(_ outcome: ItemOutcome, of key: MediaKey) {
        switch outcome {
        case .completed(let bytes, let alreadyPresent):
            if alreadyPresent {
                alreadyComplete += 1
            } else {
                downloaded += 1
                self.bytes += bytes
            }
        case .failed(let reason):
            failed.append(.init(lesson: key.lesson, medium: key.medium, reason: reason))
        case .removed:
            withdrawn += 1
        case .cancelled, .diskFull, .unreachable:
            leftQueued += 1
        }
    }
}

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
    /// Why the run stopped before its end (the disk is full), when it did; its unfinished items
    /// are back in the queue.
    public var stoppedBecause: String?
    /// Why the server did not answer (no connection, or nothing within the stall timeout), when an
    /// item went back to the queue for it: the run stopped (unless the server still answered its
    /// other items), and its unfinished items are back in the queue (counted in ``cancelled``),
    /// none failed for it.
    public var serverUnreachable: String?
    /// Bytes written in this run.
    public var bytes: Int = 0
    public var seconds: Double = 0

    public init() {}

    public var succeeded: Bool { failed.isEmpty && cancelled == 0 && stoppedBecause == nil && serverUnreachable == nil }
}

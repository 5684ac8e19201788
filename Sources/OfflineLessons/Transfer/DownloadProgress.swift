import Foundation

/// A running tally of one download run, fed its events in order: files and bytes done, the
/// transfer rate, and the time left estimated by bytes (not by file count, since an audio file
/// may be a hundred times the size of a PDF).
///
/// Sizes not known yet (items still waiting for a slot) are estimated from the items of the same
/// medium whose size is known; the estimate firms up as downloads start.
///
/// ```swift
/// var progress = DownloadProgress()
/// for await event in try library.download(lessons, media: .audio) {
///     progress.record(event)
///     if let left = progress.estimatedTimeLeft() { print(left) }
/// }
/// ```
public struct DownloadProgress: Sendable {
    /// An item being transferred.
    public struct Item: Sendable, Hashable {
        public var received: Int
        public var expected: Int?
        /// Bytes this run has transferred for the item (a resume starts from the partial file).
        public var transferred: Int
        var firstSeen: ContinuousClock.Instant
    }

    /// Items that needed work when the run started.
    public private(set) var queued = 0
    public private(set) var completed = 0
    public private(set) var failed = 0
    public private(set) var cancelled = 0
    /// Items being transferred now.
    public private(set) var active: [MediaKey: Item] = [:]
    /// Bytes received over the network in this run (a resumed file counts only its new bytes).
    public private(set) var bytesTransferred = 0
    /// Whether the server is not answering (since ``DownloadEvent/serverNotAnswering(reason:)``,
    /// until bytes come again): there is no time left to estimate meanwhile.
    public private(set) var isWaitingForServer = false

    private let started: ContinuousClock.Instant
    /// Estimates are capped (a stalled transfer would otherwise promise centuries).
    static let longestEstimate: Double = 365 * 24 * 3600
    private var waiting: Set<MediaKey> = []
    private var knownSizes: [MediaKind: (count: Int, bytes: Int)] = [:]
    private var sized: Set<MediaKey> = []

    public init(startedAt start: ContinuousClock.Instant = .now) {
        started = start
    }

    /// Items that needed work and are over, one way or another (``completed`` says how many are done).
    public var finished: Int { completed + failed + cancelled }

    /// Takes one event of the run into account; `now` is when it arrived.
    public mutating func record(_ event: DownloadEvent, at now: ContinuousClock.Instant = .now) {
        switch event {
        case .queued(let key):
            if waiting.insert(key).inserted { queued += 1 }
        case .progress(let key, let received, let expected):
            var item = active[key] ?? Item(received: received, expected: expected, transferred: 0, firstSeen: now)
            if active[key] != nil {
                // A restart from zero (the server's copy changed) counts its new bytes only.
                let gained = received >= item.received ? received - item.received : received
                item.transferred += gained
                bytesTransferred += gained
            }
            if let expected { learnSize(expected, of: key) }
            isWaitingForServer = false
            item.received = received
            item.expected = expected
            active[key] = item
        case .completed(let key, let bytes, let alreadyPresent):
            if !alreadyPresent, let item = active[key], bytes > item.received {
                bytesTransferred += bytes - item.received
            }
            learnSize(bytes, of: key)
            if !alreadyPresent { isWaitingForServer = false }
            end(key) { $0.completed += 1 }
        case .failed(let key, _):
            end(key) { $0.failed += 1 }
        case .cancelled(let key), .withdrawn(let key), .stopped(let key, _):
            end(key) { $0.cancelled += 1 }
        case .serverNotAnswering, .serverUnreachable:
            isWaitingForServer = true
        case .unavailable, .retrying, .waiting, .finished:
            break
        }
    }

    private mutating func end(_ key: MediaKey, count: (inout DownloadProgress) -> Void) {
        active[key] = nil
        // Only items that needed work count towards the run's file total.
        if waiting.remove(key) != nil { count(&self) }
    }

    /// Counts an item's size (once) towards the typical size of its medium.
    private mutating func learnSize(_ bytes: Int, of key: MediaKey) {
        guard sized.insert(key).inserted else { return }
        let known = knownSizes[key.medium] ?? (0, 0)
        knownSizes[key.medium] = (known.count + 1, known.bytes + bytes)
    }

    /// The average transfer rate of the run so far, in bytes per second.
    public func bytesPerSecond(at now: ContinuousClock.Instant = .now) -> Double? {
        let elapsed = (now - started).seconds
        guard elapsed > 0, bytesTransferred > 0 else { return nil }
        return Double(bytesTransferred) / elapsed
    }

    /// Bytes still to transfer: what active items lack, plus an estimate for items waiting for a
    /// slot (the average known size of their medium, or of any medium). `nil` while no size is known.
    public var estimatedBytesLeft: Int? {
        let all = knownSizes.values.reduce((count: 0, bytes: 0)) { ($0.count + $1.count, $0.bytes + $1.bytes) }
        guard all.count > 0 else { return nil }
        func typical(_ medium: MediaKind) -> Int {
            let known = knownSizes[medium] ?? all
            return known.bytes / max(known.count, 1)
        }
        var left = 0
        for key in waiting {
            if let item = active[key] {
                left += max((item.expected ?? typical(key.medium)) - item.received, 0)
            } else {
                left += typical(key.medium)
            }
        }
        return left
    }

    /// The time left at the run's average rate; `nil` until both a rate and a size are known, and
    /// while the server is not answering.
    public func estimatedTimeLeft(at now: ContinuousClock.Instant = .now) -> Duration? {
        guard !isWaitingForServer, let rate = bytesPerSecond(at: now), let left = estimatedBytesLeft else { return nil }
        return .seconds(min(Double(left) / rate, Self.longestEstimate))
    }

    /// The share of the run done, by estimated bytes: transferred / (transferred + left).
    public var fractionDone: Double? {
        guard let left = estimatedBytesLeft else { return queued > 0 ? Double(finished) / Double(queued) : nil }
        let total = bytesTransferred + left
        return total > 0 ? Double(bytesTransferred) / Double(total) : 1
    }

    /// One item's time left at its own rate since it started in this run.
    public func estimatedTimeLeft(of key: MediaKey, at now: ContinuousClock.Instant = .now) -> Duration? {
        guard let item = active[key], let expected = item.expected, item.transferred > 0 else { return nil }
        let elapsed = (now - item.firstSeen).seconds
        guard elapsed > 0 else { return nil }
        return .seconds(min(Double(max(expected - item.received, 0)) / (Double(item.transferred) / elapsed), Self.longestEstimate))
    }
}

import Foundation
import OfflineLessons

/// Every download of the library as the live panel shows it, merged from two sources: the
/// library's own events (``LessonLibrary/observe()``: downloads this app started, at once) and a
/// poll of the registry and the partial files (``LessonLibrary/transfers(also:)``: downloads of
/// any process, such as a `lessons download` in a terminal, every second).
///
/// A poll's snapshot may be older than the last event of an item (read before a cancel, merged
/// after it), or show a partial file still locked a moment after the event that ended its
/// download: so a snapshot read before an item's last event leaves that item alone, and an item
/// counts as run here only from its first event to its last (cancelled, complete, failed), after
/// which the registry alone says what it is.
actor TransferBoard {
    /// One item as the page receives it (JSON).
    struct Entry: Sendable, Codable, Equatable {
        var key: String
        var lesson: String
        /// The lesson as people name it ("Berakhot 2"); its id while its name is not known.
        var name: String
        var medium: String
        var state: String
        var received: Int
        var expected: Int?
        var percent: Int?
        var bytesPerSecond: Int?
        var secondsLeft: Int?
        var reason: String?
        /// Whether a run of this app's process has the item now (only those can be cancelled here).
        var here: Bool
        /// Queued while the content server cannot be reached: it starts when the server answers.
        var waitsForServer = false
        /// Queued while the queue is paused: it starts when the queue is resumed.
        var waitsForResume = false
    }

    private struct Tracked {
        var state: String
        var received: Int
        var expected: Int?
        var reason: String?
        var here: Bool
        var start: (at: ContinuousClock.Instant, received: Int)?
        var endedAt: ContinuousClock.Instant?
        /// The ``stamp`` of the item's last event.
        var lastEvent = 0
    }

    /// How long an ended item (complete, removed) stays on the panel.
    static let keepEnded: Duration = .seconds(6)
    private var items: [MediaKey: Tracked] = [:]
    private(set) var lastProblem: String?
    private var names = LessonNames(shas: nil)
    private let clock = ContinuousClock()
    /// Counts the events recorded: a poll notes it before reading the registry (``merge(_:readAfter:)``).
    private(set) var stamp = 0

    /// Takes one event of this process's downloads into account.
    func record(_ event: DownloadEvent) {
        guard let key = event.key else { return }
        stamp += 1
        var item = items[key] ?? Tracked(state: MediaState.queued.rawValue, received: 0, here: true)
        item.here = true
        item.lastEvent = stamp
        switch event {
        case .queued:
            item.state = MediaState.queued.rawValue
            item.endedAt = nil
        case .progress(_, let received, let expected):
            begin(&item, received: received)
            item.received = received
            item.expected = expected ?? item.expected
        case .waiting(_, let reason), .retrying(_, _, _, let reason):
            item.reason = reason
        case .completed(_, let bytes, _):
            item.state = MediaState.complete.rawValue
            item.received = bytes
            item.expected = bytes
            item.reason = nil
            item.endedAt = clock.now
            item.here = false
        case .failed(_, let reason), .unavailable(_, let reason), .stopped(_, let reason):
            item.state = MediaState.failed.rawValue
            item.reason = reason
            item.here = false
        case .withdrawn:
            // Kept as removed until it ages out, so that an older poll does not bring it back.
            item.state = "removed"
            item.endedAt = clock.now
            item.here = false
        case .cancelled:
            item.state = MediaState.queued.rawValue
            item.start = nil
            item.here = false
        case .serverNotAnswering, .serverUnreachable, .finished:
            break
        }
        items[key] = item
    }

    /// Items a run of this app is about to take: shown queued and run here from now on, so that no
    /// poll read before the run's first event shows them as another process's.
    func expect(_ keys: Set<MediaKey>) {
        stamp += 1
        for key in keys where items[key]?.endedAt == nil || items[key] == nil {
            var item = items[key] ?? Tracked(state: MediaState.queued.rawValue, received: 0, here: true)
            item.here = true
            item.lastEvent = stamp
            items[key] = item
        }
    }

    /// Items a run was expected to take but that the app could not start.
    func forget(_ keys: Set<MediaKey>) {
        for key in keys where items[key]?.start == nil { items[key] = nil }
    }

    /// Takes the registry's view into account (downloads of every process), as read after the
    /// event numbered `stamp`: an item with a later event keeps what its events say.
    func merge(_ snapshots: [TransferSnapshot], readAfter stamp: Int) {
        lastProblem = nil
        let now = clock.now
        for snapshot in snapshots {
            var item = items[snapshot.key] ?? Tracked(state: MediaState.queued.rawValue, received: 0, here: false)
            guard item.lastEvent <= stamp else { continue }
            switch snapshot.state {
            case nil where item.here && item.start == nil && item.endedAt == nil:
                // Expected here but not in the registry (not registered yet, or a medium the lesson lacks).
                items[snapshot.key] = nil
                continue
            case nil:
                if item.endedAt == nil { item.endedAt = now }
                item.state = "removed"
            case .complete?:
                if item.endedAt == nil { item.endedAt = now }
                item.state = MediaState.complete.rawValue
                item.received = snapshot.receivedBytes
                item.expected = snapshot.receivedBytes
            case .queued?, .downloading?:
                item.endedAt = nil
                // An item is downloading from its first byte (a run here says so by its events; one of
                // another process, by its partial file): one that waits for a transfer slot holds
                // its partial file, but stays queued.
                let started =
                    item.here ? item.start != nil && (snapshot.isBeingWritten || snapshot.state == .downloading) : snapshot.isTransferring
                if started {
                    item.state = MediaState.downloading.rawValue
                    // The events of this process may be fresher than the file's size.
                    item.received = max(item.here ? item.received : 0, snapshot.receivedBytes)
                    begin(&item, received: item.received)
                } else {
                    item.state = MediaState.queued.rawValue
                    item.start = nil
                }
                item.expected = snapshot.expectedBytes ?? item.expected
            case let state?:
                item.endedAt = nil
                item.state = state.rawValue
                item.reason = snapshot.lastError ?? item.reason
            }
            items[snapshot.key] = item
        }
        items = items.filter { _, item in item.endedAt.map { now - $0 < Self.keepEnded } ?? true }
    }

    func noteProblem(_ problem: String) { lastProblem = problem }

    /// Whether the board can name `lesson` (its masechet is known).
    func canName(_ lesson: LessonID) -> Bool { names.masechet(of: lesson) != nil }

    /// Names the board's lessons with `names` from now on.
    func use(_ names: LessonNames) { self.names = names }

    /// Items whose state is not final yet: the poll asks the registry about them by key.
    func watchedKeys() -> Set<MediaKey> {
        Set(items.filter { $0.value.endedAt == nil }.keys)
    }

    /// The panel's content, in lesson order.
    func entries() -> [Entry] {
        let now = clock.now
        return items.keys.sorted().compactMap { key in
            guard let item = items[key] else { return nil }
            var rate: Int?
            var left: Int?
            if item.state == MediaState.downloading.rawValue, let start = item.start {
                let seconds = (now - start.at).seconds
                if seconds > 0.2, item.received > start.received {
                    let perSecond = Double(item.received - start.received) / seconds
                    rate = Int(perSecond)
                    if let expected = item.expected { left = Int((Double(max(expected - item.received, 0)) / perSecond).rounded(.up)) }
                }
            }
            let percent = item.expected.flatMap { $0 > 0 ? min(100, item.received * 100 / $0) : nil }
            return Entry(
                key: "\(key.lesson)/\(key.medium.rawValue)", lesson: key.lesson.description, name: names.name(key.lesson),
                medium: key.medium.rawValue,
                state: item.state, received: item.received, expected: item.expected, percent: percent,
                bytesPerSecond: rate, secondsLeft: left, reason: item.reason, here: item.here)
        }
    }

    private func begin(_ item: inout Tracked, received: Int) {
        item.state = MediaState.downloading.rawValue
        item.endedAt = nil
        if item.start == nil { item.start = (clock.now, received) }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

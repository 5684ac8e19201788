import NIOConcurrencyHelpers

/// What the user asks of the queue while runs go on, shared by the runs of one library: an item
/// cancelled (its transfer stops, the other items go on), an item moved to the front (the next
/// one a run starts), the queue paused (every run here stops; its items stay queued).
final class QueueControl: Sendable {
    private struct State {
        var front: [MediaKey] = []
        /// Items cancelled by the user: a run that has them ends them as withdrawn, not as stopped.
        var withdrawn: Set<MediaKey> = []
        /// The items being downloaded by runs here, with a way to stop each one's task.
        var running: [MediaKey: [Int: @Sendable () -> Void]] = [:]
        /// The runs here, with a way to stop each.
        var runs: [Int: @Sendable () -> Void] = [:]
        var nextID = 0
    }
    private let state = NIOLockedValueBox(State())

    /// Moves `key` to the front: the next item a run that covers it starts.
    func moveToFront(_ key: MediaKey) {
        state.withLockedValue { state in
            state.front.removeAll { $0 == key }
            state.front.insert(key, at: 0)
        }
    }

    /// The items moved to the front that a run here is downloading: each comes first for a slot.
    var frontUnderWay: Set<MediaKey> {
        state.withLockedValue { state in Set(state.front.filter { state.running[$0] != nil }) }
    }

    /// The items moved to the front, with their places (0 first).
    var frontOrder: [MediaKey: Int] {
        state.withLockedValue { state in Dictionary(state.front.enumerated().map { ($1, $0) }, uniquingKeysWith: min) }
    }

    /// Marks `key` cancelled by the user (until it is requested again: ``requested(_:)``).
    func withdraw(_ key: MediaKey) { state.withLockedValue { _ = $0.withdrawn.insert(key) } }

    func isWithdrawn(_ key: MediaKey) -> Bool { state.withLockedValue { $0.withdrawn.contains(key) } }

    /// Items requested (again): no longer cancelled.
    func requested(_ keys: some Sequence<MediaKey>) {
        state.withLockedValue { state in for key in keys { state.withdrawn.remove(key) } }
    }

    /// The first of `remaining` moved to the front (it stays preferred for a slot until it ends).
    func takeFront(in remaining: Set<MediaKey>) -> MediaKey? {
        state.withLockedValue { state in state.front.first(where: remaining.contains) }
    }

    /// Registers a running item's stop; returns the token that ``finished(_:token:)`` takes.
    func started(_ key: MediaKey, stop: @escaping @Sendable () -> Void) -> Int {
        state.withLockedValue { state in
            defer { state.nextID += 1 }
            state.running[key, default: [:]][state.nextID] = stop
            return state.nextID
        }
    }

    /// Ends a running item's registration; returns whether it was at the front.
    @discardableResult
    func finished(_ key: MediaKey, token: Int) -> Bool {
        state.withLockedValue { state in
            let wasFront = state.front.contains(key)
            state.front.removeAll { $0 == key }
            state.running[key]?[token] = nil
            if state.running[key]?.isEmpty == true { state.running[key] = nil }
            return wasFront
        }
    }

    /// Stops the transfers of `key` under way here; returns whether there was one.
    func stop(_ key: MediaKey) -> Bool {
        let stops = state.withLockedValue { state in Array((state.running[key] ?? [:]).values) }
        for stop in stops { stop() }
        return !stops.isEmpty
    }

    /// Whether a run here is downloading `key`.
    func isRunning(_ key: MediaKey) -> Bool { state.withLockedValue { $0.running[key] != nil } }

    /// Registers a run's stop; returns the token that ``runEnded(token:)`` takes.
    func runStarted(stop: @escaping @Sendable () -> Void) -> Int {
        state.withLockedValue { state in
            defer { state.nextID += 1 }
            state.runs[state.nextID] = stop
            return state.nextID
        }
    }

    func runEnded(token: Int) { state.withLockedValue { _ = $0.runs.removeValue(forKey: token) } }

    /// Stops every run here (their items go back to the queue).
    func stopAllRuns() {
        let stops = state.withLockedValue { Array($0.runs.values) }
        for stop in stops { stop() }
    }
}

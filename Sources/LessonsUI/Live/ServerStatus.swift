import Foundation
import OfflineLessons

/// Whether the content server answers, as the app last found out, and when the catalog was last
/// fetched. Pages read it at once and never wait for the server: a probe in the background (the
/// catalog fetched again with a short timeout, ``AppServices/watch()``) keeps it current. A server
/// found unreachable is remembered, and probed again every ``Timing/retryEvery``; one that answers
/// is probed again while a page is shown or open, at most every ``Timing/recheckAfter``.
actor ServerStatus {
    struct Timing: Sendable {
        /// How long a probe may take.
        var timeout: Duration = .seconds(2)
        /// How often an unreachable server is probed.
        var retryEvery: Duration = .seconds(5)
        /// How old the last probe may be when a page is shown before another one is made.
        var recheckAfter: Duration = .seconds(15)
        /// How long a page waits for the server's answer about what is not cached, at most.
        var pageWait: Duration = .seconds(1)
    }

    enum Reach: Sendable, Equatable {
        case unknown, reachable, unreachable
    }

    /// What a page needs to know.
    struct Snapshot: Sendable, Equatable {
        var reach: Reach = .unknown
        /// When the cached catalog was fetched; `nil` when none is cached.
        var catalogFetchedAt: Date?

        /// The server is known not to answer (or none is configured): pages say so.
        var isOffline: Bool { reach == .unreachable }
    }

    let timing: Timing
    private(set) var snapshot = Snapshot()
    private var lastProbe: ContinuousClock.Instant?
    private var wanted = true
    /// Set while downloads wait for the server: they are resumed when it answers again.
    private(set) var downloadsWait = false
    /// Set when a download run of this app found the server not answering, until a probe says
    /// whether it is down (the app's runs are then stopped) or answers.
    private var runsNotAnswering = false

    init(timing: Timing = Timing()) {
        self.timing = timing
    }

    /// The status for a page, now; asks for a probe when the last one is old.
    func forPage() -> Snapshot {
        if snapshot.reach == .reachable, lastProbe.map({ .now - $0 >= timing.recheckAfter }) ?? true { wanted = true }
        return snapshot
    }

    /// Whether the last probe is too old to trust for an action that would reach the server (a
    /// server known unreachable is probed in the background anyway).
    func isStale() -> Bool {
        snapshot.reach != .unreachable && (lastProbe.map { .now - $0 >= timing.recheckAfter } ?? true)
    }

    /// Whether the background should probe now.
    func isProbeDue() -> Bool {
        if wanted { return true }
        guard snapshot.reach != .reachable, let lastProbe else { return snapshot.reach == .unknown }
        return .now - lastProbe >= timing.retryEvery
    }

    /// Notes that a probe starts.
    func probing() {
        wanted = false
        lastProbe = .now
    }

    /// The server answered (`fetchedAt`: when the catalog now cached was fetched, if it was).
    /// Returns whether downloads were waiting for it (they are no longer said to wait).
    @discardableResult
    func answered(catalogFetchedAt fetchedAt: Date?) -> Bool {
        snapshot.reach = .reachable
        runsNotAnswering = false
        if let fetchedAt { snapshot.catalogFetchedAt = fetchedAt }
        defer { downloadsWait = false }
        return downloadsWait
    }

    /// The server did not answer (a probe, a listing, a download found it so).
    func unreachable() {
        if snapshot.reach != .unreachable { lastProbe = .now }
        snapshot.reach = .unreachable
        wanted = false
    }

    /// Downloads are queued for the server: started when it answers again.
    func downloadsWaiting() { downloadsWait = true }

    /// A download run found the server not answering: a probe is made at once.
    func runNotAnswering() {
        runsNotAnswering = true
        wanted = true
    }

    /// Whether a run found the server not answering since the last answer (asked once a probe
    /// found it unreachable: the runs are then stopped, their items queued for the server).
    func takeRunsNotAnswering() -> Bool {
        defer { runsNotAnswering = false }
        return runsNotAnswering
    }

    /// When the cached catalog was fetched, read at the app's start.
    func cached(fetchedAt: Date?) {
        if snapshot.catalogFetchedAt == nil { snapshot.catalogFetchedAt = fetchedAt }
    }
}

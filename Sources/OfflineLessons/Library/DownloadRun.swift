/// One download run, with a lifetime of its own: its events in order (ending with
/// ``DownloadEvent/finished(_:)``), ``cancel()``, and its ``summary``, which arrives after a
/// cancel too, once every unfinished item is back in the queue.
///
/// ```swift
/// let run = try await library.download(lessons, media: .audio)
/// for await event in run { progress.record(event) }
/// let summary = await run.summary
/// ```
///
/// Iterate it once. Cancelling the task that iterates it, or dropping every reference to the run
/// and its iterator, cancels the run; a `break` out of the loop does not (call ``cancel()``). The
/// run keeps its newest 65,536 events for a consumer that falls behind; a caller that wants only
/// the ``summary`` calls ``discardEvents()``. A screen that watches runs it did not start uses
/// ``LessonLibrary/observe()``.
public final class DownloadRun: AsyncSequence, Sendable {
    public typealias Element = DownloadEvent

    /// The run's events.
    public let events: AsyncStream<DownloadEvent>
    /// The items the run covers, known from its start (a retry of everything pending names them
    /// only here and in its events).
    public let items: [MediaKey]
    private let work: Task<DownloadSummary, Never>
    private let discard: @Sendable () -> Void

    init(
        events: AsyncStream<DownloadEvent>, items: [MediaKey], work: Task<DownloadSummary, Never>,
        discard: @escaping @Sendable () -> Void
    ) {
        self.events = events
        self.items = items
        self.work = work
        self.discard = discard
    }

    public func makeAsyncIterator() -> AsyncStream<DownloadEvent>.Iterator {
        events.makeAsyncIterator()
    }

    /// For a caller that reads only the ``summary``: the run stops keeping its events. Its event
    /// stream ends there (the events kept so far are dropped with it); the run goes on, and the
    /// library's observers (``LessonLibrary/observe()``) still get every event. The events are
    /// then not held in memory until the run ends.
    public func discardEvents() {
        discard()
    }

    /// Stops the run: downloads under way stop, and their items go back to the queue (they resume
    /// on the next run, from their partial files). ``summary`` says when that is done.
    public func cancel() {
        work.cancel()
    }

    /// The run's outcome, once every item has ended: downloaded, failed, or back in the queue.
    public var summary: DownloadSummary {
        get async { await work.value }
    }
}

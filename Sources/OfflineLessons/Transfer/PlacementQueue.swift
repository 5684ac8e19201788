import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The one thread that places the small files whose bodies ended on an event loop
/// (``DownloadSink/bodyEnded(then:)``). The files waiting when it comes to them are placed as a
/// group: each file flushed, their validators recorded in one transaction, each renamed into
/// place, each folder flushed once, and all marked complete in a second transaction. Two commits
/// for the group instead of two a file, and each file's steps in the order invariant 3 asks
/// (validators before the rename, so that a crash after it leaves a file the next run adopts;
/// complete only after the rename and the folders' flush). A group of fewer than
/// ``lingerBelow`` files waits up to a millisecond for the files right behind it while transfers
/// are under way, and not at all once none is.
///
/// One thread, not the blocking-I/O pool: spread over that pool's threads, placements waited for
/// each other on the registry's writer, a sleep and a wake-up each time. Process-wide, started on
/// first use, like the pool it stands beside.
final class PlacementQueue: Sendable {
    /// One small file to place.
    struct Job: Sendable {
        let key: MediaKey
        let file: PartialFile
        let bytes: Int
        let at: Date
        /// What the head said, when not recorded yet.
        let validators: DownloadSink.Validators?
        let database: LibraryDatabase
        let store: MediaStore
        /// Called once, on the queue's thread, with the file's size or the error ``DownloadSink/finish()`` throws.
        let done: @Sendable (Result<Int, any Error>) -> Void
    }

    static let shared = PlacementQueue()

    private struct Waiting {
        var jobs: [Job] = []
        var draining = false
        /// Jobs submitted and not yet told their result.
        var unfinished = 0
        /// While a group waits for more (``linger(having:)``): how many jobs it has taken.
        var lingering: Int?
    }

    /// How many placements may wait or run while their downloads' transfer slots go to other
    /// items (each holds its partial file open). Past it, a download keeps its slot until its
    /// file is placed: transfers then go at the placements' pace.
    static let room = 32
    /// A group smaller than this waits up to ``lingerMicroseconds`` for more files while
    /// transfers are under way (``SlotLease/transfersUnderWay``).
    static let lingerBelow = 16
    static let lingerMicroseconds = 1_000
    /// Set by a submit that ends a group's wait for more (``linger(having:)``): the group is big
    /// enough, or no transfer is left.
    private let arrivals = ConditionLock(value: false)
    private let waiting = NIOLockedValueBox(Waiting())
    private let thread: NIOThreadPool

    private init() {
        thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
    }

    /// Counts a placement about to be submitted if fewer than ``room`` are waiting or running:
    /// `true` when it did (its download may then give its slot back; pass `reserved: true` to
    /// ``submit(_:reserved:)``). Checked and counted under one lock, so the room is never exceeded.
    func reserve() -> Bool {
        waiting.withLockedValue { waiting in
            guard waiting.unfinished < Self.room else { return false }
            waiting.unfinished += 1
            return true
        }
    }

    /// Queues a placement; it runs on the queue's thread, with those queued beside it.
    /// `reserved`: counted already by ``reserve()``.
    func submit(_ job: Job, reserved: Bool = false) {
        let (start, lingering) = waiting.withLockedValue { waiting in
            waiting.jobs.append(job)
            if !reserved { waiting.unfinished += 1 }
            defer { waiting.draining = true }
            return (!waiting.draining, waiting.lingering.map { $0 + waiting.jobs.count })
        }
        guard start else {
            // A waiting group is woken once it is big enough, or when no transfer is left to wait for.
            if let lingering, lingering >= Self.lingerBelow || SlotLease.transfersUnderWay == 0 {
                arrivals.lock()
                arrivals.unlock(withValue: true)
            }
            return
        }
        thread.submit { [self] state in
            guard case .active = state else {  // the pool is shutting down: every job waiting fails
                while true {
                    let jobs = takeAll()
                    if jobs.isEmpty { return }
                    finished(jobs.count)
                    for job in jobs { job.done(.failure(CancellationError())) }
                }
            }
            while true {
                var jobs = takeAll()
                if jobs.isEmpty { return }
                if jobs.count < Self.lingerBelow { jobs += linger(having: jobs.count) }
                let results = Self.place(jobs)
                finished(jobs.count)
                for (job, result) in zip(jobs, results) { job.done(result) }
            }
        }
    }

    private func finished(_ count: Int) {
        waiting.withLockedValue { $0.unfinished -= count }
    }

    /// While transfers are under way, a small group waits a moment for the files right behind it
    /// (a bigger group, fewer commits): until it has ``lingerBelow`` files, no transfer is under
    /// way (a lesson's last file came), or ``lingerMicroseconds`` passed. A submit wakes it only
    /// for one of the first two. The jobs submitted meanwhile.
    private func linger(having taken: Int) -> [Job] {
        arrivals.lock()
        arrivals.unlock(withValue: false)
        var more = takeMore(lingering: taken)
        let deadline = NIODeadline.now() + .microseconds(Int64(Self.lingerMicroseconds))
        while taken + more.count < Self.lingerBelow, SlotLease.transfersUnderWay > 0 {
            let left = deadline - .now()
            if left <= .zero { break }
            if arrivals.lock(whenValue: true, timeoutSeconds: Double(left.nanoseconds) / 1e9) {
                arrivals.unlock(withValue: false)
            }
            more += takeMore(lingering: taken + more.count)
        }
        waiting.withLockedValue { $0.lingering = nil }
        return more + takeMore()
    }

    /// The jobs waiting, taken, the drain going on whether there are any or not. `lingering`:
    /// how many the group waiting for more has with them, `nil` when it waits no longer.
    private func takeMore(lingering: Int? = nil) -> [Job] {
        waiting.withLockedValue { waiting in
            defer { waiting.jobs = [] }
            waiting.lingering = lingering.map { $0 + waiting.jobs.count }
            return waiting.jobs
        }
    }

    /// The jobs waiting, taken; none left ends the drain (a later submit starts another).
    private func takeAll() -> [Job] {
        waiting.withLockedValue { waiting in
            defer { waiting.jobs = [] }
            if waiting.jobs.isEmpty { waiting.draining = false }
            return waiting.jobs
        }
    }

    /// Places jobs, a group per registry (consecutive jobs of the same library share its
    /// transactions): each job's result, in order.
    static func place(_ jobs: [Job]) -> [Result<Int, any Error>] {
        var results: [Result<Int, any Error>] = []
        var start = 0
        while start < jobs.count {
            let writer = ObjectIdentifier(jobs[start].database.writer)
            var end = start + 1
            while end < jobs.count, ObjectIdentifier(jobs[end].database.writer) == writer { end += 1 }
            results += placeGroup(Array(jobs[start..<end]))
            start = end
        }
        return results
    }

    /// One library's group: each job's result, in order. A job's own failure (its file replaced,
    /// its item removed or completed by another download) is its alone; a registry write that
    /// fails fails every job it was writing for, as it would have one by one.
    /// `beforeCompletion`: run after the renames and the folders' flush, before the completions'
    /// transaction (tests change the registry there).
    static func placeGroup(_ jobs: [Job], beforeCompletion: (() -> Void)? = nil) -> [Result<Int, any Error>] {
        var failures = [(any Error)?](repeating: nil, count: jobs.count)
        var live = Array(jobs.indices)
        func fail(_ index: Int, _ error: any Error) { failures[index] = error }

        for index in live {
            do { try jobs[index].store.flushForPlacement(jobs[index].file) } catch { fail(index, error) }
        }
        live.removeAll { failures[$0] != nil }

        let unrecorded = live.compactMap { index in jobs[index].validators.map { (index, $0) } }
        if let database = unrecorded.first.map({ jobs[$0.0].database }) {
            let items = unrecorded.map { index, validators in
                LibraryDatabase.HeadValidators(key: jobs[index].key, expectedBytes: validators.expected,
                                               etag: validators.etag, lastModified: validators.lastModified)
            }
            do {
                let outcomes = try database.recordValidatorsBlocking(items)
                for ((index, _), outcome) in zip(unrecorded, outcomes) {
                    do { try DownloadSink.check(outcome) } catch { fail(index, error) }
                }
            } catch {
                for (index, _) in unrecorded { fail(index, error) }
            }
            live.removeAll { failures[$0] != nil }
        }

        for index in live {
            do { try jobs[index].store.renameIntoPlace(jobs[index].file, as: jobs[index].key) } catch { fail(index, error) }
        }
        live.removeAll { failures[$0] != nil }

        var flushed: [String: Result<Void, any Error>] = [:]  // each folder once
        for index in live {
            for folder in jobs[index].store.foldersToFlush(after: jobs[index].key) {
                let result = flushed[folder] ?? Result { try MediaStore.flushFolder(atPath: folder) }
                flushed[folder] = result
                if case .failure(let error) = result, failures[index] == nil { fail(index, error) }
            }
        }
        live.removeAll { failures[$0] != nil }

        beforeCompletion?()
        if let database = live.first.map({ jobs[$0].database }) {
            do {
                let marked = try database.markCompleteBlocking(live.map { (jobs[$0].key, jobs[$0].bytes, jobs[$0].at) })
                for (index, registered) in zip(live, marked) where !registered {
                    fail(index, RegistryError.notRegistered(jobs[index].key))
                }
            } catch {
                for index in live { fail(index, error) }
            }
        }
        return jobs.indices.map { index in failures[index].map { .failure($0) } ?? .success(jobs[index].bytes) }
    }
}

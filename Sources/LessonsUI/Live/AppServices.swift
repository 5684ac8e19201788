import Foundation
import OfflineLessons

/// What the routes share: the library, the live board and its feeds, the runs started here.
final class AppServices: Sendable {
    let library: LessonLibrary
    let board = TransferBoard()
    let runs = RunKeeper()
    let server: ServerStatus
    let pollInterval: Duration
    let phone = PhoneAddress()
    private let stopping = StopSignal()

    init(library: LessonLibrary, pollInterval: Duration, serverTiming: ServerStatus.Timing = .init()) {
        self.library = library
        self.pollInterval = pollInterval
        server = ServerStatus(timing: serverTiming)
    }

    /// Feeds the board until ``stop()``: this process's events as they come, and the registry
    /// (downloads of every process) every `pollInterval`.
    func watch() async {
        let library = library
        let board = board
        let interval = pollInterval
        let stopping = stopping
        let server = server
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.keepServerStatus() }
            group.addTask {
                var tried = Set<LessonID>()
                for await event in await library.observe() {
                    // A run that finds the server down leaves its items queued: they wait for it.
                    if case .serverNotAnswering = event { await server.runNotAnswering() }
                    if case .serverUnreachable = event {
                        await server.unreachable()
                        await server.downloadsWaiting()
                    }
                    // Named before it is shown: the lesson is registered before its first event.
                    if let lesson = event.key?.lesson, !tried.contains(lesson), !(await board.canName(lesson)) {
                        tried.insert(lesson)
                        if let names = try? await library.lessonNames() { await board.use(names) }
                    }
                    await board.record(event)
                    if await stopping.isSet { break }
                }
            }
            group.addTask {
                var tried = Set<LessonID>()
                while !(await stopping.isSet), !Task.isCancelled {
                    do {
                        let stamp = await board.stamp
                        let snapshots = try await library.transfers(also: board.watchedKeys())
                        // Downloads of other processes: named once each, before they are shown (a
                        // lesson with no known masechet keeps its id).
                        var unnamed = Set<LessonID>()
                        for lesson in Set(snapshots.map(\.key.lesson)).subtracting(tried) where !(await board.canName(lesson)) {
                            unnamed.insert(lesson)
                        }
                        if !unnamed.isEmpty {
                            tried.formUnion(unnamed)
                            await board.use(try await library.lessonNames())
                        }
                        await board.merge(snapshots, readAfter: stamp)
                    } catch {
                        await board.noteProblem(String(describing: error))
                    }
                    try? await Task.sleep(for: interval)
                }
            }
            await stopping.wait()
            group.cancelAll()
        }
    }

    var isStopping: Bool { get async { await stopping.isSet } }

    /// Ends the live streams and the watch, and cancels the downloads started here.
    func stop() async {
        await stopping.set()
        await runs.stopAll()
    }
}

/// A one-way flag that tasks can wait for.
actor StopSignal {
    private(set) var isSet = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func set() {
        isSet = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isSet { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

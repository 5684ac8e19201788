import NIOConcurrencyHelpers
import NIOPosix

/// The partial files of a run's next items, opened ahead of their downloads on a thread of their
/// own: each opened and locked, its lesson folder made, and its final path looked at, as the
/// download would do first (``MediaStore/openPartial(_:)``, ``MediaStore/finalSize(_:)``). A
/// run of small files otherwise does these system calls on the event loop that reads every
/// response (a fifth of that loop's time on 730 small files, by `perf record`), while the other
/// core has room.
///
/// It stays at most ``window`` items ahead of the downloads that asked for theirs
/// (``take(_:)``). A file opened ahead is held exactly as its download would hold it (the lock
/// is the same), so nothing else can happen to the item meanwhile that could not while it
/// downloads. A file it could not open (another process writes it, or an error) is not kept:
/// the download opens it itself and meets the same reason. ``stop()`` lets go of the files never
/// taken (an empty one is removed, as a download that ends without bytes does).
final class FilesAhead: Sendable {
    /// A partial file opened and locked, and the size of the item's file in place then, if any.
    struct Opened: Sendable {
        let file: PartialFile
        let placedSize: Int?
    }

    /// How many items it opens ahead of the last one taken.
    static let window = 16

    private struct State {
        let keys: [MediaKey]
        /// The next of `keys` to open.
        var next = 0
        /// How many files downloads have asked for.
        var taken = 0
        var opened: [MediaKey: Opened] = [:]
        /// The key being opened now, and a download waiting for it.
        var opening: MediaKey?
        var waiter: CheckedContinuation<Opened?, Never>?
        /// Keys asked for before their turn came: not opened.
        var passed: Set<MediaKey> = []
        var working = false
        var stopped = false
    }

    private static let thread: NIOThreadPool = {
        let thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        return thread
    }()

    private let store: MediaStore
    private let state: NIOLockedValueBox<State>

    /// Starts opening the files of `keys`, in their order.
    init(_ keys: [MediaKey], store: MediaStore) {
        self.store = store
        state = NIOLockedValueBox(State(keys: keys, working: !keys.isEmpty))
        if !keys.isEmpty { Self.thread.submit { [self] _ in work() } }
    }

    /// The partial file of `key` opened ahead, if it was: its download's from now on. `nil`: the
    /// download opens it itself (not opened ahead, or it could not be).
    func take(_ key: MediaKey) async -> Opened? {
        enum Found {
            case opened(Opened?)
            case beingOpened
        }
        let (found, kick): (Found, Bool) = state.withLockedValue { state in
            state.taken += 1
            let kick = !state.working && !state.stopped && state.next < state.keys.count
                && state.next - state.taken <= Self.window / 2
            if kick { state.working = true }
            if let opened = state.opened.removeValue(forKey: key) { return (.opened(opened), kick) }
            if state.opening == key { return (.beingOpened, kick) }
            state.passed.insert(key)
            return (.opened(nil), kick)
        }
        if kick { Self.thread.submit { [self] _ in work() } }
        switch found {
        case .opened(let opened):
            return opened
        case .beingOpened:
            // Rare (the downloads caught up with the thread): wait for that one open.
            return await withCheckedContinuation { continuation in
                let ready: Opened?? = state.withLockedValue { state in
                    if let opened = state.opened.removeValue(forKey: key) { return .some(opened) }
                    if state.opening == key {
                        state.waiter = continuation
                        return nil
                    }
                    return .some(nil)  // its open failed
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    /// Lets go of the files never taken, and opens no more.
    func stop() {
        let left = state.withLockedValue { state in
            state.stopped = true
            defer { state.opened = [:] }
            return Array(state.opened)
        }
        for (key, opened) in left { store.letGo(opened.file, of: key) }
    }

    /// On the thread: opens the next files up to the window.
    private func work() {
        while true {
            let key: MediaKey? = state.withLockedValue { state in
                while !state.stopped, state.next < state.keys.count, state.next < state.taken + Self.window {
                    let key = state.keys[state.next]
                    state.next += 1
                    if state.passed.remove(key) == nil {
                        state.opening = key
                        return key
                    }
                }
                state.working = false
                return nil
            }
            guard let key else { return }
            var opened: Opened?
            if let file = try? store.openPartial(key) {
                opened = Opened(file: file, placedSize: store.finalSize(key))
            }
            let (waiter, keep): (CheckedContinuation<Opened?, Never>?, Bool) = state.withLockedValue { state in
                state.opening = nil
                defer { state.waiter = nil }
                if let waiter = state.waiter { return (waiter, false) }
                if state.stopped { return (nil, false) }
                if let opened { state.opened[key] = opened }
                return (nil, true)
            }
            if let waiter {
                waiter.resume(returning: opened)
            } else if !keep, let opened {
                store.letGo(opened.file, of: key)
            }
        }
    }
}

import UnixSignals

/// Runs `body`, cancelling it when the user presses Ctrl-C (SIGINT). The signal is caught from
/// before `body` starts (so an early Ctrl-C does not kill the process), and `body` is expected to
/// end cleanly when cancelled. Returns its result and whether Ctrl-C came while it ran (a Ctrl-C
/// after it ended changes nothing).
func runInterruptibly<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> (result: T, interrupted: Bool) {
    let interrupts = await UnixSignalsSequence(trapping: .sigint)
    let state = InterruptState()
    let work = Task {
        let result = await body()
        return (result, await state.finish())
    }
    return await withTaskGroup(of: Void.self) { group in
        group.addTask {
            for await _ in interrupts where await state.fire() {
                work.cancel()
                return
            }
        }
        let outcome = await work.value
        group.cancelAll()
        return outcome
    }
}

/// Whether Ctrl-C came before the work ended: the one place both sides agree on.
private actor InterruptState {
    private var fired = false
    private var finished = false

    /// A Ctrl-C: true when the work is still running (it is to be cancelled).
    func fire() -> Bool {
        guard !finished else { return false }
        fired = true
        return true
    }

    /// The work ended: whether a Ctrl-C came first.
    func finish() -> Bool {
        finished = true
        return fired
    }
}

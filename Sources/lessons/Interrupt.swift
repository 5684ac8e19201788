import UnixSignals

/// Runs `body`, cancelling it when the user presses Ctrl-C (SIGINT). The signal is caught from
/// before `body` starts (so an early Ctrl-C does not kill the process), and `body` is expected to
/// end cleanly when cancelled. Returns its result and whether Ctrl-C came.
func runInterruptibly<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> (result: T, interrupted: Bool) {
    let interrupts = await UnixSignalsSequence(trapping: .sigint)
    let work = Task { await body() }
    return await withTaskGroup(of: Void.self) { group in
        group.addTask {
            for await _ in interrupts {
                work.cancel()
                return
            }
        }
        let result = await work.value
        group.cancelAll()
        return (result, work.isCancelled)
    }
}

import UnixSignals

/// The signals that stop a command cleanly: Ctrl-C (SIGINT) and SIGTERM (a service manager, `kill`).
enum StopSignal: Sendable, Equatable {
    case interrupt
    case terminate

    /// 128 + the signal's number, as a shell reports a process the signal ended.
    var exitCode: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        }
    }

    /// How a message names the stop: "interrupted", "stopped by SIGTERM".
    var word: String {
        switch self {
        case .interrupt: Terminal.say(.cliInterrupted)
        case .terminate: Terminal.say(.cliTerminated)
        }
    }
}

/// Runs `body`, cancelling it when the process gets SIGINT (Ctrl-C) or SIGTERM. The signals are
/// caught from before `body` starts (so an early one does not kill the process), and `body` is
/// expected to end cleanly when cancelled. Returns its result and the signal that came while it
/// ran, if any (a signal after it ended changes nothing).
func runInterruptibly<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> (result: T, stoppedBy: StopSignal?) {
    let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
    let state = InterruptState()
    let work = Task {
        let result = await body()
        return (result, await state.finish())
    }
    return await withTaskGroup(of: Void.self) { group in
        group.addTask {
            for await signal in signals where await state.fire(signal == .sigterm ? .terminate : .interrupt) {
                work.cancel()
                return
            }
        }
        let outcome = await work.value
        group.cancelAll()
        return outcome
    }
}

/// Whether a stop signal came before the work ended: the one place both sides agree on.
private actor InterruptState {
    private var fired: StopSignal?
    private var finished = false

    /// A signal: true when the work is still running (it is to be cancelled).
    func fire(_ signal: StopSignal) -> Bool {
        guard !finished, fired == nil else { return false }
        fired = signal
        return true
    }

    /// The work ended: the signal that came first, if any.
    func finish() -> StopSignal? {
        finished = true
        return fired
    }
}

import Atomics
import Foundation
@preconcurrency import Rainbow

/// Colour for a person at a terminal: states, successes, warnings and errors. None in a pipe or a
/// file, none with `NO_COLOR` set (no-color.org), `--no-color` or `TERM=dumb`.
enum Style {
    enum Stream { case out, err }

    private static let stdoutColored = ManagedAtomic(false)
    private static let stderrColored = ManagedAtomic(false)

    /// Decides once, before anything is printed: colour on each of stdout and stderr that is a terminal.
    static func configure(noColor: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let allowed = !noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        // Rainbow only makes the escape codes; which stream gets them is decided here.
        Rainbow.outputTarget = .console
        Rainbow.enabled = true
        stdoutColored.store(allowed && isatty(STDOUT_FILENO) != 0, ordering: .relaxed)
        stderrColored.store(allowed && isatty(STDERR_FILENO) != 0, ordering: .relaxed)
    }

    static func isColored(_ stream: Stream) -> Bool {
        (stream == .out ? stdoutColored : stderrColored).load(ordering: .relaxed)
    }

    static func failure(_ text: String, on stream: Stream) -> String {
        isColored(stream) ? text.red.bold : text
    }

    static func warning(_ text: String, on stream: Stream) -> String {
        isColored(stream) ? text.yellow : text
    }

    static func success(_ text: String, on stream: Stream) -> String {
        isColored(stream) ? text.green : text
    }

    static func dim(_ text: String, on stream: Stream) -> String {
        isColored(stream) ? text.dim : text
    }

    /// A registry state in its colour: complete green; failed, missing, corrupt red; under way yellow.
    static func state(_ state: String, shown text: String? = nil, on stream: Stream) -> String {
        let text = text ?? state
        switch state {
        case "complete": return success(text, on: stream)
        case "failed", "missing", "corrupt": return failure(text, on: stream)
        case "queued", "downloading": return warning(text, on: stream)
        default: return dim(text, on: stream)
        }
    }
}

import Atomics
import Foundation
import OfflineLessons

/// The CLI's only way to the terminal: results on stdout, progress and errors on stderr.
///
/// Writes never crash the process: a closed or full stdout (`lessons list > /dev/full`,
/// `lessons download … | head -c1`) is remembered and reported once at the end, with exit code 1,
/// while the work carries on; a closed or full stderr drops progress and messages silently.
enum Terminal {
    /// The `errno` of the first failed write to stdout, or 0.
    private static let stdoutFailure = ManagedAtomic<Int32>(0)
    /// Whether anything was written to stdout.
    private static let stdoutWritten = ManagedAtomic<Bool>(false)

    static func out(_ line: String) {
        writeOut(Data((line + "\n").utf8))
    }

    static func err(_ text: String) {
        _ = write(Data(text.utf8), to: STDERR_FILENO)
    }

    /// `lessons: error: …` on a line of its own, from column 0 on a terminal (after the `^C` a
    /// terminal echoes for Ctrl-C, or a progress line).
    static func error(_ message: String) {
        let start = stderrIsTerminal ? "\r\u{1B}[K" : ""
        err(start + Style.failure("lessons: error:", on: .err) + " \(message)\n")
    }

    /// `lessons: warning: …`.
    static func warning(_ message: String) {
        err(Style.warning("lessons: " + say(.cliWarning) + ":", on: .err) + " \(message)\n")
    }

    /// The terminal's width in columns, when stderr is a terminal (`COLUMNS` when it says so).
    static var stderrColumns: Int? {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Writes a value as the single JSON document on stdout.
    static func json(_ value: some Encodable) throws {
        writeOut(Data((try jsonText(value) + "\n").utf8))
    }

    /// A value as JSON: pretty printed, keys sorted, ISO 8601 dates, slashes unescaped.
    static func jsonText(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The language of messages and summaries, chosen from the environment as gettext does.
    static let language = UserLanguage.fromEnvironment(ProcessInfo.processInfo.environment)

    /// Whether the locale is the pseudo-language `en_XA` (as Android and Chromium name it):
    /// English with the catalog's words marked `⟦…⟧`, so that a test finds any text that did
    /// not go through the catalog.
    static let pseudoLanguage: Bool = {
        let environment = ProcessInfo.processInfo.environment
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale?.hasPrefix("en_XA") == true
    }()

    /// A sentence of the catalog in the terminal's language.
    static func say(_ message: Message) -> String {
        message.text(language, marked: pseudoLanguage)
    }

    /// A sentence of the catalog, its placeholders filled, in the terminal's language.
    static func say(_ key: Phrase, _ arguments: Message.Argument...) -> String {
        say(Message(key, arguments: arguments))
    }

    /// A sentence of the command line's own, its placeholders filled, in the terminal's language.
    static func say(_ key: CommandPhrase, _ arguments: Message.Argument...) -> String {
        say(Message(key, arguments: arguments))
    }

    /// Text the library stored in English (a reason, a detail), in the terminal's language when
    /// the catalog knows it.
    static func say(stored english: String) -> String {
        say(Phrasebook.recognize(english))
    }

    /// Whether stderr is a terminal (progress bars) or not (plain lines).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Makes sure descriptors 0, 1 and 2 are open before anything else opens a file: a process
    /// started with stdout closed (`lessons list >&-`) would otherwise hand descriptor 1 to the
    /// first file it opens, the registry, and write its output into it. A closed one is
    /// replaced by `/dev/null`; a closed stdout is also reported as a failed write.
    static func secureStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
            if descriptor == STDOUT_FILENO { stdoutFailure.store(EBADF, ordering: .relaxed) }
        }
    }

    /// Why stdout could not be written, when a write failed.
    static var stdoutProblem: String? {
        let code = stdoutFailure.load(ordering: .relaxed)
        return code == 0 ? nil : say(.cliStdoutFailed, .message(.system(code)))
    }

    /// Whether stdout's reader went away (`lessons list | head -2`): the end of the output, not a failure to report.
    static var stdoutReaderLeft: Bool { stdoutFailure.load(ordering: .relaxed) == EPIPE }

    /// Whether the command printed anything on stdout.
    static var wroteOut: Bool { stdoutWritten.load(ordering: .relaxed) }

    static func writeOut(_ data: some ContiguousBytes) {
        guard stdoutFailure.load(ordering: .relaxed) == 0 else { return }
        stdoutWritten.store(true, ordering: .relaxed)
        let code = write(data, to: STDOUT_FILENO)
        if code != 0 { _ = stdoutFailure.compareExchange(expected: 0, desired: code, ordering: .relaxed) }
    }

    /// Writes all of `data` to `descriptor`; returns 0, or the `errno` of the failure.
    private static func write(_ data: some ContiguousBytes, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            guard var base = buffer.baseAddress else { return 0 }
            var left = buffer.count
            while left > 0 {
                let written = Foundation.write(descriptor, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                left -= written
                base += written
            }
            return 0
        }
    }
}

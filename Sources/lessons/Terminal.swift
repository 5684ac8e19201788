import Foundation

/// The CLI's only way to the terminal: results on stdout, progress and errors on stderr.
enum Terminal {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func error(_ message: String) {
        err("lessons: error: \(message)\n")
    }

    /// Writes a value as the single JSON document on stdout.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Whether stderr is a terminal (progress bars) or not (plain lines).
    static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

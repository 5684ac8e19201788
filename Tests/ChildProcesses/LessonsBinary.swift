import Foundation

/// The built `lessons` binary the CLI and UI tests start, and the environment they start it in.
public enum LessonsBinary {
    /// Where it is looked for: next to the test bundle and up to three folders above it (the
    /// bundle's layout differs between platforms), never elsewhere: a sanitizer pass, built in a
    /// folder of its own, must not run a binary built without the sanitizer.
    public static func candidates(_ name: String = "lessons") -> [URL] {
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent(name))
            folder = folder.deletingLastPathComponent()
        }
        return candidates
    }

    /// The binary (`lessons`, or another of the package's programs), or an error saying how to build it.
    public static func url(_ name: String = "lessons") throws -> URL {
        let candidates = self.candidates(name)
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotBuilt(name: name, candidates: candidates)
        }
        return found
    }

    public struct NotBuilt: Error, CustomStringConvertible {
        public var name: String
        public var candidates: [URL]
        public var description: String {
            "the \(name) binary is not built: run `swift build --build-tests` before `swift test` (looked in \(candidates.map(\.path)))"
        }
    }

    /// The test process's environment without what would change what the CLI does (every
    /// `LESSONS_` variable: library, server, token, media base, test hooks; `XDG_DATA_HOME`), then `extra`.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LESSONS_") }
        environment["XDG_DATA_HOME"] = nil
        return environment.merging(extra) { $1 }
    }
}

import ChildProcesses
import Foundation
import Testing

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// The fuzz targets' saved inputs, replayed by the plain build of `lessons-fuzz`: the committed
/// seeds and every input that once broke a property (Fuzz/Crashes), so each crash found stays a
/// regression test. It replays only in a debug build (the targets need the library compiled for
/// testing), so the release pass leaves this suite to the debug one.
@Suite("Fuzz corpora replayed", .enabled(if: isDebugBuild, "lessons-fuzz replays in a debug build only"))
struct FuzzCorpusTests {

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let targets = [
        "legacy-registry", "legacy-metadata", "playback", "api", "selector", "media-key", "byte-range", "units", "request-input",
    ]

    @Test("each target's seeds and saved crashes keep every property", arguments: targets)
    func replay(_ target: String) async throws {
        let fuzz = Self.root.appendingPathComponent("Fuzz")
        let crashes = (try? FileManager.default.contentsOfDirectory(atPath: fuzz.appendingPathComponent("Crashes").path)) ?? []
        let saved = crashes.filter { $0.hasPrefix(target + "-") }.map { fuzz.appendingPathComponent("Crashes/\($0)").path }
        let seeds = fuzz.appendingPathComponent("Corpus/\(target)")
        let seedCount = try FileManager.default.contentsOfDirectory(atPath: seeds.path).count
        #expect(seedCount > 0, "no seeds for \(target)")
        let result = try await CLIRunner.run([target, seeds.path] + saved, executable: try LessonsBinary.url("lessons-fuzz").path)
        #expect(result.status == 0, "\(String(result.stderr.suffix(2000)))")
        #expect(result.stdout == "\(target): \(seedCount + saved.count) inputs replayed, every property held\n", "\(result.stdout)")
    }

    @Test("a target name that does not exist is refused with the list of targets")
    func unknownTarget() async throws {
        let result = try await CLIRunner.run(["no-such-target", "."], executable: try LessonsBinary.url("lessons-fuzz").path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("legacy-registry") && result.stderr.contains("byte-range"), "\(result.stderr)")
    }
}

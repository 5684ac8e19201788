import Foundation
import Testing

@testable import OfflineLessons

/// `lessons migrate` brings the legacy player's positions (`LessonWatched` in the app's
/// preferences) into the library, and says so.
@Suite("Migrate playback positions on the command line")
struct MigratePlaybackCLITests {
    @Test("LessonWatched in a binary preferences plist: positions imported, unplaced and bad ones reported, a second run imports nothing")
    func positions() async throws {
        let root = MigrateCLITests.temporary("migrate-positions")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("container")
        let library = root.appendingPathComponent("library")
        _ = try MigrateCLITests.container(at: container, lessons: 3)  // gemara 100, 101, 102 (600 s each)
        let preferences = container.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        let watched: [Any] = [
            ["lessonId": 100, "duration": 125.0], ["lessonId": 102, "duration": 599.0], ["lessonId": 555, "duration": 9.0],
            ["lessonId": 101, "duration": "soon"],
        ]
        let plist = try PropertyListSerialization.data(fromPropertyList: ["LessonWatched": watched], format: .binary, options: 0)
        try plist.write(to: preferences.appendingPathComponent("com.example.jabrutouch.plist"))

        let run = try await CLIRunner.run(["migrate", "--from", container.path, "--library", library.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let playback = try #require(document["playback"] as? [String: Any])
        #expect(playback["positionsRead"] as? Int == 4)
        #expect(playback["positionsWritten"] as? Int == 2)
        #expect((playback["unplaced"] as? [String])?.count == 1)
        #expect((document["rejected"] as? [[String: Any]])?.contains { $0["path"] as? String == "LessonWatched[3]" } == true)

        let opened = try await LessonLibrary(root: library)
        #expect(try await opened.playback(of: LessonID(.gemara, 100))?.position == .seconds(125))
        #expect(try await opened.playback(of: LessonID(.gemara, 102))?.played == true)
        #expect(try await opened.playback(of: LessonID(.gemara, 101)) == nil)
        try await opened.close()

        let again = try await CLIRunner.run(["migrate", "--from", container.path, "--library", library.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 playback positions and 0 recently played lessons"), "\(again.stdout)")
        #expect(again.stdout.contains("position left out"), "\(again.stdout)")
    }
}

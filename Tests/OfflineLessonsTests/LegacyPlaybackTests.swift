import Foundation
import Testing

@testable import OfflineLessons

/// The legacy player's data: `LessonWatched` in the app's preferences (a binary property list)
/// and `lastWatchedLessons.json`, read entry by entry and imported by `migrate`.
@Suite("Legacy playback import")
struct LegacyPlaybackTests {
    typealias F = LegacyContainerFixture

    /// Writes `Library/Preferences/<name>` as a property list in `format`.
    static func preferences(
        _ fixture: F, _ values: [String: Any], name: String = "com.example.jabrutouch.plist",
        format: PropertyListSerialization.PropertyListFormat = .binary
    ) throws {
        let folder = fixture.root.appendingPathComponent("Library/Preferences")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: folder.appendingPathComponent(name))
    }

    static var watched: [Any] {
        [
            ["lessonId": 5, "duration": 120.5],  // gemara 5: registry
            ["lessonId": 7, "duration": 30.0],  // mishna 7: registry
            ["lessonId": 11, "duration": 42.0],  // both gemara 11 and mishna 11 listed: ambiguous
            ["lessonId": 12, "duration": 10.0],  // both listed; the audio file went to gemara 12
            ["lessonId": 99, "duration": 5.0],  // nobody lists 99
            ["lessonId": 6, "duration": 590.0],  // gemara 6: played (600 s long)
            ["lessonId": "x", "duration": 3.0],  // bad id
            ["lessonId": 8, "duration": -4.0],  // bad position
            ["duration": 3.0],  // no id
            "not an entry",
            ["lessonId": 5, "duration": 1.0],  // a second entry for 5
        ]
    }

    static func container(_ fixture: F) throws {
        try fixture.write(
            json: [
                "gemara": ["1": ["1": [F.gemara(5, daf: 2), F.gemara(6, daf: 3), F.gemara(11, daf: 12), F.gemara(12, daf: 13)]]],
                "mishna": [
                    "1": [
                        "1": [
                            "2": [
                                F.mishna(7, chapter: 2, mishna: 1), F.mishna(11, chapter: 2, mishna: 2),
                                F.mishna(12, chapter: 2, mishna: 3, audio: false),
                            ]
                        ]
                    ]
                ],
            ],
            to: "Documents/downloadedLessons.json")
        try fixture.media("Documents/5_aud.mp3", bytes: 500)
        try fixture.media("Documents/12_aud.mp3", bytes: 400)
        try preferences(fixture, ["LessonWatched": watched, "SomethingElse": true])
        let recent: [String: Any] = [
            "gemara": [
                ["lesson": F.gemara(20, daf: 21), "masechetName": "Berakhot", "masechetId": "1", "sederId": "1"],
                ["lesson": F.gemara(5, daf: 2), "masechetName": "Berakhot", "masechetId": "1", "sederId": "1"],
                ["lesson": ["id": 30], "masechetId": "1", "sederId": "1"],  // no page_number, no chapter
            ],
            "mishna": [
                [
                    "lesson": F.mishna(7, chapter: 2, mishna: 1), "masechetName": "Berakhot", "masechetId": "1", "sederId": "1",
                    "chapter": "2",
                ],
                ["masechetId": "1"],
            ],
        ]
        try fixture.write(json: recent, to: "Library/Caches/lastWatchedLessons.json")
    }

    @Test("LessonWatched, binary or XML, or stored as data: every entry accepted or rejected with a reason")
    func readerAccounting() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: ["LessonWatched": Self.watched], format: format, options: 0)
            let reading = try #require(LegacyPlaybackReader.positions(data, source: "p.plist"))
            #expect(reading.accepted.count == 6)
            #expect(reading.rejected.count == 5)
            #expect(reading.accepted.count + reading.rejected.count == Self.watched.count)
            #expect(reading.accepted.first == .init(id: 5, seconds: 120.5, path: "LessonWatched[0]"))
            #expect(reading.rejected.map(\.path) == (6...10).map { "LessonWatched[\($0)]" })
            #expect(reading.rejected.allSatisfy { !$0.reason.isEmpty })
        }
        let encoded = try JSONSerialization.data(withJSONObject: [["lessonId": 3, "duration": 7]])
        let asData = try PropertyListSerialization.data(fromPropertyList: ["LessonWatched": encoded], format: .binary, options: 0)
        #expect(LegacyPlaybackReader.positions(asData, source: "p.plist")?.accepted.map(\.id) == [3])
        // Another app's preferences: nothing to read. Garbage: one rejection for the document.
        let other = try PropertyListSerialization.data(fromPropertyList: ["Other": 1], format: .binary, options: 0)
        #expect(LegacyPlaybackReader.positions(other, source: "p.plist") == nil)
        let garbage = LegacyPlaybackReader.positions(Data("bplist00\u{1}\u{2}".utf8), source: "p.plist")
        #expect(garbage?.accepted.isEmpty == true && garbage?.rejected.count == 1 && garbage?.rejected.first?.path == "")
        let notList = try PropertyListSerialization.data(fromPropertyList: ["LessonWatched": 3], format: .binary, options: 0)
        #expect(LegacyPlaybackReader.positions(notList, source: "p.plist")?.rejected.first?.path == "LessonWatched")
    }

    @Test("migrate: positions placed by the (type, id) rule, ambiguity reported, bad entries rejected, recent lessons listed; idempotent")
    func migrateImports() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try Self.container(fixture)
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))

        let preview = try await library.migrate(from: fixture.root, dryRun: true)
        #expect(preview.playback.positionsWritten == 4)
        #expect(try await library.playbacks().isEmpty, "a dry run writes nothing")

        let report = try await library.migrate(from: fixture.root)
        let playback = report.playback
        #expect(playback.documents == ["Library/Caches/lastWatchedLessons.json", "Library/Preferences/com.example.jabrutouch.plist"])
        #expect(playback.positionsRead == Self.watched.count)
        let positionRejections = report.rejected.filter { $0.source.hasPrefix("Library/Preferences/") }
        #expect(
            playback.positions.count + playback.ambiguous.count + playback.unplaced.count + positionRejections.count
                == playback.positionsRead)
        #expect(
            playback.positions.map(\.lesson) == [LessonID(.gemara, 5), LessonID(.mishna, 7), LessonID(.gemara, 12), LessonID(.gemara, 6)])
        #expect(playback.ambiguous.count == 1 && playback.ambiguous[0].contains("id 11 names both gemara/11 and mishna/11"))
        #expect(playback.unplaced.count == 1 && playback.unplaced[0].contains("id 99"))
        #expect(playback.positionsWritten == 4)
        let recentRejections = report.rejected.filter { $0.source.hasSuffix("lastWatchedLessons.json") }
        #expect(playback.recentRead == 5 && recentRejections.count == 2)
        #expect(playback.recent == [LessonID(.gemara, 20), LessonID(.mishna, 7), LessonID(.gemara, 5)])
        #expect(report.leftInPlace.filter { $0.file.hasSuffix("lastWatchedLessons.json") }.isEmpty, "not an unrelated file")

        let five = try #require(try await library.playback(of: LessonID(.gemara, 5)))
        #expect(five.position == .seconds(120.5) && five.duration == .seconds(600) && !five.played && five.playedAt != nil)
        #expect(try await library.playback(of: LessonID(.gemara, 6))?.played == true)
        #expect(try await library.playback(of: LessonID(.gemara, 6))?.playedAt == nil, "the legacy app kept no time")
        #expect(try await library.playback(of: LessonID(.mishna, 12)) == nil)
        #expect(try await library.playback(of: LessonID(.gemara, 11)) == nil)
        #expect(try await library.playback(of: LessonID(.mishna, 11)) == nil)
        // Continue listening: the legacy order, most recent first, types interleaved.
        #expect(try await library.recentPlaybacks().map(\.lesson) == [LessonID(.gemara, 20), LessonID(.mishna, 7), LessonID(.gemara, 5)])
        let twenty = try #require(try await library.playback(of: LessonID(.gemara, 20)))
        #expect(twenty.position == .zero && twenty.place?.number == 21)

        // A position the library records later is never overwritten by a second run.
        try await library.recordPlayback(of: LessonID(.gemara, 5), position: .seconds(300))
        let again = try await library.migrate(from: fixture.root)
        #expect(again.playback.positionsWritten == 0 && again.playback.recentWritten == 0)
        #expect(try await library.playback(of: LessonID(.gemara, 5))?.position == .seconds(300))
    }

    @Test("lastWatchedLessons.json that is not JSON: one rejection, nothing else lost")
    func recentGarbage() throws {
        let reading = LegacyPlaybackReader.recent(Data("{\"gemara\": [".utf8), source: "r.json")
        #expect(reading.accepted.isEmpty && reading.rejected.count == 1)
        let notList = LegacyPlaybackReader.recent(Data(#"{"gemara": 3, "mishna": []}"#.utf8), source: "r.json")
        #expect(notList.rejected.map(\.path) == ["gemara"])
    }
}

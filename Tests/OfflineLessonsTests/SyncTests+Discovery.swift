import Foundation
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// A file in a known lesson's place that no download brought is taken as the lesson only when it
/// has the size the server gives that medium; another lesson's file there is moved aside.
@Suite("Sync: files no download brought")
struct SyncDiscoveryTests {
    @Test(
        "another lesson's file in a lesson's place is moved aside, unregistered; the lesson's own is taken; offline it is taken, said unchecked"
    )
    func checkedWithTheServer() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let placed = try await fixture.lessons("gemara:berakhot:40-42", in: library)
            let (stray, own, offline) = (placed[0], placed[1], placed[2])
            let layout = library.layout
            // Berakhot 40's place holds Berakhot 41's audio (another size); Berakhot 41's holds its own.
            let foreign = Data(fixture.served(own, .audio))
            #expect(foreign.count != fixture.served(stray, .audio).count, "the two lessons' files differ in size")
            for (lesson, bytes) in [(stray, foreign), (own, foreign)] {
                try FileManager.default.createDirectory(at: layout.folder(for: lesson.id), withIntermediateDirectories: true)
                try bytes.write(to: layout.fileURL(lesson.id, .audio))
            }
            let strayKey = MediaKey(stray.id, .audio)
            let ownKey = MediaKey(own.id, .audio)

            let dry = try await library.sync(SyncOptions(dryRun: true))
            let planned = Dictionary(dry.actions.compactMap { a in a.key.map { ($0, a) } }, uniquingKeysWith: { a, _ in a })
            #expect(planned[strayKey]?.action == .corrupt && planned[ownKey]?.action == .discovered, "\(dry.actions)")
            #expect(FileManager.default.fileExists(atPath: layout.fileURL(stray.id, .audio).path), "a dry run moves nothing")

            let report = try await library.sync()
            let byKey = Dictionary(report.actions.compactMap { a in a.key.map { ($0, a) } }, uniquingKeysWith: { a, _ in a })
            #expect(byKey[strayKey]?.action == .corrupt)
            #expect(
                byKey[strayKey]?.reason.hasPrefix("the server's file for this lesson has ") == true
                    && byKey[strayKey]?.reason.hasSuffix(" bytes, so this is not it; moved aside, not deleted") == true,
                "\(byKey[strayKey]?.reason ?? "")")
            #expect(byKey[ownKey]?.action == .discovered && byKey[ownKey]?.reason.contains("of the size the server gives") == true)
            #expect(try await library.database.mediaItem(strayKey) == nil, "the foreign file is never registered as the lesson")
            #expect(try await library.database.mediaItem(ownKey)?.state == .complete)
            let aside = try FileManager.default.contentsOfDirectory(atPath: layout.asideFolder.path)
            #expect(aside.count == 1 && (try? Data(contentsOf: layout.asideFolder.appendingPathComponent(aside[0]))) == foreign)
            #expect(try await library.history(of: stray.id).first?.kind == .movedAside, "the move is in the event log")
            #expect(try await library.sync().changes.isEmpty, "a second sync finds nothing to do")

            // With the server out of reach, the size cannot be checked: the file is taken, and said so.
            let closed = try SilentSocket(listening: false)
            let away = try await LessonLibrary(
                root: fixture.root,
                client: CatalogClient(configuration: try .init(apiBase: "http://127.0.0.1:\(closed.port)/api/", token: "test")))
            try FileManager.default.createDirectory(at: layout.folder(for: offline.id), withIntermediateDirectories: true)
            try Data(fixture.served(offline, .audio)).write(to: layout.fileURL(offline.id, .audio))
            let unchecked = try await away.sync().actions.first { $0.key == MediaKey(offline.id, .audio) }
            #expect(unchecked?.action == .discovered && unchecked?.reason.contains("could not be checked with the server") == true)
            withExtendedLifetime(closed) {}
        }
    }
}

import Foundation
import Testing

@testable import OfflineLessons

/// `migrate`: a legacy container's lessons and files into a library, on real files and a real
/// SQLite file; every source file adopted or named in the report.
@Suite("Migrate from the legacy app")
struct MigrateTests {
    typealias F = LegacyContainerFixture

    /// Both generations: the current registry in Documents/, the old one in Library/Caches/, and
    /// media in both (a failed upgrade left some stranded in Caches: legacy B1).
    static func twoGenerations(_ fixture: F) throws {
        try fixture.write(
            json: [
                "gemara": ["1": ["1": [F.gemara(5, daf: 2), F.gemara(6, daf: 3)]]],
                "mishna": ["1": ["1": ["2": [F.mishna(7, chapter: 2, mishna: 1)]]]],
            ],
            to: "Documents/downloadedLessons.json")
        try fixture.write(json: ["gemara": ["1": ["1": [F.gemara(8, daf: 4)]]]], to: "Library/Caches/downloadedLessons.json")
        try fixture.media("Documents/5_aud.mp3", bytes: 1500)
        try fixture.media("Documents/5_text.pdf", bytes: 300)
        try fixture.media("Library/Caches/6_aud.mp3", bytes: 1200)
        try fixture.media("Library/Caches/7_aud.mp3", bytes: 900)
        try fixture.media("Library/Caches/8_aud.mp3", bytes: 800)
        try fixture.media("Library/Caches/8_text.pdf", bytes: 200)
    }

    @Test("both generations: every file adopted, registries renamed .migrated, expiry from the file's time; a second run changes nothing")
    func bothGenerations() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try Self.twoGenerations(fixture)
        let expected = try [5: "Documents/5_aud.mp3", 6: "Library/Caches/6_aud.mp3", 8: "Library/Caches/8_aud.mp3"].mapValues {
            try Data(contentsOf: fixture.root.appendingPathComponent($0))
        }
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(report.succeeded && report.rejected.isEmpty && report.leftInPlace.isEmpty)
        #expect(report.gemaraLessons == 3 && report.mishnaLessons == 1 && report.adopted.count == 6)
        #expect(report.bytesMoved == 1500 + 300 + 1200 + 900 + 800 + 200)
        #expect(fixture.allFiles() == ["Documents/downloadedLessons.json.migrated", "Library/Caches/downloadedLessons.json.migrated"])
        for (id, bytes) in expected {
            #expect(try Data(contentsOf: library.fileURL(for: MediaKey(LessonID(.gemara, id), .audio))) == bytes)
        }
        let downloads = try await library.downloads(sync: false)
        #expect(downloads.map(\.lessonID) == [LessonID(.gemara, 5), LessonID(.gemara, 6), LessonID(.gemara, 8), LessonID(.mishna, 7)])
        #expect(downloads.first { $0.id == 7 }?.chapter == 2)
        // An upgrade never purges: age counts from the file's modification time.
        let completed = downloads.compactMap { $0.media["audio"]?.completedAt }
        #expect(completed.count == 4 && completed.allSatisfy { abs($0.timeIntervalSince1970 - 1_750_000_000) < 1 })
        #expect(try await library.history(of: LessonID(.gemara, 5)).contains { $0.kind == .imported })

        let again = try await library.migrate(from: fixture.root)
        #expect(again.changedNothing && again.succeeded && again.adopted.isEmpty)
        #expect(try await library.diagnose().healthy)
    }

    @Test("a queued item whose download holds its partial file is being downloaded: its legacy file is left in place")
    func queuedBeingDownloaded() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try Self.twoGenerations(fixture)
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let legacy = try LegacyContainer.read(at: fixture.root, libraryShas: nil)
        let placed = try #require(legacy.registries.flatMap(\.entries).map(\.placed).first { $0.id == LessonID(.gemara, 5) })
        let key = MediaKey(placed.id, .audio)
        _ = try await library.database.register([.init(lesson: placed, media: [(.audio, try #require(placed.lesson.audio))])], at: Date())
        #expect(try await library.database.mediaItem(key)?.state == .queued)
        // As a download does from the moment it holds the item until it records the response.
        try FileManager.default.createDirectory(at: library.layout.folder(for: placed.id), withIntermediateDirectories: true)
        let download = try PartialFile(url: library.layout.partialURL(placed.id, .audio))
        defer { download.release() }

        let report = try await library.migrate(from: fixture.root)
        #expect(report.left(.beingDownloaded).map(\.file) == ["Documents/5_aud.mp3"], "\(report.leftInPlace)")
        #expect(report.left(.beingDownloaded).map { Phrasebook.recognize($0.detail).text(.es) } == ["gemara/5 audio se está descargando"])
        #expect(fixture.exists("Documents/5_aud.mp3"))
        #expect(!FileManager.default.fileExists(atPath: library.fileURL(for: key).path))
        #expect(try await library.database.mediaItem(key)?.state == .queued)
    }

    @Test("a dry run prints the plan and changes nothing, with or without a library")
    func dryRun() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try Self.twoGenerations(fixture)
        let before = fixture.allFiles()
        let preview = try await LessonLibrary.previewMigration(from: fixture.root)
        #expect(preview.dryRun && preview.adopted.count == 6 && preview.registriesRenamed.isEmpty)
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let planned = try await library.migrate(from: fixture.root, dryRun: true)
        #expect(planned.adopted == preview.adopted)
        #expect(fixture.allFiles() == before)
        #expect(try await library.downloads(sync: false).isEmpty)
    }

    @Test("an id shared by a Gemara and a Mishna lesson (legacy B11) goes to the snapshot with the link; both with it: ambiguous, left")
    func idCollision() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try fixture.write(
            json: [
                "gemara": ["1": ["1": [F.gemara(247, daf: 2, audio: true, video: false), F.gemara(300, daf: 3)]]],
                "mishna": [
                    "1": [
                        "1": ["1": [F.mishna(247, chapter: 1, mishna: 1, audio: false, video: true), F.mishna(300, chapter: 1, mishna: 2)]]
                    ]
                ],
            ], to: "Documents/downloadedLessons.json")
        try fixture.media("Documents/247_aud.mp3")
        try fixture.media("Documents/247_vid.mp4")
        try fixture.media("Documents/300_aud.mp3")
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(Set(report.adopted.map { "\($0.lesson) \($0.medium.rawValue)" }) == ["gemara/247 audio", "mishna/247 video"])
        #expect(report.left(.ambiguous).map(\.file) == ["Documents/300_aud.mp3"])
        #expect(
            report.left(.ambiguous).map { Phrasebook.recognize($0.detail).text(.es) } == [
                "el id 300 nombra a gemara/300 y a mishna/300, y las dos tienen enlace de audio; se deja en su sitio"
            ], "\(report.left(.ambiguous))")
        #expect(fixture.exists("Documents/300_aud.mp3"))
    }

    @Test("files only the metadata caches list are placed through them; unplaceable and unrelated files are reported and untouched")
    func metadataUnplacedUnrelated() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try fixture.shas()
        try fixture.write(json: ["1": ["40": F.gemara(40, daf: 7, chapter: 1)]], to: "Library/Caches/gemaraLessons.json")
        try fixture.write(json: ["1": ["2": ["41": F.mishna(41, chapter: 2, mishna: 4)]]], to: "Library/Caches/mishnaLessons.json")
        try fixture.media("Documents/40_aud.mp3")
        try fixture.media("Library/Caches/41_aud.mp3")
        try fixture.media("Documents/999_aud.mp3")
        try fixture.write(text: "voice", to: "Documents/voice-note.m4a")
        try fixture.write(text: "{}", to: "Documents/settings.json")
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(Set(report.adopted.map(\.lesson)) == [LessonID(.gemara, 40), LessonID(.mishna, 41)])
        #expect(Set(report.adopted.map(\.name)) == ["Berakhot 7", "Berakhot 2:4"], "named through the container's shas.json")
        #expect(report.adopted.allSatisfy { $0.placedBy.hasSuffix("Lessons.json") })
        #expect(report.left(.unplaced).map(\.file) == ["Documents/999_aud.mp3"])
        #expect(
            report.left(.unplaced).map { Phrasebook.recognize($0.detail).text(.es) } == [
                "ningún registro ni caché de metadatos lista una clase con el id 999; se deja en su sitio"
            ])
        #expect(report.left(.unrelated).map(\.file).sorted() == ["Documents/settings.json", "Documents/voice-note.m4a"])
        #expect(report.left(.unrelated).allSatisfy { Phrasebook.recognize($0.detail).key == .migrateNotLegacyMedia })
        for kept in ["Documents/999_aud.mp3", "Documents/voice-note.m4a", "Documents/settings.json"] { #expect(fixture.exists(kept)) }
        let downloads = try await library.downloads(sync: false)
        #expect(downloads.first { $0.lessonID == LessonID(.mishna, 41) }.map { [$0.sederId, $0.masechetId, $0.chapter] } == [1, 1, 2])
    }

    @Test("a lesson the registry lists without a file is reported, in Spanish too")
    func listedWithoutFile() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try fixture.write(
            json: ["gemara": ["1": ["1": [F.gemara(5, daf: 2), F.gemara(6, daf: 3)]]]], to: "Documents/downloadedLessons.json")
        try fixture.media("Documents/5_aud.mp3")
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(
            report.listedWithoutFiles.map { Phrasebook.recognize($0).text(.es) } == [
                "gemara/6: está en la lista, pero ningún archivo de medios suyo está en Documents/ ni en Library/Caches/"
            ], "\(report.listedWithoutFiles)")
    }

    @Test("a lesson in both registries with different snapshots: the one with more links wins, and the report says so")
    func conflictingSnapshots() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try fixture.write(
            json: ["gemara": ["1": ["1": [F.gemara(5, daf: 2, video: false, pdf: false)]]]], to: "Documents/downloadedLessons.json")
        try fixture.write(
            json: ["gemara": ["1": ["1": [F.gemara(5, daf: 2, video: true, pdf: true)]]]], to: "Library/Caches/downloadedLessons.json")
        try fixture.media("Documents/5_aud.mp3")
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(report.conflicts.count == 1 && report.conflicts[0].contains("kept the snapshot of Library/Caches/downloadedLessons.json"))
        #expect(report.conflicts.map { Phrasebook.recognize($0).key } == [.migrateRegistriesDiffer])
        let snapshot = try #require(try await library.database.registeredLesson(LessonID(.gemara, 5)))
        #expect(snapshot.lesson.video != nil && snapshot.lesson.page != nil)
    }

    @Test("a truncated registry is reported and kept under its name; what else there is still comes over")
    func truncatedRegistry() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try fixture.write(text: #"{"gemara": {"1": {"1": [{"id": 5, "chap"#, to: "Documents/downloadedLessons.json")
        try fixture.write(json: ["gemara": ["1": ["1": [F.gemara(6, daf: 3)]]]], to: "Library/Caches/downloadedLessons.json")
        try fixture.media("Documents/5_aud.mp3")
        try fixture.media("Library/Caches/6_aud.mp3")
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(report.rejected.map(\.source) == ["Documents/downloadedLessons.json"])
        #expect(report.adopted.map(\.lesson) == [LessonID(.gemara, 6)])
        #expect(report.left(.unplaced).map(\.file) == ["Documents/5_aud.mp3"])
        #expect(fixture.exists("Documents/downloadedLessons.json"), "an unreadable registry is not renamed")
        #expect(report.registriesRenamed == ["Library/Caches/downloadedLessons.json.migrated"])
    }

    @Test("a crash between a file's move and its registration: the next run registers it; nothing lost or doubled")
    func interruptedImport() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try Self.twoGenerations(fixture)
        let library = try await LessonLibrary(root: folder.url.appendingPathComponent("library"))
        // What the first run did before it was killed: its batch's lessons recorded, two files
        // moved, none registered (a batch is registered in one transaction after its moves).
        let plan = MigrationPlanner(container: try LegacyContainer.read(at: fixture.root, libraryShas: nil), items: [:]).plan(dryRun: false)
        let moved = Array(plan.steps.prefix(2))
        try #require(moved.count == 2 && plan.steps.count > 2)
        try await library.database.importLessons(plan.steps.map(\.placed), at: Date())
        for step in moved { _ = try await library.store.adopt(fixture.root.appendingPathComponent(step.file.path), as: step.key) }

        let report = try await library.migrate(from: fixture.root)
        #expect(report.succeeded && report.adopted.count == plan.steps.count - 2)
        #expect(fixture.allFiles().allSatisfy { $0.hasSuffix(".migrated") })
        let items = try await library.database.mediaStates()
        #expect(items.count == plan.steps.count && items.values.allSatisfy { $0 == .complete })
    }
}

/// Migrate across file systems, and the export → migrate round trip.
@Suite("Migrate: copies and round trips")
struct MigrateRoundTripTests {
    typealias F = LegacyContainerFixture

    @Test(
        "across file systems: copied, verified, registered, then the source deleted; its time kept",
        .enabled(if: DiskFullTests.canMountTmpfs, "needs root and mount(8) to mount a tmpfs for the library"))
    func acrossFileSystems() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try F(at: folder.url.appendingPathComponent("container"))
        try MigrateTests.twoGenerations(fixture)
        let bytes = try Data(contentsOf: fixture.root.appendingPathComponent("Library/Caches/8_aud.mp3"))
        let mountPoint = folder.url.appendingPathComponent("tmpfs")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try #require(DiskFullTests.run("/bin/mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint.path))
        defer { DiskFullTests.run("/bin/umount", "-l", mountPoint.path) }
        let library = try await LessonLibrary(root: mountPoint.appendingPathComponent("library"))
        let report = try await library.migrate(from: fixture.root)
        #expect(report.succeeded && report.adopted.count == 6, "\(report.failures)")
        #expect(fixture.allFiles().allSatisfy { $0.hasSuffix(".migrated") }, "sources deleted after registration")
        #expect(try Data(contentsOf: library.fileURL(for: MediaKey(LessonID(.gemara, 8), .audio))) == bytes)
        let modified =
            try FileManager.default.attributesOfItem(atPath: library.fileURL(for: MediaKey(LessonID(.gemara, 8), .audio)).path)[
                .modificationDate] as? Date
        #expect(modified.map { abs($0.timeIntervalSince1970 - 1_750_000_000) < 1 } == true)
        let partials = try FileManager.default.subpathsOfDirectory(atPath: mountPoint.path).filter { $0.hasSuffix(".partial") }
        #expect(partials.isEmpty)
    }

    @Test("export → migrate into a fresh library gives the same downloads")
    func exportThenMigrate() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let gemara = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            let gemaraIds = Set(gemara.map(\.lesson.id))
            // Legacy file names carry a bare id: keep the Mishna lessons whose ids no Gemara lesson shares.
            let mishna = try await fixture.lessons("mishna:berakhot:1", in: library).filter { !gemaraIds.contains($0.lesson.id) }
            _ = await collect(try await library.download(gemara + mishna, media: .audio))
            let original = try await library.downloads(sync: false)
            #expect(original.count == gemara.count + mishna.count)

            let container = try F(at: fixture.root.appendingPathComponent("container"))
            _ = try await library.exportLegacyRegistry(to: container.root.appendingPathComponent("Documents/downloadedLessons.json"))
            for lesson in original {
                for (name, file) in lesson.media {
                    let medium = try #require(MediaKind(rawValue: name))
                    let legacyName = "\(lesson.id)_\(["audio": "aud", "video": "vid", "text": "text"][name] ?? "")." + medium.fileExtension
                    let target = container.root.appendingPathComponent("Documents/\(legacyName)")
                    try FileManager.default.copyItem(at: library.fileURL(for: MediaKey(lesson.lessonID, medium)), to: target)
                    try FileManager.default.setAttributes([.modificationDate: try #require(file.completedAt)], ofItemAtPath: target.path)
                }
            }
            let fresh = try await LessonLibrary(root: fixture.root.appendingPathComponent("fresh"))
            let report = try await fresh.migrate(from: container.root)
            #expect(report.succeeded && report.leftInPlace.isEmpty)
            let migrated = try await fresh.downloads(sync: false)
            #expect(migrated.map(\.lessonID) == original.map(\.lessonID))
            #expect(migrated.map { $0.media.keys.sorted() } == original.map { $0.media.keys.sorted() })
            #expect(migrated.map(\.bytes) == original.map(\.bytes))
            #expect(migrated.map { [$0.sederId, $0.masechetId, $0.chapter] } == original.map { [$0.sederId, $0.masechetId, $0.chapter] })
        }
    }
}

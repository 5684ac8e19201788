import Foundation
import LessonsServer
import Testing

@testable import OfflineLessons

/// A library that cannot be written can still be listed, and a read-only open
/// writes nothing.
@Suite("Read-only libraries")
struct ReadOnlyLibraryTests {
    @Test("opened read-only on purpose: listed, not changed; a missing library is not created")
    func readOnlyOnPurpose() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            _ = await collect(try await library.download(lessons, media: .audio))
            let reader = try await LessonLibrary(root: fixture.root, configuration: .init(readOnly: true))
            #expect(reader.isReadOnly)
            #expect(try await reader.downloads().count == 2)
            #expect(try await reader.status(of: lessons).allSatisfy(\.downloaded))
            await #expect(throws: LibraryError.self) { try await reader.download(lessons, media: .video) }
            await #expect(throws: LibraryError.self) { try await reader.remove(lessons.map(\.id)) }
            #expect(try await library.downloads().count == 2, "nothing was removed")
        }
        let folder = try TemporaryDirectory()
        let missing = folder.url.appendingPathComponent("never-made")
        await #expect(throws: LibraryError.self) { try await LessonLibrary(root: missing, configuration: .init(readOnly: true)) }
        #expect(!FileManager.default.fileExists(atPath: missing.path), "no folder created")
    }

    @Test(
        "a library on a read-only mount is opened read-only by itself: list and status work",
        .enabled(if: DiskFullTests.canMountTmpfs, "needs root and mount(8) to remount a tmpfs read-only"))
    func readOnlyMount() async throws {
        let folder = try TemporaryDirectory()
        let mountPoint = folder.url.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try #require(DiskFullTests.run("/bin/mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mountPoint.path))
        defer { DiskFullTests.run("/bin/umount", "-l", mountPoint.path) }
        try await DownloadFixture.run { fixture in
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            let root = mountPoint.appendingPathComponent("library")
            let lessons = try await Self.populate(root, client)  // the writer is gone: the mount can turn read-only
            // The writer's files close as it goes away, later on a loaded machine: the remount waits for them.
            var remounted = false
            for _ in 0..<50 where !remounted {
                remounted = DiskFullTests.run("/bin/mount", "-o", "remount,ro", mountPoint.path)
                if !remounted { try await Task.sleep(for: .milliseconds(100)) }
            }
            try #require(remounted)
            let reader = try await LessonLibrary(root: root, client: client)
            #expect(reader.isReadOnly)
            #expect(try await reader.downloads().count == 3)
            #expect(try await reader.status(of: lessons).count == 3)
            await #expect(throws: LibraryError.self) { try await reader.download(lessons, media: .audio) }
        }
    }

    static func populate(_ root: URL, _ client: CatalogClient) async throws -> [PlacedLesson] {
        let writer = try await LessonLibrary(root: root, client: client, configuration: .init(retry: DownloadFixture.fastRetry))
        let lessons = try await writer.lessons(for: [try LessonSelector(parsing: "gemara:berakhot:2-4")])
        let run = try await writer.download(lessons, media: .audio)
        _ = await run.summary
        return lessons
    }
}

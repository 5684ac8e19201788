import Foundation
import Testing

@testable import OfflineLessons

/// A library at rest: `downloads()` keeps its list and its quiet quick sync while the registry's
/// version is the same (``RegistryReadCache``). Every commit must end that, this instance's and
/// another connection's (a second instance on the same folder has connections of its own, as
/// another process has).
@Suite("Registry read cache")
struct RegistryReadCacheTests {
    @Test("the list is read again after any commit: this instance's, or another connection's")
    func listFollowsCommits() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await SyncTests.downloaded(fixture)
            #expect(try await library.downloads(sync: false).count == 4)
            let version = try #require(try await library.database.version())
            #expect(library.readCache.list(at: version)?.count == 4, "the list read at this version is kept")
            #expect(try await library.downloads(sync: false).count == 4)

            // Another instance: its own connections, which this instance's count of its own commits does not see.
            let other = try await fixture.library()
            _ = try await other.remove([lessons[0].id])
            #expect(try await library.downloads(sync: false).count == 3, "another connection's commit is seen (data_version)")
            #expect(try await library.database.version() != version)

            // This instance's own commit: SQLite's data_version does not move for it.
            _ = try await library.remove([lessons[1].id])
            #expect(try await library.downloads(sync: false).count == 2, "this instance's commit is seen (its own count)")
            #expect(try await other.downloads(sync: false).count == 2)
        }
    }

    @Test("a quiet quick sync is answered again only while neither the registry nor the folders changed")
    func quietSyncFollowsCommits() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await SyncTests.downloaded(fixture)
            try await QuickSyncTests.settle()
            #expect(try await library.downloads().count == 4)
            #expect(try await library.downloads().count == 4)
            let version = try #require(try await library.database.version())
            #expect(library.readCache.quietSync(at: version) != nil, "a quick sync that changed nothing is kept")

            // The registry alone changes (no folder does): an item marked missing whose file is in
            // place, by another connection. The next quick sync must plan again, and adopt it.
            let other = try await fixture.library()
            let first = MediaKey(lessons[0].id, .audio), second = MediaKey(lessons[1].id, .audio)
            try await other.database.markMissing(first, reason: "test", at: Date())
            #expect(try await library.downloads().count == 4, "adopted again by the quick sync")
            #expect(try await SyncTests.state(library, first) == .complete)

            // The same through this instance's own connection.
            #expect(try await library.downloads().count == 4)
            try await library.database.markMissing(second, reason: "test", at: Date())
            #expect(try await library.downloads().count == 4)
            #expect(try await SyncTests.state(library, second) == .complete)

            // The folders alone change: a file deleted is seen at once.
            try await QuickSyncTests.settle()
            #expect(try await library.downloads().count == 4)
            try FileManager.default.removeItem(at: library.layout.fileURL(lessons[2].id, .audio))
            #expect(try await library.downloads().count == 3)
            #expect(try await SyncTests.state(library, MediaKey(lessons[2].id, .audio)) == .missing)
        }
    }

    @Test("a read-only library keeps nothing: it has no version")
    func readOnlyHasNoVersion() async throws {
        try await DownloadFixture.run { fixture in
            _ = try await SyncTests.downloaded(fixture)
            let readOnly = try await LessonLibrary(root: fixture.root, configuration: .init(readOnly: true))
            #expect(try await readOnly.database.version() == nil)
            #expect(try await readOnly.downloads().count == 4)
        }
    }
}

import Foundation
import Testing

@testable import OfflineLessons

/// A library at rest: `downloads()` keeps its list and its quiet quick sync while the registry's
/// version is the same (``RegistryReadCache``). Every commit must end that, this instance's and
/// another connection's (a second instance on the same folder has connections of its own, as
/// another process has); and a quick sync is answered from the last one only while the folders
/// are as it found them.
@Suite("Registry read cache")
struct RegistryReadCacheTests {
    @Test("the list is read again after any commit: this instance's, or another connection's")
    func listFollowsCommits() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await SyncTests.downloaded(fixture)
            #expect(try await library.downloads(sync: false).count == 4)
            let version = try #require(try await library.database.version())
            #expect(library.readCache.list(at: version)?.count == 4, "the list read at this version is kept")
            let hits = library.readCache.hits.list
            #expect(try await library.downloads(sync: false).count == 4)
            #expect(library.readCache.hits.list == hits + 1, "the second call is answered from the kept list")

            // Another instance: its own connections.
            let other = try await fixture.library()
            _ = try await other.remove([lessons[0].id])
            #expect(try await library.downloads(sync: false).count == 3, "another connection's commit is seen (data_version)")
            #expect(try await library.database.version() != version)

            // This instance's own commit (its writer is not the connection the version is read on).
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
            let quietHits = library.readCache.hits.quiet
            #expect(try await library.downloads().count == 4)
            #expect(library.readCache.hits.quiet == quietHits + 1, "the second quick sync is answered from the first")
            try await Self.expectQuietKept(library, "before another connection's commit")

            // The registry alone changes (no folder does): an item marked missing whose file is in
            // place, by another connection. The next quick sync must plan again, and adopt it.
            let other = try await fixture.library()
            let first = MediaKey(lessons[0].id, .audio)
            let second = MediaKey(lessons[1].id, .audio)
            try await other.database.markMissing(first, reason: "test", at: Date())
            #expect(try await library.downloads().count == 4, "adopted again by the quick sync")
            #expect(try await SyncTests.state(library, first) == .complete)

            // The same through this instance's own connection.
            #expect(try await library.downloads().count == 4)
            try await Self.expectQuietKept(library, "before this instance's commit")
            try await library.database.markMissing(second, reason: "test", at: Date())
            #expect(try await library.downloads().count == 4)
            #expect(try await SyncTests.state(library, second) == .complete)

            // The folders alone change: a file deleted is seen at once.
            try await QuickSyncTests.settle()
            #expect(try await library.downloads().count == 4)
            #expect(try await library.downloads().count == 4)
            try await Self.expectQuietKept(library, "before the file is deleted")
            try FileManager.default.removeItem(at: library.layout.fileURL(lessons[2].id, .audio))
            #expect(try await library.downloads().count == 3)
            #expect(try await SyncTests.state(library, MediaKey(lessons[2].id, .audio)) == .missing)
        }
    }

    /// The last quick sync was quiet and is kept at the registry's version now (so that what
    /// follows tests its invalidation, not a cache that was empty anyway).
    static func expectQuietKept(_ library: LessonLibrary, _ note: Comment) async throws {
        let version = try #require(try await library.database.version())
        #expect(library.readCache.quietSync(at: version) != nil, note)
    }

    @Test("the folder memo keeps a walk's snapshot only if no other walk changed it meanwhile; any change forgets it")
    func memoKeepsOnlyItsOwnWalk() {
        let memo = FolderMemo()
        let snapshot = DirectorySnapshot(entries: [], serial: memo.nextSerial())
        let names = ["gemara"]
        var start = memo.generation
        memo.remember([:], in: "gemara")  // the walk's own change
        memo.keep(snapshot, for: names, ifGeneration: start + 1)
        #expect(memo.lastSnapshot(for: names)?.serial == snapshot.serial)
        memo.remember([:], in: "mishna")  // any later change: the snapshot may no longer match
        #expect(memo.lastSnapshot(for: names) == nil)

        // Two walks at once: the slower one's snapshot is not kept (the faster one may have
        // remembered a folder as it is later than the slower one saw it).
        start = memo.generation
        memo.remember([:], in: "gemara")  // this walk
        memo.remember([:], in: "gemara")  // another walk, beside it
        memo.keep(snapshot, for: names, ifGeneration: start + 1)
        #expect(memo.lastSnapshot(for: names) == nil)
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

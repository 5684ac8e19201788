import Foundation
@testable import OfflineLessons
import Testing

/// A run's partial files opened ahead of their downloads (``FilesAhead``): within the window,
/// held as a download holds them, never one another holder has, and none left behind.
@Suite("Files opened ahead")
struct FilesAheadTests {
    static let keys = (1...40).map { MediaKey(LessonID(.gemara, $0), .audio) }

    /// The partial files on disk now.
    static func partials(_ store: MediaStore) -> Set<MediaKey> {
        Set(keys.filter { FileManager.default.fileExists(atPath: store.layout.partialPath($0.lesson, $0.medium)) })
    }

    /// Waits (up to 10 s) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<2_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    @Test("opens the window's files and no more until downloads take theirs; a file taken is open, locked and empty; stop leaves nothing behind")
    func window() async throws {
        let folder = try TemporaryDirectory()
        let store = MediaStore(layout: LibraryLayout(root: folder.url))
        let ahead = FilesAhead(Self.keys, store: store)
        let window = FilesAhead.window
        #expect(await Self.eventually { Self.partials(store).count == window })
        try await Task.sleep(for: .milliseconds(50))
        #expect(Self.partials(store) == Set(Self.keys.prefix(window)), "no file past the window")

        var taken: [FilesAhead.Opened] = []
        for key in Self.keys.prefix(window / 2) {
            let opened = try #require(await ahead.take(key), "\(key)")
            #expect(opened.file.size == 0 && opened.placedSize == nil && store.isBeingWritten(key))
            taken.append(opened)
        }
        // Half the window taken: it opens on, to the window past the last one taken.
        #expect(await Self.eventually { Self.partials(store).count == window / 2 + window })
        #expect(Self.partials(store) == Set(Self.keys.prefix(window / 2 + window)))

        ahead.stop()
        // The files never taken are gone, with their lesson folders; the taken ones stay their holders'.
        #expect(Self.partials(store) == Set(Self.keys.prefix(window / 2)))
        for key in Self.keys.dropFirst(window / 2) {
            #expect(!FileManager.default.fileExists(atPath: store.layout.folderPath(for: key.lesson)), "\(key)")
        }
        for (key, opened) in zip(Self.keys, taken) { store.letGo(opened.file, of: key) }
        #expect(Self.partials(store).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.layout.mediaPath + "/gemara").isEmpty)
    }

    @Test("a file another holder has locked is not opened ahead: its download opens it itself, and the lock stays the holder's")
    func heldElsewhere() async throws {
        let folder = try TemporaryDirectory()
        let store = MediaStore(layout: LibraryLayout(root: folder.url))
        let held = try store.openPartial(Self.keys[1])
        let ahead = FilesAhead(Self.keys, store: store)
        #expect(await Self.eventually { Self.partials(store).count == FilesAhead.window })
        let first = try #require(await ahead.take(Self.keys[0]))
        #expect(await ahead.take(Self.keys[1]) == nil)
        #expect(store.isBeingWritten(Self.keys[1]) && held.size == 0)
        #expect { try store.openPartial(Self.keys[1]) } throws: { error in
            if case FileError.inUse = error { true } else { false }
        }
        ahead.stop()
        store.letGo(first.file, of: Self.keys[0])
        store.letGo(held, of: Self.keys[1])
        #expect(Self.partials(store).isEmpty)
    }

    @Test("a file asked for before its turn is left to its download: the thread does not open it later")
    func askedEarly() async throws {
        let folder = try TemporaryDirectory()
        let store = MediaStore(layout: LibraryLayout(root: folder.url))
        let ahead = FilesAhead(Self.keys, store: store)
        let early = Self.keys[30]
        #expect(await ahead.take(early) == nil)
        var taken: [(MediaKey, FilesAhead.Opened)] = []
        for key in Self.keys.prefix(24) {
            #expect(await Self.eventually { Self.partials(store).contains(key) }, "\(key)")
            taken.append((key, try #require(await ahead.take(key), "\(key)")))
        }
        // 25 asked for: at least half a window past them is opened (the thread refills the window
        // when half of it is taken), which is past the early key; every other file there is opened.
        let opened = Set(Self.keys.prefix(25 + FilesAhead.window / 2)).subtracting([early])
        #expect(await Self.eventually { opened.isSubset(of: Self.partials(store)) }, "\(opened.subtracting(Self.partials(store)))")
        #expect(!Self.partials(store).contains(early))
        ahead.stop()
        for (key, opened) in taken { store.letGo(opened.file, of: key) }
        #expect(Self.partials(store).isEmpty)
    }
}

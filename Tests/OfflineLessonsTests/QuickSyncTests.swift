import Foundation
import Testing

@testable import OfflineLessons

#if canImport(Glibc)
import Glibc
#endif

/// The quick sync of `downloads()`: a lesson folder whose entries did not change since the last
/// quick sync is not listed again (``FolderMemo``), and what that walk finds is what a full walk finds.
@Suite("Quick sync")
struct QuickSyncTests {
    /// Folders are remembered only once their last change is `FolderMemo.settling` old.
    static func settle() async throws {
        try await Task.sleep(for: .seconds(FolderMemo.settling + 0.2))
    }

    @Test("a remembered folder: a file deleted or put back is seen at once; one rewritten in place is left to sync()")
    func rememberedFolders() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await SyncTests.downloaded(fixture)
            let layout = library.layout
            try await Self.settle()
            #expect(try await library.downloads().count == 4)
            #expect(library.folderMemo.remembered(in: "gemara").count == 4, "every settled lesson folder is remembered")

            let gone = MediaKey(lessons[0].id, .audio)
            let rewritten = MediaKey(lessons[1].id, .audio)
            let goneURL = layout.fileURL(gone.lesson, gone.medium)
            let bytes = try Data(contentsOf: goneURL)
            try FileManager.default.removeItem(at: goneURL)
            #expect(try await library.downloads().count == 3, "a file deleted in a remembered folder leaves the list")
            #expect(try await SyncTests.state(library, gone) == .missing)

            // Rewritten in place, same name: the folder's entries did not change.
            let handle = try FileHandle(forWritingTo: layout.fileURL(rewritten.lesson, rewritten.medium))
            try handle.truncate(atOffset: 1)
            try handle.close()
            #expect(try await library.downloads().count == 3)
            #expect(try await SyncTests.state(library, rewritten) == .complete, "the quick sync did not list the folder again")
            let full = try await library.sync()
            #expect(full.actions.contains { $0.action == .corrupt && $0.key == rewritten }, "\(full.actions)")
            #expect(try await library.downloads(sync: false).count == 2)

            // Put back at its recorded size: adopted by the next quick sync.
            try bytes.write(to: goneURL)
            #expect(try await library.downloads().count == 3)
            #expect(try await SyncTests.state(library, gone) == .complete)
        }
    }

    @Test("the walk with a memo finds what the full walk finds: files, partial files, files the layout does not name")
    func sameAsFullWalk() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await SyncTests.downloaded(fixture)
            let layout = library.layout
            try Data("part".utf8).write(to: layout.partialURL(lessons[2].id, .audio))
            try Data("?".utf8).write(to: layout.folder(for: lessons[3].id).appendingPathComponent("notes.txt"))
            try FileManager.default.createDirectory(atPath: layout.mediaPath + "/gemara/stray", withIntermediateDirectories: true)
            try Data("?".utf8).write(to: URL(fileURLWithPath: layout.mediaPath + "/gemara/stray/x.mp3"))
            try await Self.settle()
            let memo = FolderMemo()
            let full = Set(try await DirectorySnapshot.take(of: layout).entries)
            #expect(full.count == 11, "4 audio, 4 PDF, a partial file, notes.txt, stray/x.mp3")
            let first = try await DirectorySnapshot.take(of: layout, memo: memo)
            #expect(Set(first.entries) == full)
            let second = try await DirectorySnapshot.take(of: layout, memo: memo)
            #expect(Set(second.entries) == full)
            #expect(second.finals.count == 8 && second.partials.count == 1 && second.unplaced.count == 2)
            #expect(memo.remembered(in: "gemara").count == 5)

            // A folder gone is forgotten; a new one is listed.
            try FileManager.default.removeItem(atPath: layout.mediaPath + "/gemara/stray")
            try Data("?".utf8).write(to: URL(fileURLWithPath: layout.mediaPath + "/extra.txt"))
            let third = try await DirectorySnapshot.take(of: layout, memo: memo)
            #expect(Set(third.entries) == Set(try await DirectorySnapshot.take(of: layout).entries))
            #expect(third.unplaced.map(\.path).sorted() == ["media/extra.txt", "media/gemara/\(lessons[3].id.id)/notes.txt"])
            #expect(memo.remembered(in: "gemara")["stray"] == nil)
        }
    }

    @Test(
        "a walk with nothing changed since a fully remembered one hands its snapshot back; any change, even one too recent to remember, is seen"
    )
    func unchangedWalks() async throws {
        try await DownloadFixture.run { fixture in
            let (library, lessons) = try await SyncTests.downloaded(fixture)
            let layout = library.layout
            let memo = FolderMemo()
            func quickMatchesFull(_ note: Comment) async throws {
                let quick = try await DirectorySnapshot.take(of: layout, memo: memo)
                let full = try await DirectorySnapshot.take(of: layout)
                #expect(Set(quick.entries) == Set(full.entries), note)
                #expect(quick.finals == full.finals && quick.partials == full.partials, note)
            }
            try await Self.settle()
            try await quickMatchesFull("first walk")
            try await quickMatchesFull("nothing changed: the kept snapshot")

            // A lesson folder too new to be remembered, then removed before it could be.
            let fresh = layout.mediaPath + "/gemara/999999"
            try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
            try Data("new".utf8).write(to: URL(fileURLWithPath: fresh + "/audio.mp3"))
            try await quickMatchesFull("a new folder")
            try FileManager.default.removeItem(atPath: fresh)
            try await quickMatchesFull("the new folder removed before it settled")

            try await Self.settle()
            try await quickMatchesFull("settled again")
            try await quickMatchesFull("and again, unchanged")
            // A file deleted in a remembered folder, then a file where only type folders belong.
            try FileManager.default.removeItem(at: layout.fileURL(lessons[2].id, .text))
            try await quickMatchesFull("a file deleted")
            try Data("?".utf8).write(to: URL(fileURLWithPath: layout.mediaPath + "/stray.txt"))
            try await quickMatchesFull("a stray file in media/")
            try await Self.settle()
            try await quickMatchesFull("settled with the stray file")
            try FileManager.default.removeItem(atPath: layout.mediaPath + "/stray.txt")
            try await quickMatchesFull("the stray file gone")
        }
    }
}

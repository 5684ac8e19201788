import Foundation
import Testing

@testable import OfflineLessons

/// The maximum size kept in the registry, and the downloads list that keeps a lesson whose
/// audio went missing (with its PDF) until it is removed.
@Suite("Storage quota and missing media")
struct StorageQuotaTests {
    @Test("a quota is stored, read back after reopening, replaced and cleared; 0 bytes is refused")
    func quotaKept() async throws {
        try await DownloadFixture.run { fixture in
            var library = try await fixture.library()
            #expect(try await library.storageQuota() == nil)
            try await library.setStorageQuota(500_000_000)
            library = try await fixture.library()  // a restart
            #expect(try await library.storageQuota() == 500_000_000)
            try await library.setStorageQuota(2_000_000)
            #expect(try await library.storageQuota() == 2_000_000)
            await #expect(throws: LibraryError.self) { try await library.setStorageQuota(0) }
            #expect(try await library.storageQuota() == 2_000_000, "a refused quota changes nothing")
            try await library.setStorageQuota(nil)
            library = try await fixture.library()
            #expect(try await library.storageQuota() == nil)
        }
    }

    @Test("a lesson whose audio was deleted by hand stays listed with its PDF and the audio missing, only when asked")
    func missingAudioListed() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            _ = try await library.download(lessons, media: .audio).summary
            let gone = lessons[0].id
            try FileManager.default.removeItem(at: library.fileURL(for: MediaKey(gone, .audio)))
            let plain = try await library.downloads()
            #expect(plain.map(\.lessonID) == [lessons[1].id], "the CLI's list: only lessons with audio or video")
            let all = try await library.downloads(sync: false, includingMissing: true)
            #expect(all.map(\.lessonID) == lessons.map(\.id), "in Shas order")
            let missing = try #require(all.first)
            #expect(missing.unfinishedMedia == [.audio: .missing])
            #expect(Array(missing.media.keys) == ["text"])
            #expect(all[1].unfinishedMedia.isEmpty)
            // Removed, it leaves both lists, its PDF with it.
            let report = try await library.remove([gone])
            #expect(Set(report.removed.map(\.medium)) == [.audio, .text])
            #expect(try await library.downloads(sync: false, includingMissing: true).map(\.lessonID) == [lessons[1].id])
        }
    }
}

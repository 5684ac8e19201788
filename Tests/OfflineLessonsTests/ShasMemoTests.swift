import Foundation
@testable import OfflineLessons
import Testing

/// The Shas read from the catalog cache is decoded once for as long as the stored JSON stays the
/// same (``ShasMemo``); a Shas stored since is read as stored.
@Suite("The Shas read from the catalog cache")
struct ShasMemoTests {
    @Test("a request naming three masechtot decodes the cached Shas once")
    func decodedOnce() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            _ = try await library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot")])  // the Shas and a listing cached
            let before = library.database.shasMemo.decodes

            let lessons = try await library.lessons(for: ["gemara:berakhot", "gemara:shabbat", "mishna:berakhot:1"].map { try LessonSelector(parsing: $0) })

            #expect(!lessons.isEmpty)
            #expect(library.database.shasMemo.decodes - before <= 1, "one decode at most, not one per selector")
        }
    }

    @Test("a Shas stored since (by this library or another) is the one read, not the one decoded before")
    func storedSinceIsRead() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let first = try await library.catalog().shas
            var renamed = first
            renamed.sedarim[0].name = "Renamed"
            let other = try await fixture.library()  // another instance on the same folder
            try await other.database.saveShas(renamed, fetchedAt: Date())

            let read = try #require(try await library.database.cachedShas()).shas

            #expect(read.sedarim[0].name == "Renamed")
            #expect(read == renamed)
            #expect(try #require(try await library.database.cachedShas()).shas == renamed, "and again, from the memo")
        }
    }
}

import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

/// `export --legacy-json`: the downloads in the legacy registry's shape, lesson snapshots intact.
@Suite("Legacy export")
struct ExportTests {
    @Test("the legacy shape: gemara by seder and masechet, mishna by seder, masechet and chapter; only downloaded lessons")
    func legacyShape() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            let gemara = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            let mishna = try await fixture.lessons("mishna:berakhot:1:1-2", in: library)
            _ = await collect(try await library.download(gemara + mishna, media: .audio))
            // A lesson whose audio is gone is not downloaded any more: it is not exported.
            try FileManager.default.removeItem(at: library.layout.fileURL(gemara[1].id, .audio))
            _ = try await library.sync()
            let url = fixture.root.appendingPathComponent("downloadedLessons.json")
            let report = try await library.exportLegacyRegistry(to: url)
            #expect(report.gemaraLessons == 1 && report.mishnaLessons == 2)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let gemaraHalf = try #require((object["gemara"] as? [String: Any])?["1"] as? [String: Any])
            let mishnaHalf = try #require(((object["mishna"] as? [String: Any])?["1"] as? [String: Any])?["1"] as? [String: Any])
            let gemaraList = try #require(gemaraHalf["1"] as? [Any])
            let mishnaList = try #require(mishnaHalf["1"] as? [Any])
            #expect(gemaraList.count == 1 && mishnaList.count == 2)
            // Each entry is the lesson's snapshot, in the legacy encoding.
            let decoded = try JSONDecoder().decode(Lesson.self, from: JSONSerialization.data(withJSONObject: gemaraList[0]))
            #expect(decoded == gemara[0].lesson)
            let mishnaDecoded = try mishnaList.map {
                try JSONDecoder().decode(Lesson.self, from: JSONSerialization.data(withJSONObject: $0))
            }
            #expect(mishnaDecoded == mishna.map(\.lesson))
        }
    }
}

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

    @Test("through a symbolic link the file it names is written and the link stays; a pipe is written into, not replaced")
    func linksAndPipes() async throws {
        try await DownloadFixture.run { fixture in
            let library = try await fixture.library()
            _ = await collect(try await library.download(try await fixture.lessons("gemara:berakhot:2", in: library), media: .audio))
            let real = fixture.root.appendingPathComponent("real.json")
            try Data("old".utf8).write(to: real)
            let link = fixture.root.appendingPathComponent("link.json")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
            _ = try await library.exportLegacyRegistry(to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path, "the link stays a link")
            #expect(try Data(contentsOf: real).starts(with: Data("{".utf8)), "the file it names has the export")
            // A link to a file not there yet, by a relative path: the file is made where it points.
            let dangling = fixture.root.appendingPathComponent("dangling.json")
            try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "later.json")
            _ = try await library.exportLegacyRegistry(to: dangling)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling.path) == "later.json")
            #expect(try Data(contentsOf: fixture.root.appendingPathComponent("later.json")).starts(with: Data("{".utf8)))

            let pipe = fixture.root.appendingPathComponent("pipe")
            #expect(mkfifo(pipe.path, 0o600) == 0)
            // Opened for reading first, not blocking, so that the export's open for writing goes through.
            let reader = open(pipe.path, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            let report = try await library.exportLegacyRegistry(to: pipe)
            var info = stat()
            #expect(lstat(pipe.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still a pipe")
            var buffer = [UInt8](repeating: 0, count: report.bytes + 16)
            let got: Int = buffer.withUnsafeMutableBytes { bytes -> Int in read(reader, bytes.baseAddress, bytes.count) }
            #expect(got == report.bytes, "the reader got the document")
        }
    }
}

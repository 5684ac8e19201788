import Foundation
import GRDB
import Synchronization
import Testing

@testable import OfflineLessons

/// `sync --verify`: files hashed against the MD5 their server gave as ETag.
@Suite("Verify against MD5 ETags")
struct VerifyTests {
    @Test("MD5 of buffers and files matches RFC 1321's test vectors")
    func md5Vectors() throws {
        #expect(MD5Digest.hex([UInt8]()) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5Digest.hex(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5Digest.hex(Array("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(
            MD5Digest.hex(Array("12345678901234567890123456789012345678901234567890123456789012345678901234567890".utf8))
                == "57edf4a22be3c955ac49da2e2107b67a")
        // A file, read by blocks.
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("a")
        try Data(repeating: UInt8(ascii: "a"), count: 1_000_000).write(to: file)
        var read = 0
        #expect(try MD5Digest.file(at: file) { read += $0 } == "7707d6ae4e027c70eea2a935c2296f21")
        #expect(read == 1_000_000)
    }

    @Test("only a plain quoted MD5 is taken from an ETag")
    func etagDigest() {
        #expect(MD5Digest.digest(inETag: "\"9E107D9D372BB6826BD81D3542A419D6\"") == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5Digest.digest(inETag: "9e107d9d372bb6826bd81d3542a419d6") == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5Digest.digest(inETag: "\"9e107d9d372bb6826bd81d3542a419d6-3\"") == nil, "multipart")
        #expect(MD5Digest.digest(inETag: "W/\"9e107d9d372bb6826bd81d3542a419d6\"") == nil, "weak")
        #expect(MD5Digest.digest(inETag: "\"v1\"") == nil)
    }

    @Test("lessons serve --md5-etags gives each file's MD5 as its ETag")
    func serverETagIsMD5() async throws {
        try await DownloadFixture.run(md5ETags: true) { fixture in
            let lesson = try #require(try await fixture.lessons("gemara/9", in: try await fixture.library()).first)
            let url = try #require(try MediaLocator(mediaBase: fixture.running.mediaBase).url(for: .audio, of: lesson.lesson))
            let response = try await HTTP.fetch(url.absoluteString)
            #expect(response.header("ETag") == "\"\(MD5Digest.hex(response.body))\"")
        }
    }

    @Test("a file changed in place, at the same size, is found corrupt only with verify; moved aside; repair fetches it again")
    func sameSizeCorruption() async throws {
        try await DownloadFixture.run(md5ETags: true) { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2-3", in: library)
            _ = await collect(try await library.download(lessons, media: .audio))
            let key = MediaKey(lessons[0].id, .audio)
            let url = library.fileURL(for: key)
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: url)
            // A file with an ETag that is not an MD5 is counted, not read.
            let other = MediaKey(lessons[1].id, .text)
            try await library.database.write { db in
                try MediaItem.matching(other).updateAll(db, [MediaItem.Columns.etag.set(to: "\"v0\"")])
            }

            #expect(try await library.sync().changes.isEmpty, "sizes match: a plain sync sees nothing")
            let dry = try await library.sync(SyncOptions(dryRun: true, verify: true))
            #expect(dry.changes.map(\.action) == [.corrupt] && dry.changes.first?.key == key)
            #expect(try await library.database.mediaItem(key)?.state == .complete, "a dry run changes nothing")
            #expect(dry.verified == 3 && dry.unverifiable == 1)

            let seen = Counter()
            let report = try await library.sync(SyncOptions(repair: true, verify: true)) { _ in seen.add() }
            #expect(report.changes.map(\.action) == [.corrupt, .requeued])
            // Said in the reader's language: every reason, and what the requeue found.
            #expect(report.changes.map { Phrasebook.recognize($0.reason).key } == [.syncETagMismatch, .syncRepairAgain])
            #expect(Phrasebook.recognize(report.changes[1].found).text(.es) == "apartado")
            #expect(seen.value >= 3, "progress was reported while hashing")
            #expect(try await library.history(of: key.lesson).contains { $0.kind == .movedAside })
            _ = await collect(try await library.resumePending())
            #expect(fixture.hasServedFile(library, lessons[0], .audio))
            #expect(try await library.sync(SyncOptions(verify: true)).changes.isEmpty, "then nothing to do")
        }
    }

    @Test("a file downloaded again at the same size while verify hashed the old one is left in place")
    func replacedWhileHashing() async throws {
        try await DownloadFixture.run(md5ETags: true) { fixture in
            let library = try await fixture.library()
            let lessons = try await fixture.lessons("gemara:berakhot:2", in: library)
            _ = await collect(try await library.download(lessons, media: .audio))
            let key = MediaKey(lessons[0].id, .audio)
            let url = library.fileURL(for: key)
            let good = try Data(contentsOf: url)
            var bad = good
            bad[bad.count / 2] ^= 0xFF
            try bad.write(to: url)
            let registry = library.layout.databaseURL.path
            let replaced = Mutex(false)
            // Once every file is hashed, another process downloads the lesson again: the served
            // bytes at the same size, and a new completion time.
            let report = try await library.sync(SyncOptions(verify: true)) { progress in
                guard progress.files == progress.totalFiles,
                    replaced.withLock({ done in
                        defer { done = true }
                        return !done
                    })
                else { return }
                do {
                    try good.write(to: url, options: .atomic)
                    try DatabaseQueue(path: registry).write { db in
                        try db.execute(
                            sql: "UPDATE mediaItem SET completedAt = ? WHERE type = 'gemara' AND id = ? AND medium = 'audio'",
                            arguments: [Date().addingTimeInterval(60), key.lesson.id])
                    }
                } catch {
                    Issue.record("the other download: \(error)")
                }
            }
            #expect(replaced.withLock { $0 })
            #expect(report.changes.isEmpty, "\(report.changes)")
            #expect(try await library.database.mediaItem(key)?.state == .complete)
            let served = fixture.hasServedFile(library, lessons[0], .audio)  // kept out of #expect, which would print the fixture
            #expect(served)
            #expect(try await library.sync(SyncOptions(verify: true)).changes.isEmpty, "the new file is good")
        }
    }
}

/// A thread-safe counter for callbacks.
final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

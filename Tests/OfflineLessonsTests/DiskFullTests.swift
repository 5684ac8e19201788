import ChildProcesses
import Foundation
import LessonsServer
import LessonsServerTesting
import Testing

@testable import OfflineLessons

#if canImport(Glibc)
import Glibc
#endif

/// A full disk stops the run at once, with one reason, and keeps the queue.
@Suite("A full disk")
struct DiskFullTests {
    @Test("a file larger than the free space is not started: the run stops, every item stays queued, nothing fails")
    func precheckStopsTheRun() async throws {
        // At this scale the server announces files of petabytes: no disk has room for one.
        try await DownloadFixture.run(scale: 1e9) { fixture in
            let library = try await fixture.library(concurrency: 1)
            let lessons = try await fixture.lessons("gemara:berakhot:2-4", in: library)
            let (events, summary) = await collect(try await library.download(lessons, media: .audio))
            let stopped = try #require(summary?.stoppedBecause)
            #expect(stopped.contains("is full") && stopped.contains("bytes needed"), "\(stopped)")
            #expect(summary?.failed.isEmpty == true && summary?.downloaded == 0)
            #expect(events.filter { if case .stopped = $0 { true } else { false } }.count == 1, "one item says why")
            let items = try await library.database.mediaItems(in: MediaState.allCases)
            #expect(items.count == 6 && items.allSatisfy { $0.state == .queued }, "\(items.map(\.state))")
            #expect(items.contains { $0.lastError?.contains("is full") == true })
            for lesson in lessons {
                #expect(library.store.partialSize(MediaKey(lesson.id, .audio)) == 0, "no bytes written")
            }
        }
    }

    /// Whether this process can mount a small tmpfs (root, with `mount`): the real full disk.
    static let canMountTmpfs: Bool = {
        guard geteuid() == 0 else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tmpfs-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            run("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path)
        else { return false }
        return run("/bin/umount", folder.path)
    }()

    @discardableResult
    static func run(_ executable: String, _ arguments: String...) -> Bool {
        guard let process = try? ChildProcess(URL(fileURLWithPath: executable), arguments: arguments) else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(
        "a library on a 3 MiB tmpfs: the run stops at the first full write, the registry stays whole, and resumes once there is room",
        .enabled(if: DiskFullTests.canMountTmpfs, "needs root and mount(8) to mount a small tmpfs"))
    func realFullDisk() async throws {
        let folder = try TemporaryDirectory()
        let mountPoint = folder.url.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try #require(Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", mountPoint.path))
        defer { Self.run("/bin/umount", "-l", mountPoint.path) }
        try await DownloadFixture.run(scale: 0.01) { fixture in
            let client = CatalogClient(configuration: .init(apiBase: fixture.running.apiBase, token: "test"))
            let library = try await LessonLibrary(
                root: mountPoint, client: client, configuration: .init(concurrency: 3, retry: DownloadFixture.fastRetry))
            let lessons = try await library.lessons(for: [try LessonSelector(parsing: "gemara:berakhot:2-40")])
            let files = lessons.reduce(0) { count, lesson in
                count + [MediaKind.audio, .text].filter { lesson.lesson.link(for: $0) != nil }.count
            }
            let (_, summary) = await collect(try await library.download(lessons, media: .audio))
            #expect(summary?.stoppedBecause != nil, "\(String(describing: summary))")
            #expect(summary?.failed.isEmpty == true, "\(String(describing: summary?.failed))")
            let stoppedAt = summary?.downloaded ?? 0
            #expect(stoppedAt < files)
            // The registry is whole and readable; what is complete is on disk, byte for byte.
            for item in try await library.database.mediaItems(in: [.complete]) {
                let lesson = try #require(lessons.first { $0.id == item.key.lesson })
                #expect(fixture.hasServedFile(library, lesson, item.key.medium))
            }
            #expect(try await library.database.mediaItems(in: [.failed]).isEmpty)
            // Room again: the queue resumes and finishes.
            try #require(Self.run("/bin/mount", "-o", "remount,size=64m", mountPoint.path))
            let (_, resumed) = await collect(try await library.resumePending())
            #expect(resumed?.succeeded == true, "\(String(describing: resumed))")
            #expect(try await library.database.mediaItems(in: [.complete]).count == files)
        }
    }
}

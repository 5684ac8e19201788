import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// A child `lessons download` is killed with SIGKILL at random moments; the registry must never
/// hold a partial or wrong file as complete, and the last run finishes without re-downloading.
@Suite("Crash safety")
struct CrashTests {
    static let scale = 0.3
    static let kills = Int(ProcessInfo.processInfo.environment["LESSONS_CRASH_KILLS"] ?? "") ?? 20
    /// Enough work that the kills land mid-download: 10 dapim for 20 kills, 63 (all of Berakhot)
    /// for 189 or more.
    static let dapim = 2...(1 + min(63, max(10, kills / 3)))
    /// Kills aimed at the window between rename and commit: a quarter as many, 3 to 60.
    static let windowKills = min(60, max(3, kills / 4))

    @Test("SIGKILL at random moments never registers a partial file or loses a completed one")
    func killedDownloads() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-crash-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let faults = FaultInjector()
        let server = try ContentServer(configuration: .init(mediaSizeScale: Self.scale, faults: faults))
        try await server.withRunning { running in
            let arguments = [
                "download", "gemara:berakhot:\(Self.dapim.lowerBound)-\(Self.dapim.upperBound)", "--media", "audio", "--library", root.path,
                "--server", running.apiBase.absoluteString, "--token", "t", "--quiet",
            ]
            let expected = try ExpectedMedia(server.catalog, masechetId: 1, dapim: Self.dapim, scale: Self.scale)
            var verified: [MediaKey: Int] = [:]
            // A slow link (about 6 MB/s a connection), so that every kill lands mid-download.
            for key in expected.media.keys {
                await faults.inject(.throttle(millisecondsPerChunk: 10), at: MediaAddress(key.lesson, key.medium))
            }
            var killedMidway = 0
            for round in 0..<Self.kills {
                let child = try CLIRunner.start(arguments)
                try await Task.sleep(for: .milliseconds(Int.random(in: 30...450)))
                let stillRunning = child.process.isRunning
                kill(child.process.processIdentifier, SIGKILL)
                await child.exit()
                _ = child.result()
                if stillRunning { killedMidway += 1 }
                try await Self.checkInvariant(root: root, expected: expected, verified: &verified, round: round)
            }
            #expect(killedMidway >= Self.kills * 3 / 4, "most kills should land mid-download (\(killedMidway) of \(Self.kills) did)")

            // What is complete now must not be fetched again by the final run.
            let database = try LibraryDatabase.open(at: LibraryLayout(root: root).databaseURL.path)
            let completeBefore = try await database.mediaItems(in: [.complete]).map(\.key)
            var getsBefore: [MediaKey: Int] = [:]
            for key in completeBefore { getsBefore[key] = await faults.downloads(of: MediaAddress(key.lesson, key.medium)) }

            let final = try await CLIRunner.run(arguments)
            #expect(final.status == 0, "stderr: \(final.stderr)")
            verified = [:]
            try await Self.checkInvariant(root: root, expected: expected, verified: &verified, round: Self.kills)
            let items = try await database.mediaItems(in: MediaState.allCases)
            #expect(items.count == expected.media.count)
            #expect(items.allSatisfy { $0.state == .complete })
            for key in completeBefore {
                let gets = await faults.downloads(of: MediaAddress(key.lesson, key.medium))
                #expect(gets == getsBefore[key], "\(key) was complete before the last run yet fetched again")
            }
            let leftovers =
                FileManager.default.enumerator(atPath: LibraryLayout(root: root).mediaRoot.path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(LibraryLayout.partialSuffix) } ?? []
            #expect(leftovers.isEmpty, "partial files left: \(leftovers)")
        }
    }

    @Test("SIGKILL between a file's rename into place and its registry commit: the next run adopts the file, never fetches it again")
    func killedBetweenRenameAndCommit() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-window-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let faults = FaultInjector()
        let scale = 0.01
        let server = try ContentServer(configuration: .init(mediaSizeScale: scale, faults: faults))
        try await server.withRunning { running in
            // Each round kills one file in the window: 39 dapim (about 77 files) leave room for 60 rounds.
            let arguments = [
                "download", "gemara:berakhot:2-40", "--media", "audio", "--concurrency", "1", "--library", root.path,
                "--server", running.apiBase.absoluteString, "--token", "t",
            ]
            let expected = try ExpectedMedia(server.catalog, masechetId: 1, dapim: 2...40, scale: scale)
            let layout = LibraryLayout(root: root)
            var killed: [MediaKey: Int] = [:]  // each key killed in the window, with its GET count then
            var verified: [MediaKey: Int] = [:]
            for round in 0..<Self.windowKills {
                let child = try CLIRunner.start(arguments, environment: ["LESSONS_TEST_PAUSE_BEFORE_COMMIT_MS": "10000"])
                var announced: String?
                for _ in 0..<1000 where announced == nil {
                    try await Task.sleep(for: .milliseconds(10))
                    let text = (try? String(contentsOf: child.stderr, encoding: .utf8)) ?? ""
                    announced = text.split(separator: "\n").first { $0.hasPrefix("test hook: ") }.map(String.init)
                }
                kill(child.process.processIdentifier, SIGKILL)
                await child.exit()
                _ = child.result()
                let line = try #require(announced, "round \(round): the download never reached the commit window")
                let words = line.dropFirst("test hook: ".count).split(separator: " ")
                let id = try #require(words.first.flatMap { Int($0.split(separator: "/").last ?? "") })
                let key = MediaKey(LessonID(.gemara, id), try #require(MediaKind(rawValue: String(words[1]))))
                // Killed in the window: the file is in place, whole; the registry does not say complete.
                let database = try LibraryDatabase.open(at: layout.databaseURL.path)
                #expect(try await database.mediaItem(key)?.state != .complete, "round \(round): \(key) was committed")
                #expect(
                    FileManager.default.contents(atPath: layout.fileURL(key.lesson, key.medium).path).map([UInt8].init)
                        == expected.bytes(key), "round \(round): \(key) is not whole in place")
                killed[key] = await faults.downloads(of: MediaAddress(key.lesson, key.medium))
                try await Self.checkInvariant(root: root, expected: expected, verified: &verified, round: round)
            }
            let final = try await CLIRunner.run(arguments)
            #expect(final.status == 0, "stderr: \(final.stderr)")
            let database = try LibraryDatabase.open(at: layout.databaseURL.path)
            for (key, gets) in killed {
                #expect(try await database.mediaItem(key)?.state == .complete)
                #expect(await faults.downloads(of: MediaAddress(key.lesson, key.medium)) == gets, "\(key) was fetched again")
                #expect(try await database.events(of: key.lesson).contains { $0.kind == .adopted && $0.medium == key.medium })
            }
            verified = [:]
            try await Self.checkInvariant(root: root, expected: expected, verified: &verified, round: -1)
        }
    }

    /// Every item registered complete has its file, byte-identical to the server's copy (compared
    /// in full the first time it is seen complete, by size afterwards).
    static func checkInvariant(root: URL, expected: ExpectedMedia, verified: inout [MediaKey: Int], round: Int) async throws {
        let layout = LibraryLayout(root: root)
        guard FileManager.default.fileExists(atPath: layout.databaseURL.path) else { return }
        let database = try LibraryDatabase.open(at: layout.databaseURL.path)
        for item in try await database.mediaItems(in: [.complete]) {
            let url = layout.fileURL(item.key.lesson, item.key.medium)
            if let size = verified[item.key] {
                let now = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
                #expect(now == size, "round \(round): \(item.key) changed size after it was complete")
                continue
            }
            let bytes = [UInt8](try Data(contentsOf: url))
            #expect(bytes == expected.bytes(item.key) ? true : false, "round \(round): \(item.key) is registered complete but differs")
            #expect(item.receivedBytes == bytes.count)
            verified[item.key] = bytes.count
        }
    }
}

/// What the server serves for the audio and PDF of Gemara lessons on some dapim of a masechet.
struct ExpectedMedia {
    var media: [MediaKey: SyntheticMedia] = [:]

    init() {}

    init(_ catalog: DemoCatalog, masechetId: Int, dapim: ClosedRange<Int>, scale: Double) throws {
        let lessons = try #require(catalog.gemaraLessons(masechetId: masechetId)).filter { dapim.contains($0.lesson.pageNumber ?? 0) }
        for lesson in lessons {
            let id = LessonID(.gemara, lesson.lesson.id)
            for medium in [MediaKind.audio, .text] where lesson.lesson.link(for: medium) != nil {
                media[MediaKey(id, medium)] = SyntheticMedia(lesson: id, medium: medium, duration: lesson.lesson.duration, scale: scale)
            }
        }
    }

    func bytes(_ key: MediaKey) -> [UInt8]? { media[key]?.allBytes }
}

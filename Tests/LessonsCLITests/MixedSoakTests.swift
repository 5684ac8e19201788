import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// Everything at once: a long queue at concurrency 16, faults on 5% of the media (a 503, a reset,
/// a stall or a short body, once each), two `lessons download` runs on the same library, `sync`
/// runs between them and SIGKILLs at random moments. At the end every item is complete and
/// byte-identical, nothing complete was fetched again, and no process held more than 64 MiB.
///
/// `LESSONS_MIXED_SOAK_ITEMS` sets the queue's length (CI: 300; by hand: 10000).
@Suite("Mixed soak")
struct MixedSoakTests {
    static let items = Int(ProcessInfo.processInfo.environment["LESSONS_MIXED_SOAK_ITEMS"] ?? "") ?? 300
    static let kills = max(3, items / 300)
    static let scale = 0.001
    static let residentLimit = 64 << 20
    /// Whether the tests (and so the `lessons` they start) are built with a sanitizer.
    static let sanitized =
        ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(dlopen(nil, RTLD_NOW), name) != nil }
        || ProcessInfo.processInfo.environment.keys.contains { $0 == "ASAN_OPTIONS" || $0 == "TSAN_OPTIONS" }

    @Test("a long queue, two runs, sync between, faults and kills: all complete and whole, nothing fetched twice, under 64 MiB each")
    func mixedSoak() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-mixed-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let faults = FaultInjector()
        let server = try ContentServer(configuration: .init(mediaSizeScale: Self.scale, faults: faults))
        let queue = try SoakQueue(server.catalog, items: Self.items, scale: Self.scale)
        let faulted = Array(queue.expected.media.keys.shuffled().prefix(max(4, queue.expected.media.count / 20)))
        for (index, key) in faulted.enumerated() {
            let half = (queue.expected.media[key]?.size ?? 1024) / 2
            let fault: Fault =
                switch index % 4 {
                case 0: .failFirst(count: 1, status: 503)
                case 1: .resetMidBody(afterBytes: half, count: 1)
                case 2: .stallMidBody(afterBytes: half, count: 1)
                default: .shortBody(missingBytes: half, count: 1)
                }
            await faults.inject(fault, at: key)
        }
        try await server.withRunning { running in
            let common = ["--library", root.path, "--server", running.apiBase.absoluteString, "--token", "t", "--quiet"]
            // The second run asks for the same lessons in the opposite order: the two meet everywhere.
            let runs = [queue.selectors, queue.selectors.reversed()].map {
                ["download"] + $0 + ["--media", "audio", "--concurrency", "16"] + common
            }
            var soak = SoakRecord()
            var processes: [CLIRunner.Running?] = [nil, nil]
            var finished = [false, false]
            var killsLeft = Self.kills
            let deadline = ContinuousClock.now + .seconds(300 + Self.items / 5)
            while !(finished.allSatisfy { $0 }) {
                for index in 0..<2 where !finished[index] {
                    if let process = processes[index] {
                        guard !process.process.isRunning else { continue }
                        soak.ended(process, kind: "download")
                        finished[index] = process.process.terminationStatus == 0
                        processes[index] = nil
                        if finished[index] { continue }
                    }
                    let process = try CLIRunner.start(runs[index])
                    // Waiting samples its resident set every 5 ms until it ends.
                    Task { await process.exit() }
                    processes[index] = process
                    soak.starts += 1
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 100...800)))
                let sync = try CLIRunner.start(["sync"] + common)
                await sync.exit()
                let synced = soak.ended(sync, kind: "sync")
                #expect(synced.status == 0, "sync: \(synced.stderr)")
                if killsLeft > 0, Bool.random(),
                    let victim = processes.indices.filter({ processes[$0]?.process.isRunning == true }).randomElement(),
                    let process = processes[victim]
                {
                    process.process.sampleResident()
                    kill(process.process.processIdentifier, SIGKILL)
                    await process.exit()
                    soak.ended(process, kind: "download")
                    processes[victim] = nil
                    killsLeft -= 1
                    soak.kills += 1
                }
                try await soak.check(root: root, expected: queue.expected, faults: faults)
                guard ContinuousClock.now < deadline else {
                    Issue.record("the soak did not finish in time: \(soak)")
                    for process in processes.compactMap({ $0 }) { kill(process.process.processIdentifier, SIGKILL) }
                    return
                }
            }
            #expect(soak.kills >= 1, "no kill landed while a download ran: \(soak)")

            let final = try CLIRunner.start(["download"] + common)
            await final.exit()
            let last = soak.ended(final, kind: "download")
            #expect(last.status == 0, "stderr: \(last.stderr)")
            soak.verified = [:]
            try await soak.check(root: root, expected: queue.expected, faults: faults)
            let database = try LibraryDatabase.open(at: LibraryLayout(root: root).databaseURL.path)
            let items = try await database.mediaItems(in: MediaState.allCases)
            #expect(items.count == queue.expected.media.count)
            #expect(
                items.allSatisfy { $0.state == .complete }, "not complete: \(items.filter { $0.state != .complete }.map(\.key).prefix(5))")
            // Each fault was met (its first GET failed) and got over: two GETs at least.
            for key in faulted {
                #expect(await faults.downloads(of: key) >= 2, "\(key)'s fault was never met")
            }
            if Self.sanitized {
                print("mixed soak: the resident sets are not weighed under a sanitizer (its shadow memory counts)")
            } else {
                for (kind, peak) in soak.peakResident {
                    #expect(peak < Self.residentLimit, "\(kind) held \(peak >> 20) MiB resident")
                }
            }
            print("mixed soak: \(items.count) items, \(faulted.count) faulted, \(soak)")
        }
    }
}

/// The lessons a soak queues: whole masechtot of Gemara, then chapters of Mishna, until `items`
/// media (audio and PDF) are asked for; the last masechet of Gemara may be cut to a range of dapim.
struct SoakQueue {
    var selectors: [String] = []
    var expected = ExpectedMedia()

    init(_ catalog: DemoCatalog, items: Int, scale: Double) throws {
        func add(_ lessons: [DemoCatalog.DemoLesson]) {
            for lesson in lessons {
                let id = LessonID(lesson.type, lesson.lesson.id)
                for medium in [MediaKind.audio, .text] where lesson.lesson.link(for: medium) != nil {
                    expected.media[MediaKey(id, medium)] = SyntheticMedia(
                        lesson: id, medium: medium, duration: lesson.lesson.duration, scale: scale)
                }
            }
        }
        for masechet in catalog.shas.sedarim.flatMap(\.masechtot) where expected.media.count < items {
            let dapim = catalog.gemaraLessons(masechetId: masechet.id) ?? []
            guard let first = dapim.first?.lesson.pageNumber else { continue }
            let room = (items - expected.media.count + 1) / 2
            if dapim.count <= room {
                selectors.append("gemara:\(masechet.id)")
                add(dapim)
            } else {
                selectors.append("gemara:\(masechet.id):\(first)-\(first + room - 1)")
                add(Array(dapim.prefix(room)))
            }
        }
        for masechet in catalog.shas.sedarim.flatMap(\.masechtot) {
            for chapter in 1...max(1, masechet.chapters) where expected.media.count < items {
                add(catalog.mishnaLessons(masechetId: masechet.id, chapter: chapter) ?? [])
                selectors.append("mishna:\(masechet.id):\(chapter)")
            }
        }
    }
}

/// What a soak saw: starts, kills, each kind of process's peak resident set, and when each item
/// was first seen complete (with its GET count then, which must never grow).
struct SoakRecord: CustomStringConvertible {
    var starts = 0
    var kills = 0
    var syncs = 0
    var peakResident: [String: Int] = [:]
    var completeGets: [MediaKey: Int] = [:]
    var verified: [MediaKey: Int] = [:]

    var description: String {
        let peaks = peakResident.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", Double($0.value) / 1_048_576)) MiB" }
        return "\(starts) download runs started, \(kills) killed, \(syncs) syncs; peak resident: \(peaks.joined(separator: ", "))"
    }

    /// Notes an ended process's peak resident set; its output.
    @discardableResult
    mutating func ended(_ process: CLIRunner.Running, kind: String) -> CLIRunner.Result {
        if kind == "sync" { syncs += 1 }
        if let peak = process.process.peakResidentBytes { peakResident[kind] = max(peakResident[kind] ?? 0, peak) }
        return process.result()
    }

    /// Every item registered complete is whole; none seen complete before was fetched since.
    mutating func check(root: URL, expected: ExpectedMedia, faults: FaultInjector) async throws {
        try await CrashTests.checkInvariant(root: root, expected: expected, verified: &verified, round: starts)
        let database = try LibraryDatabase.open(at: LibraryLayout(root: root).databaseURL.path)
        for item in try await database.mediaItems(in: [.complete]) {
            let gets = await faults.downloads(of: item.key)
            if let before = completeGets[item.key] {
                #expect(gets == before, "\(item.key) was complete, yet fetched again")
            } else {
                completeGets[item.key] = gets
            }
        }
    }
}

import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every writing operation killed with SIGKILL, half the rounds at random moments and half aimed
/// at a file step and its registry write (each step in turn), on a fresh copy of a library each
/// round. After each kill the next command finds a library that tells the truth (see
/// ``KillSoakLibrary/check(_:after:cut:round:)``), and a whole run then finishes the job.
/// `LESSONS_SOAK_KILLS` sets the rounds per operation (`Scripts/reliability.sh 200`).
@Suite("SIGKILL during every writing operation")
struct KillSoakTests {
    static let rounds = Int(ProcessInfo.processInfo.environment["LESSONS_SOAK_KILLS"] ?? "") ?? 6

    @Test(
        "SIGKILL at random moments and at each file step: the registry never claims a file it lacks, nothing not asked for goes",
        arguments: WritingOperation.allCases)
    func killed(_ operation: WritingOperation) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-soak-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: KillSoakLibrary.scale))
        try await server.withRunning { running in
            let library = try await KillSoakLibrary(
                at: folder.appendingPathComponent("template"), server: running.apiBase, catalog: server.catalog)
            // A whole run first: it must do the job, and its length bounds the random kills.
            let whole = folder.appendingPathComponent("whole")
            _ = try library.copy(to: whole, for: operation)
            let started = ContinuousClock.now
            try await Self.run(operation, on: whole, library, server: running.apiBase)
            // The shortest run seen bounds the random kills: a first run slowed by a busy machine
            // would otherwise leave most kills after the end.
            var length = max(Duration.milliseconds(20), ContinuousClock.now - started)
            try await library.checkDone(whole, after: operation)

            var killedMidway = 0
            var aimedRounds = 0
            // A random kill that came after the end (a busy machine wakes a sleeper late) halves
            // the window of the next.
            var window = 1
            for round in 0..<Self.rounds {
                let root = folder.appendingPathComponent("round-\(round)")
                let cut = try library.copy(to: root, for: operation)
                let aimed = operation.fileSteps > 0 && round.isMultiple(of: 2)
                let step = aimed ? (round / 2) % operation.fileSteps : nil
                if aimed { aimedRounds += 1 }
                if try await Self.interrupt(
                    operation, on: root, library, server: running.apiBase, atStep: step, within: length / window, round: round)
                {
                    killedMidway += 1
                } else if !aimed {
                    window *= 2
                }
                try await library.check(root, after: operation, cut: cut, round: round)
                let rerun = ContinuousClock.now
                try await Self.run(operation, on: root, library, server: running.apiBase)
                length = max(Duration.milliseconds(20), min(length, ContinuousClock.now - rerun))
                try await library.checkDone(root, after: operation, afterKill: true)
                try? FileManager.default.removeItem(at: root)
            }
            #expect(
                killedMidway >= max(1, aimedRounds),
                "every aimed kill, and one at least, should land while \(operation.rawValue) runs (\(killedMidway) of \(Self.rounds) did)"
            )
        }
    }

    /// Runs the operation to its end (the screen's: the request answered, then `lessons ui` stopped).
    static func run(_ operation: WritingOperation, on root: URL, _ library: KillSoakLibrary, server: URL) async throws {
        let arguments = operation.arguments(server: server) + ["--library", root.path]
        guard let request = try screenRequest(operation, library) else {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 0, "\(operation.rawValue): \(result.stderr)")
            return
        }
        let screen = try await Screen(arguments)
        let answer = try? await Screen.send(try screen.prepared(request))
        await screen.stop()
        let (data, response) = try #require(answer, "\(operation.rawValue): no answer from lessons ui")
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(operation.rawValue): \(String(decoding: data, as: UTF8.self))")
    }

    /// Starts the operation and kills it: at a random moment within `length`, or paused at file
    /// step `step`. Returns whether it was still running when killed.
    static func interrupt(
        _ operation: WritingOperation, on root: URL, _ library: KillSoakLibrary, server: URL, atStep step: Int?,
        within length: Duration, round: Int
    ) async throws -> Bool {
        var environment: [String: String] = [:]
        if let step {
            environment = ["LESSONS_TEST_PAUSE_BEFORE_COMMIT_MS": "120000", "LESSONS_TEST_PAUSE_AT_STEP": String(step)]
        }
        let arguments = operation.arguments(server: server) + ["--library", root.path]
        let child: CLIRunner.Running
        var sent: Task<Void, Never>?
        if let request = try screenRequest(operation, library) {
            let screen = try await Screen(arguments, environment: environment)
            child = screen.child
            let prepared = try screen.prepared(request)
            sent = Task { _ = try? await Screen.send(prepared) }
        } else {
            child = try CLIRunner.start(arguments, environment: environment)
        }
        let running: Bool
        if step != nil {
            var announced = false
            for _ in 0..<6000 where !announced && child.process.isRunning {
                try await Task.sleep(for: .milliseconds(10))
                announced = ((try? String(contentsOf: child.stderr, encoding: .utf8)) ?? "").contains("test hook: ")
            }
            #expect(announced, "round \(round): \(operation.rawValue) never reached file step \(step ?? 0)")
            running = child.process.isRunning
            kill(child.process.processIdentifier, SIGKILL)
        } else {
            // Within the first half of a run, from a thread of its own: a task sleeping on a busy
            // cooperative pool (the other tests' work) would wake late, after a quick operation's end.
            let nanoseconds = Int64(length.components.seconds) * 1_000_000_000 + length.components.attoseconds / 1_000_000_000
            let delay = Int64.random(in: 0...(nanoseconds / 2))
            let process = child.process
            running = await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var pause = timespec(tv_sec: Int(delay / 1_000_000_000), tv_nsec: Int(delay % 1_000_000_000))
                    nanosleep(&pause, nil)
                    let running = process.isRunning
                    kill(process.processIdentifier, SIGKILL)
                    continuation.resume(returning: running)
                }
            }
        }
        await child.exit()
        _ = child.result()
        // The request fails with the killed process; it is awaited, not cancelled (a cancelled
        // request of FoundationNetworking can leave its session's later requests unanswered).
        await sent?.value
        return running
    }

    /// The screen's request for an operation of the screen (nil for a command).
    static func screenRequest(_ operation: WritingOperation, _ library: KillSoakLibrary) throws -> String? {
        switch operation {
        case .screenRemove:
            let daf = WritingOperation.removed.lowerBound
            let lesson = try #require(try library.keys(daf...daf).first?.lesson)
            return "/api/remove?lesson=gemara/\(lesson.id)"
        case .screenClean: return "/api/clean?days=0"
        default: return nil
        }
    }
}

/// `lessons ui` as a child process, its address and token read from what it prints.
struct Screen {
    let child: CLIRunner.Running
    let origin: String
    let token: String

    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        child = try CLIRunner.start(arguments, environment: environment)
        var printed = ""
        for _ in 0..<1200 where !printed.contains("\n") {
            try await Task.sleep(for: .milliseconds(50))
            printed = (try? String(contentsOf: child.stdout, encoding: .utf8)) ?? ""
        }
        let url = try #require(URL(string: printed.trimmingCharacters(in: .whitespacesAndNewlines)), "lessons ui printed no address")
        origin = "http://127.0.0.1:\(url.port ?? 0)"
        token = try #require(url.query?.split(separator: "=").last).description
    }

    func prepared(_ path: String) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: origin + path)))
        request.httpMethod = "POST"
        request.setValue(token, forHTTPHeaderField: "X-Lessons-Token")
        request.timeoutInterval = 120
        return request
    }

    /// Sends `request` in a session of its own, so that no request can hold up the next one.
    static func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return try await session.data(for: request)
    }

    /// Stops it (nothing is left to do once its answer came).
    func stop() async {
        kill(child.process.processIdentifier, SIGKILL)
        await child.exit()
        _ = child.result()
    }
}

import AsyncHTTPClient
import ChildProcesses
import Foundation
import LessonsUI
import OfflineLessons
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lessons ui` as a user runs it: prints its address, serves it, stops on Ctrl-C even with a
/// live stream open.
@Suite("lessons ui")
struct UICommandTests {
    @Test("prints a loopback URL with the token, serves the pages, and stops on Ctrl-C with a live stream open")
    func runsAndStops() async throws {
        let folder = try TemporaryDirectory()
        try await UIFixture.offlineLibrary(folder.url)
        let output = folder.url.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let child = try startCLI(["ui", "--port", "0", "--library", folder.url.path], stdout: try FileHandle(forWritingTo: output))
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        var printed = ""
        for _ in 0..<200 where !printed.contains("\n") {
            try await Task.sleep(for: .milliseconds(50))
            printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        }
        let url = try #require(URL(string: printed.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(url.host == "127.0.0.1")
        let token = try #require(url.query?.split(separator: "=").last).description
        #expect(token.count == 64)
        let origin = "http://127.0.0.1:\(url.port ?? 0)"
        var request = HTTPClientRequest(url: origin + "/downloads")
        request.headers.add(name: "X-Lessons-Token", value: token)
        let page = try await testClient.execute(request, timeout: .seconds(90))
        #expect(page.status.code == 200)
        var stream = HTTPClientRequest(url: origin + "/events")
        stream.headers.add(name: "X-Lessons-Token", value: token)
        let events = try await testClient.execute(stream, timeout: .seconds(90))
        #expect(events.status.code == 200)
        kill(child.processIdentifier, SIGINT)
        let end = ContinuousClock.now + .seconds(30)
        while child.isRunning, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!child.isRunning, "lessons ui did not stop within 30 s of Ctrl-C")
        #expect(child.terminationStatus == 130, "Ctrl-C: a clean stop, exit 130")
    }

    @Test("the address is the same after a restart (the library keeps the token); --new-token replaces it, and the old one is refused")
    func keptToken() async throws {
        let folder = try TemporaryDirectory()
        try await UIFixture.offlineLibrary(folder.url)
        func start(_ extra: [String] = []) async throws -> (url: URL, child: ChildProcess) {
            let output = folder.url.appendingPathComponent("stdout-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let child = try startCLI(
                ["ui", "--port", "0", "--library", folder.url.path] + extra, stdout: try FileHandle(forWritingTo: output))
            var printed = ""
            for _ in 0..<600 where !printed.contains("\n") {
                try await Task.sleep(for: .milliseconds(50))
                printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            }
            return (try #require(URL(string: printed.trimmingCharacters(in: .whitespacesAndNewlines))), child)
        }
        func stop(_ child: ChildProcess) async throws {
            kill(child.processIdentifier, SIGINT)
            let end = ContinuousClock.now + .seconds(30)
            while child.isRunning, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        }
        func token(_ url: URL) -> String? { url.query?.split(separator: "=").last.map(String.init) }

        let first = try await start()
        try await stop(first.child)
        let second = try await start()
        try await stop(second.child)
        #expect(token(first.url)?.count == 64)
        #expect(token(second.url) == token(first.url), "a restart keeps the address's token")
        let renewed = try await start(["--new-token"])
        defer { if renewed.child.isRunning { kill(renewed.child.processIdentifier, SIGKILL) } }
        #expect(token(renewed.url)?.count == 64)
        #expect(token(renewed.url) != token(first.url), "--new-token gives a new one")
        let origin = "http://127.0.0.1:\(renewed.url.port ?? 0)"
        let old = try await testClient.execute(
            HTTPClientRequest(url: origin + "/?token=" + (token(first.url) ?? "")), timeout: .seconds(90))
        #expect(old.status.code == 403, "the replaced token is refused")
        let new = try await testClient.execute(HTTPClientRequest(url: renewed.url.absoluteString), timeout: .seconds(90))
        #expect(new.status.code == 303, "the new address is taken (and traded for a cookie)")
        try await stop(renewed.child)
    }

    @Test("listening on every address: the address to open is on loopback, and each of the machine's on the network is given and answers")
    func everyAddress() async throws {
        let folder = try TemporaryDirectory()
        try await UIFixture.offlineLibrary(folder.url)
        let output = folder.url.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let child = try startCLI(
            ["ui", "--host", "0.0.0.0", "--port", "0", "--json", "--library", folder.url.path], stdout: try FileHandle(forWritingTo: output)
        )
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        struct Printed: Decodable {
            var url: URL
            var network: [URL]
        }
        var printed: Printed?
        for _ in 0..<600 where printed == nil {
            try await Task.sleep(for: .milliseconds(50))
            printed = try? JSONDecoder().decode(Printed.self, from: Data(contentsOf: output))
        }
        let addresses = try #require(printed)
        #expect(addresses.url.host == "127.0.0.1", "not 0.0.0.0, which no browser opens: \(addresses.url)")
        let loopback = try await testClient.execute(HTTPClientRequest(url: addresses.url.absoluteString), timeout: .seconds(90))
        #expect(loopback.status.code == 303)
        for url in addresses.network {
            let host = url.host ?? ""
            #expect(!host.hasPrefix("127.") && !host.contains(":"), "IPv4 (what 0.0.0.0 takes), not loopback: \(url)")
            #expect(url.query == addresses.url.query, "the same token")
            let answer = try await testClient.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(90))
            #expect(answer.status.code == 303, "\(url) is let in, as a phone on the network opens it")
        }
        kill(child.processIdentifier, SIGINT)
        let end = ContinuousClock.now + .seconds(30)
        while child.isRunning, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test("a port in use is one clear message and exit 3")
    func portInUse() async throws {
        try await UIFixture.run { fixture in
            let child = try startCLI(["ui", "--port", String(fixture.app.port), "--library", fixture.root.path])
            let end = ContinuousClock.now + .seconds(60)
            while child.isRunning, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
            #expect(child.terminationStatus == 3)
        }
    }
}

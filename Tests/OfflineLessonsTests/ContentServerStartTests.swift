import Foundation
import LessonsServer
import LessonsServerTesting
import OfflineLessons
import Testing

/// Starting the content server on a port it cannot have.
@Suite("Content server: start-up")
struct ContentServerStartTests {
    @Test("withRunning on a port in use throws portInUse naming the port, instead of waiting forever", .timeLimit(.minutes(1)))
    func withRunningOnBusyPort() async throws {
        let busy = try SilentSocket(listening: true)
        let server = try ContentServer(configuration: .init(port: busy.port))
        let error = await #expect(throws: ContentServerError.self) {
            try await server.withRunning { _ in }
        }
        guard case .portInUse(_, let port) = error else {
            Issue.record("expected portInUse, got \(String(describing: error))")
            return
        }
        #expect(port == busy.port)
        withExtendedLifetime(busy) {}
    }

    @Test("run on a port in use throws portInUse naming the port, and never calls onStart", .timeLimit(.minutes(1)))
    func runOnBusyPort() async throws {
        let busy = try SilentSocket(listening: true)
        let server = try ContentServer(configuration: .init(port: busy.port))
        let error = await #expect(throws: ContentServerError.self) {
            try await server.run { running in Issue.record("started on \(running.origin)") }
        }
        guard case .portInUse(_, let port) = error else {
            Issue.record("expected portInUse, got \(String(describing: error))")
            return
        }
        #expect(port == busy.port)
        withExtendedLifetime(busy) {}
    }

    @Test("a host that is no address of this machine throws notThisMachine, said with the remedy", .timeLimit(.minutes(1)))
    func hostNotThisMachine() async throws {
        // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
        let server = try ContentServer(configuration: .init(host: "192.0.2.1"))
        let error = await #expect(throws: ContentServerError.self) {
            try await server.withRunning { _ in }
        }
        guard case .notThisMachine(let host) = error else {
            Issue.record("expected notThisMachine, got \(String(describing: error))")
            return
        }
        #expect(host == "192.0.2.1")
        #expect(
            Message(.serverNotThisMachine, .text(host)).text(.en)
                == "192.0.2.1 is not an address of this machine: give --host 127.0.0.1 (this machine only) or 0.0.0.0 (every network)")
    }

    @Test("stopping while connections are still arriving: no trap, and withRunning returns", .timeLimit(.minutes(2)))
    func stopWhileConnectionsArrive() async throws {
        let server = try ContentServer()
        for _ in 0..<20 {
            let opened = try await server.withRunning { running in
                // Accepted by the kernel, not yet served by the server when the body returns:
                // cancelling the server's task here trapped in NIO (swift-nio #3481).
                (0..<32).map { _ in LoopbackConnection(port: running.port) }
            }
            #expect(opened.allSatisfy { $0.connected }, "every connection reached the server")
        }
    }
}

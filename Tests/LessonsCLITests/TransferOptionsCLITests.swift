import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// `--limit-rate` and `--cacert`, run on the built CLI against real servers on loopback.
@Suite("lessons download --limit-rate and --cacert")
struct TransferOptionsCLITests {
    func withServer(scale: Double, _ body: @Sendable (ContentServer.Running, String) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-opts-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ContentServer(configuration: .init(mediaSizeScale: scale))
        try await server.withRunning { running in try await body(running, root.path) }
    }

    @Test("--limit-rate 100K: the whole run takes at least its bytes at 100 KiB/s; a bad rate is bad usage")
    func limitRate() async throws {
        try await withServer(scale: 0.002) { running, library in
            let env = ["LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t", "LESSONS_LIBRARY": library]
            let bad = try await CLIRunner.run(["download", "gemara:berakhot:2", "--limit-rate", "fast"], environment: env)
            #expect(bad.status == 2 && bad.stderr.contains("--limit-rate 'fast' is not a rate"), "stderr: \(bad.stderr)")
            let start = ContinuousClock.now
            let run = try await CLIRunner.run(["--json", "download", "gemara:berakhot:2-7", "--limit-rate", "100K"], environment: env)
            let elapsed = (ContinuousClock.now - start).seconds
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let summary = try JSONDecoder().decode(DownloadSummary.self, from: Data(run.stdout.utf8))
            #expect(summary.bytes > 200_000, "enough bytes to measure: \(summary.bytes)")
            let floor = Double(summary.bytes) / (100 * 1024)
            #expect(elapsed >= floor * 0.9, "\(summary.bytes) bytes in \(elapsed) s: faster than 100 KiB/s")
        }
    }

    @Test("--cacert: a server whose certificate a private authority signed is trusted with it, refused without it")
    func privateAuthority() async throws {
        guard let tools = try Self.tlsTools() else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-ca-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let make = try await CLIRunner.run(["-c", Self.makeCertificates], executable: "/bin/sh", currentDirectory: folder)
        try #require(make.status == 0, "openssl: \(make.stderr)")
        try Self.proxy.write(to: folder.appendingPathComponent("proxy.py"), atomically: true, encoding: .utf8)
        try await withServer(scale: 0.001) { running, library in
            let proxy = try CLIRunner.start(
                [folder.appendingPathComponent("proxy.py").path, "server.pem", "server.key", String(running.apiBase.port ?? 0)],
                executable: tools.python, currentDirectory: folder)
            defer { proxy.process.terminate() }
            var port = ""
            for _ in 0..<500 where port.isEmpty {
                try await Task.sleep(for: .milliseconds(10))
                port = ((try? String(contentsOf: proxy.stdout, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try #require(!port.isEmpty, "the TLS proxy did not start")
            let base = ["--server", "https://127.0.0.1:\(port)/api/", "--token", "t", "--library", library]
            let refused = try await CLIRunner.run(["download", "gemara:berakhot:2"] + base)
            #expect(refused.status == 3, "an unknown authority is refused: \(refused.stderr)")
            #expect(
                refused.stderr.contains("the server's certificate is not trusted here") && !refused.stderr.contains("BoringSSL"),
                "\(refused.stderr)")
            let plain = ["--server", "https://127.0.0.1:\(running.apiBase.port ?? 0)/api/", "--token", "t", "--library", library]
            let notTLS = try await CLIRunner.run(["download", "gemara:berakhot:2"] + plain)
            #expect(notTLS.status == 3 && notTLS.stderr.contains("does not speak HTTPS on that port"), "\(notTLS.stderr)")
            let trusted = try await CLIRunner.run(
                ["download", "gemara:berakhot:2"] + base, environment: ["LESSONS_CA_FILE": folder.appendingPathComponent("ca.pem").path])
            #expect(trusted.status == 0, "stderr: \(trusted.stderr)")
            #expect(trusted.stdout.contains("downloaded 2 files"), "stdout: \(trusted.stdout)")
            let flag = try await CLIRunner.run(
                ["download", "gemara:berakhot:3", "--cacert", folder.appendingPathComponent("ca.pem").path] + base)
            #expect(flag.status == 0, "stderr: \(flag.stderr)")
            let folderAsFile = try await CLIRunner.run(["download", "gemara:berakhot:3", "--cacert", folder.path] + base)
            #expect(folderAsFile.status == 2 && folderAsFile.stderr.contains("that is a folder"), "stderr: \(folderAsFile.stderr)")
        }
    }

    /// openssl and python3, or `nil` with the reason printed (outside CI, where their absence fails).
    static func tlsTools() throws -> (openssl: String, python: String)? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        func find(_ name: String) -> String? {
            paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let openssl = find("openssl"), let python = find("python3") { return (openssl, python) }
        let reason = "--cacert test skipped: it needs openssl and python3 (apt-get install -y openssl python3)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw CLITestFailure(description: reason) }
        print(reason)
        return nil
    }

    /// A private authority, and a certificate for 127.0.0.1 it signed.
    static let makeCertificates = """
        set -e
        openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj '/CN=Lessons Test CA' 2>/dev/null
        openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj '/CN=127.0.0.1' 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\n' > ext.cnf
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile ext.cnf 2>/dev/null
        """

    /// A TLS front for the content server: prints its port, then forwards each connection.
    static let proxy = """
        import socket, ssl, sys, threading
        cert, key, upstream = sys.argv[1], sys.argv[2], int(sys.argv[3])
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        print(listener.getsockname()[1], flush=True)

        def pump(source, target):
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    target.sendall(data)
            except OSError:
                pass
            finally:
                for end in (source, target):
                    try:
                        end.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass

        def serve(connection):
            try:
                secure = context.wrap_socket(connection, server_side=True)
            except (ssl.SSLError, OSError):
                connection.close()
                return
            upstream_connection = socket.create_connection(("127.0.0.1", upstream))
            threading.Thread(target=pump, args=(secure, upstream_connection), daemon=True).start()
            pump(upstream_connection, secure)

        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """
}

struct CLITestFailure: Error, CustomStringConvertible {
    var description: String
}

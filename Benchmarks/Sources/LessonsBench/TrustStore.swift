import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TLS key and certificate (PEM files) for nginx.
struct TLSFiles: Sendable {
    let certificate: URL
    let key: URL

    /// An RSA 2048 key (as S3's certificates have) and a self-signed certificate for 127.0.0.1
    /// and localhost (CN and subjectAltName), valid two days, made by openssl in `folder`.
    /// Blocking: call it through ``offPool(_:)``.
    static func selfSigned(in folder: URL) throws -> TLSFiles {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = TLSFiles(certificate: folder.appendingPathComponent("certificate.pem"), key: folder.appendingPathComponent("key.pem"))
        try runChecked([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", files.key.path, "-out", files.certificate.path,
        ])
        return files
    }
}

/// A certificate the whole system trusts while the HTTPS runs last: copied to
/// `/usr/local/share/ca-certificates/lessons-bench-<pid>.crt` and `update-ca-certificates` run,
/// which rebuilds `/etc/ssl/certs/ca-certificates.crt`, the bundle curl, aria2c and the CLI's
/// NIOSSL read. Nothing is told to trust it any other way: no tool gets an insecure flag.
/// Every step blocks: call them through ``offPool(_:)``.
struct SystemTrust: Sendable {
    static let folder = "/usr/local/share/ca-certificates"
    static let prefix = "lessons-bench-"
    let name: String

    /// What the HTTPS runs need that the machine may lack, as one message naming the packages
    /// to install; `nil` when nothing is missing.
    static func missingRequirements() -> String? {
        var packages: [String] = []
        if StaticMediaServer.nginxPath() == nil { packages.append("nginx") }
        for (tool, package) in [
            ("curl", "curl"), ("aria2c", "aria2"), ("openssl", "openssl"), ("update-ca-certificates", "ca-certificates"),
        ]
        where !isInPath(tool) { packages.append(package) }
        var problems: [String] = []
        if !packages.isEmpty { problems.append("apt-get install -y \(packages.joined(separator: " "))") }
        if geteuid() != 0 { problems.append("run as root (the certificate goes into the system's trust store, \(folder))") }
        return problems.isEmpty ? nil : "the HTTPS runs need: " + problems.joined(separator: "; ")
    }

    /// Trusts `certificate` system-wide, after taking out what an earlier run that did not end
    /// cleanly left (a `lessons-bench-<pid>.crt` whose process is gone).
    static func install(_ certificate: URL) throws -> SystemTrust {
        removeLeftovers()
        let trust = SystemTrust(name: "\(prefix)\(getpid())")
        try? FileManager.default.removeItem(atPath: trust.path)
        try FileManager.default.copyItem(atPath: certificate.path, toPath: trust.path)
        do {
            try runChecked(["update-ca-certificates"])
        } catch {
            trust.remove()
            throw error
        }
        return trust
    }

    var path: String { "\(Self.folder)/\(name).crt" }

    /// Takes the certificate out of the trust store again. Problems are logged, not thrown: this
    /// runs on the way out, after a failure too.
    func remove() {
        Self.remove([name])
    }

    /// Removes the named certificates: their files, then `update-ca-certificates --fresh` (the
    /// bundle rebuilt and `/etc/ssl/certs` relinked without them; without `--fresh` their links
    /// stay behind). `update-ca-certificates` tells its hooks (Java's keystore, when
    /// ca-certificates-java is installed) of no removal of a local certificate, so they are
    /// told here, in the hooks' own format (`-/etc/ssl/certs/NAME.pem` on stdin).
    private static func remove(_ names: [String]) {
        guard !names.isEmpty else { return }
        log("taking \(names.joined(separator: ", ")) out of the system's trust store")
        for name in names { unlink("\(folder)/\(name).crt") }
        do { try runChecked(["update-ca-certificates", "--fresh"]) } catch { log("\(error)") }
        let hooks = "/etc/ca-certificates/update.d"
        let removals = names.map { "-/etc/ssl/certs/\($0).pem\n" }.joined()
        for hook in ((try? FileManager.default.contentsOfDirectory(atPath: hooks)) ?? []).sorted()
        where FileManager.default.isExecutableFile(atPath: "\(hooks)/\(hook)") {
            do { try runFeeding("\(hooks)/\(hook)", input: removals) } catch { log("\(hook): \(error)") }
        }
    }

    /// Certificates of runs whose process is gone (killed before they could take theirs out).
    private static func removeLeftovers() {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { file -> String? in
            guard file.hasPrefix(prefix), file.hasSuffix(".crt"),
                let pid = pid_t(file.dropFirst(prefix.count).dropLast(4))
            else { return nil }
            return kill(pid, 0) == 0 || errno == EPERM ? nil : String(file.dropLast(4))
        }
        remove(names)
    }

    /// Runs `path` with `input` on its stdin, its output discarded.
    private static func runFeeding(_ path: String, input: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw BenchError.failed("exited \(process.terminationStatus)") }
    }

    private static func isInPath(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
}

/// Clean-up that must happen even when the suite is stopped by a signal (Ctrl-C, `kill`):
/// while an action is registered, SIGINT, SIGTERM and SIGHUP run the registered actions (the
/// last registered first) and then end the process. Timed children get those signals back at
/// their defaults (``spawnAndWait(_:stdout:stderr:)``).
final class Interruption: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let shared = Interruption()
    private let lock = NSLock()
    private var actions: [(id: Int, action: @Sendable () -> Void)] = []
    private var lastID = 0
    private var sources: [any DispatchSourceSignal] = []

    /// Runs `body` with `cleanUp` registered; `cleanUp` runs after it whatever happens (a throw, or a signal).
    func whileRegistered<T>(cleanUp: @escaping @Sendable () -> Void, _ body: () async throws -> T) async throws -> T {
        let id = register(cleanUp)
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        if unregister(id) {
            _ = try? await offPool { cleanUp() }
        } else {
            // A signal's handler is running it (the body most likely failed because its child
            // got the signal too); it ends the process when done.
            _ = try? await offPool { while true { sleep(60) } }
        }
        return try outcome.get()
    }

    private func register(_ action: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            if sources.isEmpty {
                for number in Self.signals {
                    signal(number, SIG_IGN)  // delivered to the source below instead
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { [self] in interrupted(by: number) }
                    source.resume()
                    sources.append(source)
                }
            }
            lastID += 1
            actions.append((lastID, action))
            return lastID
        }
    }

    /// Whether the action was still registered (not already run by a signal).
    private func unregister(_ id: Int) -> Bool {
        lock.withLock {
            guard let index = actions.firstIndex(where: { $0.id == id }) else { return false }
            actions.remove(at: index)
            return true
        }
    }

    private func interrupted(by signal: Int32) {
        let pending = lock.withLock {
            defer { actions = [] }
            return actions
        }
        log("signal \(signal): cleaning up before exiting")
        for entry in pending.reversed() { entry.action() }
        exit(128 + signal)
    }
}

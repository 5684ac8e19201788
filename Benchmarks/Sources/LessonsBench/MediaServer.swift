import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The server both `lessons` and curl download from in the throughput runs: nginx on a free
/// loopback port serving a folder (when nginx is installed), else `lessons serve` (synthetic media).
final class StaticMediaServer: @unchecked Sendable {
    let base: URL
    let root: URL?
    let kind: String
    private let process: Process

    private init(base: URL, root: URL?, kind: String, process: Process) {
        self.base = base
        self.root = root
        self.kind = kind
        self.process = process
    }

    static func nginxPath() -> String? {
        for path in ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx", "/usr/local/bin/nginx"]
        where FileManager.default.isExecutableFile(atPath: path) { return path }
        return nil
    }

    /// `Benchmarks/nginx.conf.template` (which `ab-small.sh --nginx` fills in too) for `root` on
    /// `port`, with nginx's own files under `work`; with `tls`, `Benchmarks/nginx-https.conf.template`.
    static func nginxConfiguration(root: String, port: Int, work: String, tls: TLSFiles? = nil) throws -> String {
        let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Sources/LessonsBench
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(tls == nil ? "nginx.conf.template" : "nginx-https.conf.template")
        return try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@WORK@", with: work)
            .replacingOccurrences(of: "@PORT@", with: String(port))
            .replacingOccurrences(of: "@ROOT@", with: root)
            .replacingOccurrences(of: "@CERT@", with: tls?.certificate.path ?? "")
            .replacingOccurrences(of: "@KEY@", with: tls?.key.path ?? "")
    }

    /// nginx serving `root` at `http://127.0.0.1:PORT/` (with `tls`, at `https://127.0.0.1:PORT/`),
    /// one worker, sendfile, no access log.
    static func nginx(_ binary: String, root: URL, work: URL, tls: TLSFiles? = nil) throws -> StaticMediaServer {
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for attempt in 0..<20 {
            let port = Int.random(in: 20_000...60_000)
            let conf = work.appendingPathComponent("nginx.conf")
            let temp = work.path
            try nginxConfiguration(root: root.path, port: port, work: temp, tls: tls).write(to: conf, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-c", conf.path, "-p", temp]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Listening once a connect succeeds; a port in use makes nginx exit.
            for _ in 0..<100 {
                if !process.isRunning { break }
                if canConnect(port: port) {
                    let scheme = tls == nil ? "http" : "https"
                    return StaticMediaServer(
                        base: URL(string: "\(scheme)://127.0.0.1:\(port)/")!, root: root,
                        kind: tls == nil ? "nginx" : "nginx over TLS", process: process)
                }
                usleep(20_000)
            }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            log("nginx did not start on port \(port) (attempt \(attempt + 1))")
        }
        throw BenchError.failed("nginx did not start (its log: \(work.path)/error.log)")
    }

    /// `lessons serve` (synthetic media at `scale`) on a free port, as a child process.
    static func lessonsServe(_ binary: String, scale: Double, work: URL) throws -> StaticMediaServer {
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let output = work.appendingPathComponent("serve.url")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0", "--media-size-scale", String(scale)]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<300 {
            if let text = try? String(contentsOf: output, encoding: .utf8), let line = text.split(separator: "\n").first,
                let api = URL(string: String(line)), let origin = URL(string: "/", relativeTo: api)?.absoluteURL
            {
                return StaticMediaServer(
                    base: origin.appendingPathComponent("media/", isDirectory: true), root: nil, kind: "lessons serve", process: process)
            }
            usleep(20_000)
        }
        process.terminate()
        throw BenchError.failed("lessons serve did not start")
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The URL of a media key under this server.
    func url(forKey key: String) -> URL { StaticMediaServerURLs(base: base).url(forKey: key) }

    static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }
}

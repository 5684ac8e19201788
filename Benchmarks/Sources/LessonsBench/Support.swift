import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One child process, timed: wall clock, CPU (user + system, from `wait4`) and peak RSS.
struct ProcessResult {
    var wall: Double
    var cpu: Double
    var peakRSSBytes: Int
    var status: Int32
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)
    var description: String {
        switch self {
        case .failed(let text): text
        }
    }
}

/// The `rusage-exec` helper next to this executable: children are forked from it, so that their
/// peak RSS is their own (Linux keeps ru_maxrss across execve; see its main.c).
let rusageExec: String = {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return me.deletingLastPathComponent().appendingPathComponent("rusage-exec").path
}()

/// Runs `argv` (argv[0] a path, or a name looked up in PATH) through `rusage-exec`, stdout to
/// `stdout` (a file path, default /dev/null), stderr to `stderr`; returns its wall time, CPU and
/// peak RSS. Blocking: call it through ``offPool(_:)``.
func spawnAndWait(_ argv: [String], stdout: String = "/dev/null", stderr: String = "/dev/null") throws -> ProcessResult {
    guard FileManager.default.isExecutableFile(atPath: rusageExec) else {
        throw BenchError.failed("\(rusageExec) is missing: swift build -c release --product rusage-exec")
    }
    let resultFile = NSTemporaryDirectory() + "lessons-bench-rusage-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    defer { unlink(resultFile) }
    let full = [rusageExec, resultFile, stdout, stderr] + argv
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The signals the suite handles itself (``Interruption``: ignored, and blocked for its signal
    // sources) back to their default and unblocked in the child, so that Ctrl-C still stops it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    var unblocked = sigset_t()
    sigemptyset(&defaults)
    sigemptyset(&unblocked)
    for signal in Interruption.signals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let cArgs: [UnsafeMutablePointer<CChar>?] = full.map { strdup($0) } + [nil]
    defer { for pointer in cArgs { free(pointer) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, rusageExec, &actions, &attributes, cArgs, environ)
    guard rc == 0 else { throw BenchError.failed("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw BenchError.failed("waitpid: \(errno)") }
    }
    let fields = ((try? String(contentsOfFile: resultFile, encoding: .utf8)) ?? "").split(separator: " ")
    guard fields.count == 4, let wall = Double(fields[0]), let cpu = Double(fields[1]), let rss = Int(fields[2]),
        let exit = Int32(fields[3].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        throw BenchError.failed("rusage-exec gave no result for \(argv.joined(separator: " "))")
    }
    return ProcessResult(wall: wall, cpu: cpu, peakRSSBytes: rss * 1024, status: exit)
}

/// Runs `argv` (through ``spawnAndWait(_:stdout:stderr:)``) and throws, with the start of its
/// error output, when it exits other than 0. Blocking: call it through ``offPool(_:)``.
func runChecked(_ argv: [String], stdout: String = "/dev/null") throws {
    let errors = NSTemporaryDirectory() + "lessons-bench-stderr-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    defer { unlink(errors) }
    let result = try spawnAndWait(argv, stdout: stdout, stderr: errors)
    if result.status != 0 {
        let text = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        throw BenchError.failed("\(argv.joined(separator: " ")) exited \(result.status): \(text.suffix(600))")
    }
}

/// Runs blocking work on a thread of its own, off the cooperative pool (the in-process server
/// needs that pool while a child process or a tight loop runs).
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

extension Duration {
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Times an async body once, in seconds.
func time(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).seconds
}

/// Times a synchronous body once, in seconds.
func timeSync(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start).seconds
}

func log(_ text: String) {
    FileHandle.standardError.write(Data("· \(text)\n".utf8))
}

/// A fresh folder under `parent`, removed by ``cleanUp()``.
func freshFolder(_ parent: URL, _ name: String) throws -> URL {
    let url = parent.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

// MARK: Formatting

func ms(_ seconds: Double) -> String {
    if seconds.isNaN { return "n/a" }
    let value = seconds * 1000
    if value >= 100 { return String(format: "%.0f ms", value) }
    if value >= 1 { return String(format: "%.2f ms", value) }
    if value >= 0.01 { return String(format: "%.3f ms", value) }
    return String(format: "%.2f µs", value * 1000)
}

func secs(_ seconds: Double) -> String { String(format: "%.2f s", seconds) }
func mib(_ bytes: Int) -> String { String(format: "%.0f MiB", Double(bytes) / 1_048_576) }
func mbps(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.0f MB/s", Double(bytes) / 1e6 / seconds) }
func times(_ value: Double) -> String {
    if value.isNaN || value.isInfinite { return "n/a" }
    if value >= 100 { return String(format: "%.0f×", value) }
    if value >= 10 { return String(format: "%.1f×", value) }
    return String(format: "%.2f×", value)
}
func count(_ n: Int) -> String {
    if n >= 1000 && n % 1000 == 0 { return "\(n / 1000)k" }
    return "\(n)"
}

/// Bytes in the files under a folder (for the throughput of small-file runs).
func bytesUnder(_ url: URL) -> Int {
    var total = 0
    let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
    while let next = enumerator?.nextObject() as? URL {
        if let values = try? next.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]), values.isRegularFile == true {
            total += values.fileSize ?? 0
        }
    }
    return total
}

func filesUnder(_ url: URL) -> Int {
    var total = 0
    let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
    while let next = enumerator?.nextObject() as? URL {
        if (try? next.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { total += 1 }
    }
    return total
}

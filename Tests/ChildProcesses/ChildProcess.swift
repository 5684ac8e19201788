import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process the tests start: `lessons`, chromedriver, mount(8).
///
/// Started with `posix_spawn`, not Foundation's `Process`: on Linux, `Process.run()` reads
/// `/proc/self/fd` to find the highest open descriptor and copies each entry's name as a whole
/// 256-byte field. The test process holds up to about 1,800 descriptors while the suite runs in
/// parallel (each test's server, its connections); from about 1,360 the last entry of that folder
/// ends at the end of its read buffer, the copy runs past the mapping, and the whole test process
/// dies (SIGSEGV in `__memcpy` under `Process.run`, seen in CI). Here the child closes every
/// descriptor above standard error itself (`closefrom`), with nothing to read first.
///
/// The names follow `Process` (`isRunning`, `processIdentifier`, `terminationStatus`), so a test
/// reads the same either way.
public final class ChildProcess: @unchecked Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created or truncated.
        case file(URL)
        /// A descriptor of the test process (a pipe's end, `/dev/full`), duplicated into the child.
        case descriptor(Int32)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    public let processIdentifier: pid_t
    private let lock = NSLock()
    /// The raw wait status, once the child has been reaped.
    private var waitStatus: Int32?
    /// The highest resident set seen in the child's `/proc` entry, in bytes.
    private var residentHighWater = 0

    /// Starts `executable` with `arguments`; `environment` nil keeps the test process's own.
    public init(
        _ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, stream) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .file(let url): posix_spawn_file_actions_addopen(&actions, target, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if let currentDirectory {
            #if canImport(Glibc)
            try GlibcSpawn.addChdir(&actions, currentDirectory.path)
            #else
            posix_spawn_file_actions_addchdir_np(&actions, currentDirectory.path)
            #endif
        }
        // Default signal handling and no blocked signal in the child, whatever the test process set.
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Glibc)
        try GlibcSpawn.addCloseFrom(&actions, 3)
        #else
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let pairs = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = pairs.map { strdup($0) } + [nil]
        defer { for pair in envp { free(pair) } }

        var pid = pid_t()
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(executable.path): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
    }

    deinit {
        // Reap a child that was never waited for, so it does not stay a zombie.
        if waitStatus == nil {
            var status: Int32 = 0
            _ = waitpid(processIdentifier, &status, WNOHANG)
        }
    }

    /// Whether the child still runs; reaps it once it has ended.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if waitStatus != nil { return false }
        var status: Int32 = 0
        let result = waitpid(processIdentifier, &status, WNOHANG)
        if result == processIdentifier {
            waitStatus = status
            return false
        }
        return result == 0
    }

    /// Blocks the calling thread until the child ends.
    public func waitUntilExit() {
        lock.lock()
        defer { lock.unlock() }
        while waitStatus == nil {
            var status: Int32 = 0
            let result = waitpid(processIdentifier, &status, 0)
            if result == processIdentifier {
                waitStatus = status
            } else if result == -1, errno != EINTR {
                return
            }
        }
    }

    /// Waits for the child to end without blocking a thread (the in-process servers a child talks
    /// to need the test's cooperative threads).
    public func exit() async {
        while isRunning {
            sampleResident()
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Reads the child's resident high-water mark (`VmHWM` in `/proc/<pid>/status`) while it runs.
    /// `wait4`'s `ru_maxrss` would not do: after `posix_spawn`'s vfork it counts the test
    /// process's own memory. Growth after the last sample is missed; ``exit()`` samples every 5 ms.
    public func sampleResident() {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return }
        lock.lock()
        defer { lock.unlock() }
        if waitStatus == nil { residentHighWater = max(residentHighWater, kilobytes * 1024) }
        #endif
    }

    /// The highest resident set sampled (``sampleResident()``), in bytes; nil if none was.
    public var peakResidentBytes: Int? {
        lock.lock()
        defer { lock.unlock() }
        return residentHighWater > 0 ? residentHighWater : nil
    }

    /// The exit code, or the number of the signal that ended the child, as `Process` reports it;
    /// -1 while it runs.
    public var terminationStatus: Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard let status = waitStatus else { return -1 }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// Sends SIGTERM.
    public func terminate() {
        kill(processIdentifier, SIGTERM)
    }
}

#if canImport(Glibc)
/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29) and `…_addclosefrom_np` (2.34), which
/// its Swift module does not import: looked up by name.
private enum GlibcSpawn {
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let addChdirFunction = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
    private static let addCloseFromFunction = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
    }

    private static func missing(_ name: String) -> ChildProcess.SpawnError {
        ChildProcess.SpawnError(description: "this C library has no posix_spawn_file_actions_\(name)_np (glibc 2.34 or later has it)")
    }

    static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) throws {
        guard let function = addChdirFunction else { throw missing("addchdir") }
        _ = function(actions, path)
    }

    static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) throws {
        guard let function = addCloseFromFunction else { throw missing("addclosefrom") }
        _ = function(actions, lowest)
    }
}
#endif

import Foundation
import LessonsServer
import OfflineLessons

#if canImport(Glibc)
import Glibc
#endif

// lessons-bench: the OfflineLessons benchmark suite. Every figure is printed beside its baseline,
// measured in the same run, and its target (met or not). See the README's "Performance" section.

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("lessons-bench: \(error)\n".utf8))
    exit(2)
}
guard FileManager.default.isExecutableFile(atPath: options.lessonsBinary) else {
    FileHandle.standardError.write(Data("lessons-bench: --lessons PATH (the release lessons binary) is required\n".utf8))
    exit(2)
}

let report = Report()
let tmpfs = try freshFolder(options.tmpfs, "lessons-bench-\(getpid())")
let disk = try freshFolder(options.disk, "lessons-bench-\(getpid())")
let started = ContinuousClock.now
/// The 1-minute load average: the machine is shared, and the figures move with it.
func load() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
}
let loadBefore = load()
var failure: (any Error)?
do {
    let server = try ContentServer(configuration: .init(mediaSizeScale: 0.00001))
    let shas = server.catalog.shas
    try await server.withRunning { running in
        let bench = Bench(options: options, report: report, server: running, tmpfs: tmpfs, disk: disk, shas: shas)
        for (name, section) in [
            ("throughput", bench.throughput), ("floor", bench.durableFloor),
            ("registry/status/sync", bench.registryStatusSync), ("shas", bench.shasLibrary), ("https", bench.https),
        ] as [(String, @Sendable () async throws -> Void)] {
            do {
                try await section()
            } catch {
                await report.note("section \(name) failed: \(error)")
            }
        }
    }
} catch {
    failure = error
}
// LESSONS_BENCH_KEEP=1 keeps the libraries (to profile a command on them afterwards).
if ProcessInfo.processInfo.environment["LESSONS_BENCH_KEEP"] != "1" {
    try? FileManager.default.removeItem(at: tmpfs)
    try? FileManager.default.removeItem(at: disk)
} else {
    FileHandle.standardError.write(Data("lessons-bench: kept \(tmpfs.path) and \(disk.path)\n".utf8))
}

func machine() -> String {
    var name = utsname()
    uname(&name)
    let release = withUnsafePointer(to: name.release) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
    return "\(cores) cores (nproc), \(String(format: "%.0f", memory)) GiB, Linux \(release)"
}

let mode = options.quick ? "--quick" : "full"
let elapsed = (ContinuousClock.now - started).seconds
let header =
    "lessons-bench (\(mode)), \(machine()), \(String(format: "%.0f", elapsed)) s, load average \(loadBefore) before and \(load()) after, tmpfs \(options.tmpfs.path), disk \(options.disk.path)"
let table = await report.markdown(header: header)
print(table)
if let path = options.output { try? (table + "\n").write(toFile: path, atomically: true, encoding: .utf8) }
if let failure {
    FileHandle.standardError.write(Data("lessons-bench: \(failure)\n".utf8))
    exit(1)
}

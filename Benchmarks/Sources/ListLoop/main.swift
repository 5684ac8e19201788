import Foundation
import OfflineLessons

// list-loop: calls `downloads()` of one library over and over, for `perf record` (not a
// benchmark: lessons-bench --only shas prints the figures against their targets).
//
//   list-loop LIBRARY [ROUNDS] [--no-sync] [--fresh]
//
// --no-sync: `downloads(sync: false)` (the registry read alone). --fresh: a newly opened library
// each round (its quick sync lists every folder). Prints the median and the fastest call.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: list-loop LIBRARY [ROUNDS] [--no-sync] [--fresh]\n".utf8))
    exit(2)
}
let rounds = arguments.dropFirst().compactMap { Int($0) }.first ?? 50
let sync = !arguments.contains("--no-sync")
let fresh = arguments.contains("--fresh")
let root = URL(fileURLWithPath: path, isDirectory: true)
var library = try await LessonLibrary(root: root)
var seconds: [Double] = []
var count = 0
for _ in 0..<rounds {
    if fresh { library = try await LessonLibrary(root: root) }
    let start = ContinuousClock.now
    count = try await library.downloads(sync: sync).count
    let elapsed = ContinuousClock.now - start
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
seconds.sort()
print(
    String(
        format: "%d lessons, %d calls: median %.2f ms, fastest %.2f ms", count, rounds,
        seconds[seconds.count / 2] * 1000, seconds[0] * 1000))

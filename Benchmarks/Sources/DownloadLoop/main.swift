import Foundation
import OfflineLessons

// download-loop: downloads lessons one at a time into a library, as the registry benchmark does
// (`download([one lesson], media: .audio)` to its summary), for `perf record` (not a benchmark:
// lessons-bench --only registry prints the figures against their targets).
//
//   download-loop LIBRARY API_BASE [SELECTOR] [--media-base URL]
//
// API_BASE: a `lessons serve` (LESSONS_TOKEN=t lessons serve --port 18080 --media-size-scale 0.00001
// serves http://127.0.0.1:18080/api/). Prints the median and the fastest download.
var arguments = Array(CommandLine.arguments.dropFirst())
var mediaBase: URL?
if let index = arguments.firstIndex(of: "--media-base"), index + 1 < arguments.count {
    mediaBase = URL(string: arguments[index + 1])
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count >= 2, let api = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: download-loop LIBRARY API_BASE [SELECTOR] [--media-base URL]\n".utf8))
    exit(2)
}
let selector = try LessonSelector(parsing: arguments.count > 2 ? arguments[2] : "gemara:berakhot")
let client = CatalogClient(configuration: .init(apiBase: api, token: "t"))
let library = try await LessonLibrary(
    root: URL(fileURLWithPath: arguments[0], isDirectory: true), client: client,
    configuration: .init(mediaBase: mediaBase))
let lessons = try await library.lessons(for: [selector])
var seconds: [Double] = []
for lesson in lessons {
    let start = ContinuousClock.now
    let run = try await library.download([lesson], media: .audio)
    for await _ in run {}
    let summary = await run.summary
    guard summary.downloaded > 0, summary.failed.isEmpty else {
        FileHandle.standardError.write(Data("download of \(lesson.id) failed: \(summary.failed)\n".utf8))
        exit(1)
    }
    let elapsed = ContinuousClock.now - start
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
let sorted = seconds.dropFirst().sorted()  // the first one opens the connection
print(
    String(
        format: "%d downloads: median %.3f ms, fastest %.3f ms", sorted.count,
        sorted[sorted.count / 2] * 1000, sorted[0] * 1000))

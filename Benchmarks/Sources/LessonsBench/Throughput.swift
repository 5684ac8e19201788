import Foundation
import OfflineLessons

/// Download throughput: `lessons download` (whole process) against curl on the same files from
/// the same server, in the same run, alternating, median of the rounds.
extension Bench {
    /// The media keys of lessons (audio, and the PDF that comes along), as `(key, lesson)`.
    static func keys(_ lessons: [PlacedLesson]) -> [String] {
        lessons.flatMap { [$0.lesson.audio, $0.lesson.page].compactMap { $0 } }
    }

    /// Where the throughput runs download from. With nginx: a folder on tmpfs holding the files
    /// under their keys (big audio written here; small files fetched once from the in-process server).
    /// Big files are served under `/big/`, small ones under `/small/` (a lesson can be in both sets).
    func startMediaServer(big: [PlacedLesson], small: [PlacedLesson]) async throws -> StaticMediaServer? {
        guard options.useNginx, let nginx = StaticMediaServer.nginxPath() else { return nil }
        let top = try freshFolder(tmpfs, "nginx-root")
        let root = top.appendingPathComponent("big")
        log("writing \(big.count) file(s) of \(mib(options.bigBytes)) and fetching \(Self.keys(small).count) small files for nginx")
        try await offPool { [options] in
            var block = [UInt8](repeating: 0, count: 1 << 20)
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for index in block.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                block[index] = UInt8(truncatingIfNeeded: state >> 33)
            }
            for placed in big {
                guard let key = placed.lesson.audio else { continue }
                let url = root.appendingPathComponent(key)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: url.path, contents: nil)
                let handle = try FileHandle(forWritingTo: url)
                var written = 0
                var round: UInt8 = 0
                while written < options.bigBytes {
                    let n = min(block.count, options.bigBytes - written)
                    block[0] = round
                    round &+= 1
                    try handle.write(contentsOf: block[0..<n])
                    written += n
                }
                try handle.close()
                if let page = placed.lesson.page {
                    let pdf = root.appendingPathComponent(page)
                    try FileManager.default.createDirectory(at: pdf.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(repeating: 0x25, count: 4096).write(to: pdf)
                }
            }
        }
        // The small files: the in-process server's own bytes, placed under their keys.
        let keys = Self.keys(small)
        let sources = StaticMediaServerURLs(base: server.mediaBase)
        let fetched = tmpfs.appendingPathComponent("nginx-fetch")
        if !keys.isEmpty {  // `--only throughput` has none, and curl given no URL exits 2
            _ = try await curl(keys.map { (sources.url(forKey: $0), $0) }, into: fetched)
        }
        for (index, key) in keys.enumerated() {
            let target = top.appendingPathComponent("small").appendingPathComponent(key)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: fetched.appendingPathComponent("\(index)"), to: target)
        }
        return try StaticMediaServer.nginx(nginx, root: top, work: tmpfs.appendingPathComponent("nginx-work"))
    }

    func throughput() async throws {
        let wantBig = options.runs("throughput")
        let wantSmall = options.runs("small")
        guard wantBig || wantSmall else { return }
        let big = wantBig ? try await lessons(["gemara:berakhot:2-5"]) : []
        let smallTmpfs = wantSmall ? try await lessons(options.smallMasechtot.map { "gemara:\($0)" }) : []
        let diskSelectors = options.diskMasechtot.isEmpty ? gemaraSelectors : options.diskMasechtot.map { "gemara:\($0)" }
        let smallDisk = wantSmall ? try await lessons(diskSelectors) : []
        var seen = Set<LessonID>()
        let allSmall = (smallTmpfs + smallDisk).filter { seen.insert($0.id).inserted }

        let nginx = try await startMediaServer(big: big, small: allSmall)
        defer { nginx?.stop() }
        let smallSource: StaticMediaServerURLs =
            nginx.map { StaticMediaServerURLs(base: $0.base.appendingPathComponent("small/", isDirectory: true)) }
            ?? StaticMediaServerURLs(base: server.mediaBase)
        let sourceName =
            nginx != nil
            ? "nginx"
            : "`lessons serve` (nginx is not installed: big files from a `lessons serve` process sized by --media-size-scale, small ones from the suite's in-process content server)"
        await report.note(
            "Throughput runs: both tools download from \(sourceName) on loopback; `lessons download --concurrency 3` vs `curl --parallel --parallel-max 3`; whole processes, CPU = user + system from wait4, peak RSS = ru_maxrss."
        )

        if wantBig {
            var bigSource = nginx
            var fallback: StaticMediaServer?
            if bigSource == nil {
                // `lessons serve` sized so that Berakhot 2's audio is about the big size.
                let scale = Double(options.bigBytes) / (Double(big[0].lesson.duration) * 16_000)
                fallback = try StaticMediaServer.lessonsServe(
                    options.lessonsBinary, scale: scale, work: tmpfs.appendingPathComponent("serve-big"))
                bigSource = fallback
            }
            defer { fallback?.stop() }
            try await bigRuns(
                big, source: bigSource!,
                base: nginx != nil ? bigSource!.base.appendingPathComponent("big/", isDirectory: true) : bigSource!.base)
        }
        if wantSmall {
            try await smallRuns(
                smallTmpfs, selectors: options.smallMasechtot.map { "gemara:\($0)" }, source: smallSource,
                where: tmpfs, label: "tmpfs", rounds: options.tmpfsSmallRounds, target: true)
            try await smallRuns(
                smallDisk, selectors: diskSelectors, source: smallSource, where: disk, label: "disk",
                rounds: options.smallRounds, target: false)
        }
    }

    private func bigRuns(_ big: [PlacedLesson], source: StaticMediaServer, base: URL) async throws {
        let urlsUnder = StaticMediaServerURLs(base: base)
        let template = try await template("big", selectors: big.map { "gemara/\($0.lesson.id)" }, mediaBase: base)
        for (label, lessons) in [("one file", Array(big.prefix(1))), ("3 at once", Array(big.dropFirst().prefix(3)))] {
            let urls = Self.keys(lessons).map { (urlsUnder.url(forKey: $0), $0) }
            var ours: [ProcessResult] = []
            var theirs: [ProcessResult] = []
            var bytes = 0
            for round in 0..<options.bigRounds {
                let work = try freshFolder(tmpfs, "big-run")
                log("\(label): round \(round + 1)/\(options.bigRounds)")
                theirs.append(try await curl(urls, into: work.appendingPathComponent("curl")))
                bytes = bytesUnder(work.appendingPathComponent("curl"))
                try FileManager.default.removeItem(at: work.appendingPathComponent("curl"))
                let library = work.appendingPathComponent("library")
                try copy(template, to: library)
                ours.append(try await lessonsDownload(lessons.map { "gemara/\($0.lesson.id)" }, library: library, mediaBase: base))
                let got = bytesUnder(library.appendingPathComponent("media"))
                if got != bytes { await report.note("\(label): lessons stored \(got) bytes, curl \(bytes)") }
                try FileManager.default.removeItem(at: work)
            }
            let oursWall = median(ours.map(\.wall))
            let curlWall = median(theirs.map(\.wall))
            let gib = Double(bytes) / Double(1 << 30)
            let size = lessons.count == 1 ? mib(bytes) : "\(lessons.count) × \(mib(bytes / lessons.count))"
            // The ratio is the median of each round's own (curl's time ÷ ours, measured one after
            // the other): the machine's speed drifts within a run, and a round's two figures share
            // its moment. The medians of each side are shown beside it.
            let ratio = median(zip(theirs, ours).map { $0.wall / $1.wall })
            await report.add(
                Row(
                    benchmark: "download \(label) (\(size), \(source.kind) → tmpfs): throughput vs curl",
                    ours: "\(secs(oursWall)), \(mbps(bytes, oursWall))", baseline: "\(secs(curlWall)), \(mbps(bytes, curlWall))",
                    ratio: times(ratio), target: label == "one file" ? "≥ 0.95×" : "—", met: label == "one file" ? ratio >= 0.95 : nil))
            let oursCPU = median(ours.map(\.cpu)) / gib
            let curlCPU = median(theirs.map(\.cpu)) / gib
            await report.add(
                Row(
                    benchmark: "download \(label): CPU seconds per GiB", ours: String(format: "%.2f s", oursCPU),
                    baseline: String(format: "%.2f s", curlCPU), ratio: times(oursCPU / curlCPU)))
            if label == "one file" {
                let oursRSS = ours.map(\.peakRSSBytes).max() ?? 0
                let curlRSS = theirs.map(\.peakRSSBytes).max() ?? 0
                await report.add(
                    Row(
                        benchmark: "download one file: peak RSS", ours: mib(oursRSS), baseline: mib(curlRSS),
                        ratio: times(Double(oursRSS) / Double(curlRSS))))
            }
        }
    }

    private func smallRuns(
        _ lessons: [PlacedLesson], selectors: [String], source: StaticMediaServerURLs, where parent: URL,
        label: String, rounds: Int, target: Bool
    ) async throws {
        let template = try await template("small-\(label)", selectors: selectors, mediaBase: source.base)
        let urls = Self.keys(lessons).map { (source.url(forKey: $0), $0) }
        var ours: [ProcessResult] = []
        var theirs: [ProcessResult] = []
        var again: [ProcessResult] = []
        var files = 0
        for round in 0..<rounds {
            log("small files on \(label): round \(round + 1)/\(rounds) (\(urls.count) files)")
            let work = try freshFolder(parent, "small-run")
            theirs.append(try await curl(urls, into: work.appendingPathComponent("curl")))
            let library = work.appendingPathComponent("library")
            try copy(template, to: library)
            ours.append(try await lessonsDownload(selectors, library: library, mediaBase: source.base))
            files = filesUnder(library.appendingPathComponent("media"))
            // The same command again, every file complete: what a run costs besides its files.
            again.append(try await lessonsDownload(selectors, library: library, mediaBase: source.base))
            try FileManager.default.removeItem(at: work)
        }
        if files != urls.count { await report.note("small files on \(label): lessons stored \(files) files, curl fetched \(urls.count)") }
        let oursWall = median(ours.map(\.wall))
        let curlWall = median(theirs.map(\.wall))
        let name =
            selectors.count > 5 ? "whole Gemara" : selectors.map { $0.replacingOccurrences(of: "gemara:", with: "") }.joined(separator: "+")
        await report.add(
            Row(
                benchmark: "download \(urls.count) small files (\(name), audio + PDF) → \(label): wall vs curl",
                ours: secs(oursWall), baseline: secs(curlWall), ratio: times(oursWall / curlWall),
                target: target ? "≤ 3×" : "—", met: target ? oursWall / curlWall <= 3 : nil))
        let oursCPU = median(ours.map(\.cpu)) / Double(urls.count)
        let curlCPU = median(theirs.map(\.cpu)) / Double(urls.count)
        await report.add(
            Row(
                benchmark: "download small files → \(label): CPU per file (wall per file: ours \(ms(oursWall / Double(urls.count))))",
                ours: ms(oursCPU), baseline: ms(curlCPU), ratio: times(oursCPU / curlCPU),
                target: target ? "ours ≤ 0.3 ms" : "—", met: target ? oursCPU <= 0.0003 : nil))
        let againCPU = median(again.map(\.cpu))
        await report.add(
            Row(
                benchmark:
                    "download small files → \(label): CPU per file beyond the same command with every file complete (start-up, catalog, registration of all)",
                ours: ms((median(ours.map(\.cpu)) - againCPU) / Double(urls.count)), baseline: "\(ms(againCPU)) a run", ratio: "—"))
        smallFileCounts.set(label, urls.count, wallPerFile: oursWall / Double(urls.count))
    }
}

/// Media URLs under a base (the key percent-encoded, `/` kept).
struct StaticMediaServerURLs: Sendable {
    let base: URL
    func url(forKey key: String) -> URL {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        let encoded = key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key
        return URL(string: base.absoluteString + encoded)!
    }
}

/// How many small files each run fetched, and the wall time per file, for the durable floor's rows.
final class SmallFileCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: (Int, Double)] = [:]
    func set(_ label: String, _ count: Int, wallPerFile: Double) { lock.withLock { values[label] = (count, wallPerFile) } }
    func get(_ label: String) -> (Int, Double)? { lock.withLock { values[label] } }
}

let smallFileCounts = SmallFileCounts()

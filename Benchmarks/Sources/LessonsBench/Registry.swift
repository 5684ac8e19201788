import Foundation
import OfflineLessons

#if canImport(Glibc)
import Glibc
#endif

/// Registry, status and sync at growing library sizes. Each library is populated through the
/// public API (`migrate(from:)` of a synthetic legacy container) on tmpfs, so that the figures are
/// the library's own cost, not the disk's.
extension Bench {
    func registryStatusSync() async throws {
        guard options.runs("registry") || options.runs("status") || options.runs("sync") else { return }
        let sizes = options.registrySizes.sorted()
        // The same lessons are downloaded into every library: identical work at every size.
        let targets = Array(try await lessons(["gemara:berakhot", "gemara:shabbat"]).prefix(options.downloadsPerSize))
        // The files come from nginx when it is installed, as in the throughput runs (else from the
        // suite's in-process server, which then shares this process's event loops and cores).
        let nginx = options.runs("registry") ? try await startMediaServer(big: [], small: targets) : nil
        defer { nginx?.stop() }
        let mediaBase = nginx.map { $0.base.appendingPathComponent("small/", isDirectory: true) }
        if options.runs("registry") {
            await report.note(
                "Registry runs: the files come from \(nginx != nil ? "nginx on loopback (as the throughput runs)" : "the suite's in-process content server (nginx is not installed)")."
            )
        }
        var perDownload: [Int: Double] = [:]
        var libraries: [(lessons: Int, files: Int, library: LessonLibrary)] = []
        for size in sizes {
            let root = try freshFolder(tmpfs, "registry-\(size)")
            let pdf = size >= 50_000  // the largest library holds 100k files, for sync
            let container = root.appendingPathComponent("container")
            log("registry: building a legacy container of \(size) lessons")
            var legacy = try await offPool { [shas] in try LegacyContainer.synthetic(at: container, count: size, pdf: pdf, shas: shas) }
            let library = try await library(at: root.appendingPathComponent("library"), mediaBase: mediaBase)
            _ = try await library.catalog()
            var migration: MigrationReport?
            let seconds = try await time { migration = try await library.migrate(from: container) }
            let files = migration?.adopted.count ?? 0
            await report.note(
                "Library of \(count(size)) lessons (\(files) files) populated by `migrate(from:)` in \(secs(seconds)) (\(ms(seconds / Double(max(files, 1)))) a file, tmpfs)."
            )

            if options.runs("registry") {
                var samples: [Double] = []
                for placed in targets {
                    samples.append(
                        try await time {
                            let run = try await library.download([placed], media: .audio)
                            for await _ in run {}
                            let summary = await run.summary
                            if summary.downloaded == 0 || !summary.failed.isEmpty {
                                throw BenchError.failed("download of \(placed.id) in a library of \(size): \(summary.failed)")
                            }
                        })
                }
                let ours = median(Array(samples.dropFirst()))  // the first one warms the connection up
                perDownload[size] = ours
                // Legacy: the whole downloadedLessons.json rewritten for each completed download.
                let folder = try freshFolder(root, "legacy")
                let writes = size >= 20_000 ? min(5, options.legacyWritesPerSize) : options.legacyWritesPerSize
                let legacySeconds = try await offPool { [legacy] in
                    var registry = legacy
                    var samples: [Double] = []
                    for index in 0..<writes {
                        registry.add(
                            type: .gemara, seder: 1, masechet: 1, chapter: 1,
                            lesson: LegacyRegistry.syntheticGemara(id: 900_001 + index, daf: 2, pdf: true))
                        samples.append(try timeSync { try registry.write(to: folder.appendingPathComponent("downloadedLessons.json")) })
                    }
                    return median(samples)
                }
                legacy = LegacyRegistry()
                let ratio = legacySeconds / ours
                // The target is set at 10k lessons (at the largest size up to 10k in a smaller run).
                let atTenK = size == sizes.last(where: { $0 <= 10_000 })
                await report.add(
                    Row(
                        benchmark:
                            "registry: complete one download (audio + PDF) in a library of \(count(size)) lessons vs rewriting downloadedLessons.json",
                        ours: ms(ours), baseline: ms(legacySeconds), ratio: "legacy ÷ ours " + times(ratio),
                        target: atTenK ? (size == 10_000 ? "≥ 500×" : "≥ 500× (set at 10k)") : "—", met: atTenK ? ratio >= 500 : nil))
            }
            libraries.append((size, files, library))
        }
        if options.runs("registry"), let first = sizes.first, let last = sizes.last, let a = perDownload[first], let b = perDownload[last] {
            await report.add(
                Row(
                    benchmark: "registry: growth of the per-download cost from \(count(first)) to \(count(last)) lessons",
                    ours: ms(b), baseline: ms(a), ratio: times(b / a), target: "≤ 1.5×", met: b / a <= 1.5))
        }
        if options.runs("status"), let chosen = libraries.last(where: { $0.lessons <= 10_000 }) {
            try await statusLookups(chosen.library, files: chosen.files, lessons: chosen.lessons)
        }
        if options.runs("sync") {
            for entry in libraries where entry.files >= 1_000 {
                try await syncVersusListing(entry.library, files: entry.files)
            }
        }
    }

    /// Status lookups against the legacy check (list the media folder, look for `{id}_aud.mp3`):
    /// through the batch read (`downloadedLessonIDs()` once, then a set lookup per question, the
    /// way a screen of many lessons asks) and through `isDownloaded(_:)`, one registry read each.
    private func statusLookups(_ library: LessonLibrary, files: Int, lessons: Int) async throws {
        let lookups = options.lookups
        let ids = (0..<lookups).map { 100_001 + ($0 &* 7_919) % (2 * lessons) }  // half present, half absent
        var found = 0
        var downloaded = Set<LessonID>()
        // The median of 5 (one run is about 8 ms: a single scheduling hiccup once tripled it).
        var batches: [Double] = []
        for _ in 0..<5 {
            found = 0
            batches.append(
                try await time {
                    downloaded = try await library.downloadedLessonIDs()
                    for id in ids where downloaded.contains(LessonID(.gemara, id)) { found += 1 }
                })
        }
        let batch = median(batches)
        var foundOneByOne = 0
        let oneByOneCount = min(lookups, 10_000)
        let oneByOne = try await time {
            for id in ids.prefix(oneByOneCount) where try await library.isDownloaded(LessonID(.gemara, id)) { foundOneByOne += 1 }
        }
        let expected = ids.prefix(oneByOneCount).filter { downloaded.contains(LessonID(.gemara, $0)) }.count
        if foundOneByOne != expected {
            throw BenchError.failed("status: isDownloaded found \(foundOneByOne) of the first \(oneByOneCount), the batch read \(expected)")
        }
        // The legacy folder: as many files, named as the legacy app named them.
        let folder = try freshFolder(tmpfs, "legacy-media")
        let listings = options.legacyListings
        let perListing = try await offPool {
            for index in 0..<files {
                FileManager.default.createFile(atPath: folder.appendingPathComponent("\(100_001 + index)_aud.mp3").path, contents: nil)
            }
            var hits = 0
            let seconds = try timeSync {
                for index in 0..<listings {
                    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    if names.contains("\(ids[index % ids.count])_aud.mp3") { hits += 1 }
                }
            }
            return seconds / Double(listings)
        }
        try? FileManager.default.removeItem(at: folder)
        let legacyTotal = perListing * Double(lookups)
        let ratio = legacyTotal / batch
        await report.add(
            Row(
                benchmark:
                    "status: \(count(lookups)) \"is downloaded?\" lookups, \(count(files)) files present (\(found) hits): `downloadedLessonIDs()` once + a set lookup each, vs listing the folder per lookup",
                ours: "\(ms(batch)) (\(ms(batch / Double(lookups))) each)", baseline: "\(secs(legacyTotal)) (\(ms(perListing)) each)",
                ratio: "legacy ÷ ours " + times(ratio), target: files == 10_000 ? "≥ 10,000×" : "≥ 10,000× (set at 10k files)",
                met: ratio >= 10_000))
        let perCall = oneByOne / Double(oneByOneCount)
        await report.add(
            Row(
                benchmark:
                    "status: `isDownloaded(_:)`, one registry read per lookup (\(count(oneByOneCount)) timed) vs listing the folder per lookup",
                ours: "\(ms(perCall)) each", baseline: "\(ms(perListing)) each", ratio: "legacy ÷ ours " + times(perListing / perCall)))
        await report.note(
            "Status baseline: \(listings) listings of a folder of \(files) files timed, extrapolated to \(count(lookups)) lookups (the legacy app listed the folder once per lookup, B14)."
        )
    }

    /// `sync()` of a library with nothing to change against a bare walk of its media folder.
    private func syncVersusListing(_ library: LessonLibrary, files: Int) async throws {
        var syncs: [Double] = []
        for _ in 0..<options.syncRounds {
            var report: SyncReport?
            syncs.append(try await time { report = try await library.sync() })
            if let changes = report?.changes, !changes.isEmpty { log("sync changed \(changes.count) item(s)") }
        }
        let media = library.root.appendingPathComponent("media").path
        let rounds = options.syncRounds
        let (names, sizes) = try await offPool {
            var a: [Double] = []
            var b: [Double] = []
            _ = Self.walk(media, sizes: true)  // warm the dentry and inode caches for both
            for _ in 0..<rounds {
                var n = 0
                a.append(timeSync { n = Self.walk(media, sizes: false) })
                b.append(timeSync { n = Self.walk(media, sizes: true) })
                if n == 0 { throw BenchError.failed("empty media folder \(media)") }
            }
            return (median(a), median(b))
        }
        let ours = median(syncs)
        await report.add(
            Row(
                benchmark: "sync (nothing to change), \(count(files)) files vs a bare walk of the folder: names only",
                ours: ms(ours), baseline: ms(names), ratio: times(ours / names)))
        await report.add(
            Row(
                benchmark: "sync, \(count(files)) files vs a bare walk: names and sizes (fstatat)",
                ours: ms(ours), baseline: ms(sizes), ratio: times(ours / sizes)))
    }

    /// Recursive readdir (and fstatat of each file with `sizes`); returns the files seen.
    static func walk(_ path: String, sizes: Bool) -> Int {
        guard let dir = opendir(path) else { return 0 }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        var files = 0
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) {
                files += walk(path + "/" + name, sizes: sizes)
            } else {
                if sizes {
                    var info = stat()
                    _ = fstatat(fd, name, &info, 0)
                }
                files += 1
            }
        }
        return files
    }
}

import Foundation
import OfflineLessons

/// The production path: media over HTTPS. In production, audio and PDFs come from a public S3
/// bucket and video from absolute https links; here nginx serves files the suite writes on tmpfs,
/// over TLS with a self-signed certificate the system trusts for the run (``SystemTrust``).
/// `lessons download`, curl and aria2c fetch the same URLs, 3 at a time, into tmpfs, one after
/// the other (the order rotated each round), none with an insecure flag. The catalog still
/// comes from the suite's in-process server over plain http: only the media path is measured.
extension Bench {
    /// A file nginx serves: its media key and medium, and how many bytes the suite writes for it.
    struct ServedFile: Sendable {
        var key: String
        var medium: MediaKind
        var bytes: Int
    }

    /// The lessons of a run, and the files served for them.
    struct ServedSet: Sendable {
        var lessons: [PlacedLesson]
        var files: [ServedFile]
    }

    /// What fetches the files in a round.
    enum Fetcher: String, CaseIterable {
        case curl, aria2c, lessons
    }

    /// Every round's run of each fetcher, and of `lessons download` again on its finished library
    /// (when asked for: every file complete, what a run costs beyond its files).
    struct RoundResults {
        var runs: [Fetcher: [ProcessResult]] = [:]
        var lessonsAgain: [ProcessResult] = []

        subscript(_ fetcher: Fetcher) -> [ProcessResult] { runs[fetcher] ?? [] }
    }

    func https() async throws {
        let wantMasechet = options.runs("https") || options.runs("https-masechet")
        let wantSmall = options.runs("https") || options.runs("https-small")
        guard wantMasechet || wantSmall else { return }
        if let missing = SystemTrust.missingRequirements() { throw BenchError.failed(missing) }
        guard let nginx = StaticMediaServer.nginxPath() else { throw BenchError.failed("nginx is not installed") }

        // A masechet as users fetch it: Berakhot's 63 dapim, an audio and a PDF each (the demo
        // catalog leaves out every thirteenth lesson's PDF), sized as production's files.
        let masechetLessons = wantMasechet ? try await lessons(["gemara:berakhot"]) : []
        let masechet = ServedSet(lessons: masechetLessons, files: Self.productionFiles(masechetLessons, scale: options.httpsScale))
        let smallLessons = wantSmall ? try await lessons(options.httpsSmall) : []
        let small = ServedSet(lessons: smallLessons, files: Self.smallFiles(smallLessons))

        // What the runs put on tmpfs (the served files, the key, nginx's and the runs' folders)
        // goes when they end, after a failure or a signal too; so do nginx and the trust.
        let folders = ["https-root", "https-tls", "https-nginx", "https-run", "https-check"].map { tmpfs.appendingPathComponent($0) }
        let removeFolders: @Sendable () -> Void = {
            for folder in folders { try? FileManager.default.removeItem(at: folder) }
        }
        try await Interruption.shared.whileRegistered(cleanUp: removeFolders) {
            let root = try freshFolder(tmpfs, "https-root")
            log(
                "writing \(masechet.files.count + small.files.count) files (\(mib(Self.total(masechet.files) + Self.total(small.files)))) for nginx over TLS"
            )
            try await offPool {
                try Self.writeServed(masechet.files, under: root.appendingPathComponent("masechet"))
                try Self.writeServed(small.files, under: root.appendingPathComponent("small"))
            }
            let secrets = try freshFolder(tmpfs, "https-tls")
            let tls = try await offPool { try TLSFiles.selfSigned(in: secrets) }
            let trust = try await offPool { try SystemTrust.install(tls.certificate) }
            try await Interruption.shared.whileRegistered(cleanUp: trust.remove) {
                let work = tmpfs.appendingPathComponent("https-nginx")
                let server = try await offPool { try StaticMediaServer.nginx(nginx, root: root, work: work, tls: tls) }
                try await Interruption.shared.whileRegistered(cleanUp: server.stop) {
                    try await measure(server, masechet: masechet, small: small)
                }
            }
        }
    }

    /// The trust check, then the runs, against nginx over TLS.
    private func measure(_ server: StaticMediaServer, masechet: ServedSet, small: ServedSet) async throws {
        // The trust check fetches a small file when there are some.
        let (probe, folder) = small.lessons.isEmpty ? (masechet.lessons[0], "masechet/") : (small.lessons[0], "small/")
        try await checkTrust(server, lesson: probe, under: folder)
        await report.note(
            "HTTPS runs: nginx (one worker, HTTP/1.1 over TLS 1.2/1.3, RSA 2048 certificate made by openssl for the run and trusted through the system's store, /usr/local/share/ca-certificates + update-ca-certificates) on loopback, files on tmpfs; `lessons download --concurrency 3` (catalog cached in its library, on tmpfs), `curl --parallel --parallel-max 3` and `aria2c -j 3 -x 1` fetch the same URLs into tmpfs, in turn, the order rotated each round. All three accepted the certificate with no insecure flag. Ratios: the median of each round's own ratio (the medians of each side beside it)."
        )
        if !masechet.files.isEmpty {
            try await masechetRuns(masechet.files, base: server.base.appendingPathComponent("masechet/", isDirectory: true))
        }
        if !small.files.isEmpty {
            try await smallHTTPSRuns(small.files, base: server.base.appendingPathComponent("small/", isDirectory: true))
        }
    }

    /// Every client must accept the certificate through the system's store alone (nothing
    /// measured otherwise): curl at 127.0.0.1 and at localhost, aria2c, and `lessons download` of one lesson.
    private func checkTrust(_ server: StaticMediaServer, lesson: PlacedLesson, under folder: String) async throws {
        let base = server.base.appendingPathComponent(folder, isDirectory: true)
        guard let key = lesson.lesson.audio else { throw BenchError.failed("lesson \(lesson.id) has no audio") }
        let url = StaticMediaServerURLs(base: base).url(forKey: key)
        var byName = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        byName.host = "localhost"
        let scratch = try freshFolder(tmpfs, "https-check")
        for (client, argv) in [
            ("curl", ["curl", "-sS", "--fail", "-o", "/dev/null", url.absoluteString]),
            ("curl", ["curl", "-sS", "--fail", "-o", "/dev/null", byName.url!.absoluteString]),
            ("aria2c", ["aria2c", "--quiet", "--dir", scratch.path, "--allow-overwrite=true", url.absoluteString]),
        ] {
            do {
                try await offPool { try runChecked(argv) }
            } catch {
                throw BenchError.failed("\(client) does not accept the suite's certificate through the system's trust store: \(error)")
            }
        }
        do {
            _ = try await lessonsDownload(
                ["gemara/\(lesson.lesson.id)"], library: scratch.appendingPathComponent("library"), mediaBase: base)
        } catch {
            throw BenchError.failed("`lessons download` over HTTPS failed (the suite's certificate not accepted?): \(error)")
        }
    }

    /// The masechet: one library's `lessons download gemara:berakhot` against curl and aria2c.
    private func masechetRuns(_ files: [ServedFile], base: URL) async throws {
        let selectors = ["gemara:berakhot"]
        let template = try await template("https-masechet", selectors: selectors, mediaBase: base)
        let results = try await rounds(
            "HTTPS masechet", files: files, selectors: selectors, template: template, base: base,
            count: options.httpsRounds)
        let ours = results[.lessons]
        let curl = results[.curl]
        let aria2 = results[.aria2c]
        let bytes = Self.total(files)
        let audio = files.filter { $0.medium == .audio }
        let pdfs = files.filter { $0.medium == .text }
        let what =
            "Berakhot's \(audio.count) dapim: audio of \(Self.range(audio)), \(pdfs.count) PDFs of \(Self.range(pdfs)), \(mib(bytes))"
        func throughput(_ results: [ProcessResult]) -> String {
            let wall = median(results.map(\.wall))
            return "\(secs(wall)), \(mbps(bytes, wall))"
        }
        let versusCurl = Self.pairedRatio(ours, curl)
        await report.add(
            Row(
                benchmark: "HTTPS masechet (\(what); nginx over TLS → tmpfs, 3 at a time): `lessons download` wall vs curl",
                ours: throughput(ours), baseline: throughput(curl), ratio: times(versusCurl), target: "≤ 0.9×", met: versusCurl <= 0.9))
        await report.add(
            Row(
                benchmark: "HTTPS masechet: wall vs aria2c", ours: throughput(ours), baseline: throughput(aria2),
                ratio: times(Self.pairedRatio(ours, aria2))))
        let cpu = median(ours.map(\.cpu))
        let curlCPU = median(curl.map(\.cpu))
        await report.add(
            Row(
                benchmark: "HTTPS masechet: CPU, user + system (aria2c: \(secs(median(aria2.map(\.cpu)))))",
                ours: secs(cpu), baseline: secs(curlCPU), ratio: times(cpu / curlCPU)))
        // The highest of the rounds: a phone has to hold the worst one.
        let rss = ours.map(\.peakRSSBytes).max() ?? 0
        let curlRSS = curl.map(\.peakRSSBytes).max() ?? 0
        await report.add(
            Row(
                benchmark:
                    "HTTPS masechet: peak RSS of `lessons download` (highest of the rounds) vs curl's (aria2c: \(mib(aria2.map(\.peakRSSBytes).max() ?? 0)))",
                ours: mib(rss), baseline: mib(curlRSS), ratio: times(Double(rss) / Double(curlRSS)),
                target: "≤ 64 MiB", met: rss <= 64 << 20))
    }

    /// Many small files over HTTPS: what a run costs per file once every request carries TLS.
    private func smallHTTPSRuns(_ files: [ServedFile], base: URL) async throws {
        let selectors = options.httpsSmall
        let template = try await template("https-small", selectors: selectors, mediaBase: base)
        let results = try await rounds(
            "HTTPS small files", files: files, selectors: selectors, template: template, base: base,
            count: options.httpsSmallRounds, repeatingLessons: true)
        let ours = results[.lessons]
        let curl = results[.curl]
        let aria2 = results[.aria2c]
        let name = selectors.map { $0.replacingOccurrences(of: "gemara:", with: "") }.joined(separator: "+")
        let wall = { (results: [ProcessResult]) in secs(median(results.map(\.wall))) }
        let versusCurl = Self.pairedRatio(ours, curl)
        await report.add(
            Row(
                benchmark:
                    "HTTPS \(files.count) small files (\(name), audio + PDF of \(Self.range(files))) → tmpfs, 3 at a time: wall vs curl",
                ours: wall(ours), baseline: wall(curl), ratio: times(versusCurl), target: "≤ 2×", met: versusCurl <= 2))
        await report.add(
            Row(
                benchmark: "HTTPS small files: wall vs aria2c", ours: wall(ours), baseline: wall(aria2),
                ratio: times(Self.pairedRatio(ours, aria2))))
        let perFile = { (results: [ProcessResult]) in median(results.map(\.cpu)) / Double(files.count) }
        await report.add(
            Row(
                benchmark: "HTTPS small files: CPU per file vs curl (aria2c: \(ms(perFile(aria2))))",
                ours: ms(perFile(ours)), baseline: ms(perFile(curl)), ratio: times(perFile(ours) / perFile(curl))))
        let againCPU = median(results.lessonsAgain.map(\.cpu))
        await report.add(
            Row(
                benchmark:
                    "HTTPS small files: CPU per file beyond the same command with every file complete (start-up, catalog, registration of all)",
                ours: ms((median(ours.map(\.cpu)) - againCPU) / Double(files.count)), baseline: "\(ms(againCPU)) a run", ratio: "—"))
    }

    /// `count` rounds of the three fetchers on `files`, each into a fresh folder on tmpfs (removed
    /// after it), every run checked to have stored every file whole; with `repeatingLessons`,
    /// `lessons download` runs again on its finished library.
    private func rounds(
        _ label: String, files: [ServedFile], selectors: [String], template: URL, base: URL,
        count: Int, repeatingLessons: Bool = false
    ) async throws -> RoundResults {
        let urls = files.map { (StaticMediaServerURLs(base: base).url(forKey: $0.key), $0.key) }
        let bytes = Self.total(files)
        var results = RoundResults()
        for round in 0..<count {
            let order = (0..<Fetcher.allCases.count).map { Fetcher.allCases[($0 + round) % Fetcher.allCases.count] }
            log("\(label): round \(round + 1)/\(count) (\(order.map(\.rawValue).joined(separator: ", ")))")
            for fetcher in order {
                let work = try freshFolder(tmpfs, "https-run")
                let result: ProcessResult
                let stored: URL
                switch fetcher {
                case .curl:
                    stored = work.appendingPathComponent("out")
                    result = try await curl(urls, into: stored, token: false)
                case .aria2c:
                    stored = work.appendingPathComponent("out")
                    result = try await aria2(urls, into: stored)
                case .lessons:
                    let library = work.appendingPathComponent("library")
                    try copy(template, to: library)
                    result = try await lessonsDownload(selectors, library: library, mediaBase: base)
                    stored = library.appendingPathComponent("media")
                }
                let (storedFiles, storedBytes) = (filesUnder(stored), bytesUnder(stored))
                if storedFiles != files.count || storedBytes != bytes {
                    throw BenchError.failed(
                        "\(label): \(fetcher.rawValue) stored \(storedFiles) files of \(storedBytes) bytes, not \(files.count) of \(bytes)")
                }
                results.runs[fetcher, default: []].append(result)
                if fetcher == .lessons && repeatingLessons {
                    let library = work.appendingPathComponent("library")
                    results.lessonsAgain.append(try await lessonsDownload(selectors, library: library, mediaBase: base))
                }
                try FileManager.default.removeItem(at: work)
            }
        }
        return results
    }

    /// The median of each round's own ratio, ours ÷ theirs (a round's runs share its moment; the
    /// machine's speed drifts within a run).
    static func pairedRatio(_ ours: [ProcessResult], _ theirs: [ProcessResult]) -> Double {
        median(zip(ours, theirs).map { $0.wall / $1.wall })
    }

    // MARK: The served files

    /// Files sized as production's: an audio of 10–16 MiB and a PDF of 150–400 KiB a daf (times
    /// `scale`), each size picked by the lesson's id, the same in every run.
    static func productionFiles(_ lessons: [PlacedLesson], scale: Double) -> [ServedFile] {
        lessons.flatMap { placed -> [ServedFile] in
            let id = placed.lesson.id
            let audio = placed.lesson.audio.map {
                ServedFile(key: $0, medium: .audio, bytes: Int(Double(spread(id, 1, 10 << 20, 16 << 20)) * scale))
            }
            let page = placed.lesson.page.map {
                ServedFile(key: $0, medium: .text, bytes: Int(Double(spread(id, 2, 150 << 10, 400 << 10)) * scale))
            }
            return [audio, page].compactMap { $0 }
        }
    }

    /// Files of about 1 KiB (768 to 1,280 bytes, by the lesson's id), as the demo catalog's tiny media.
    static func smallFiles(_ lessons: [PlacedLesson]) -> [ServedFile] {
        lessons.flatMap { placed -> [ServedFile] in
            let id = placed.lesson.id
            return [(placed.lesson.audio, MediaKind.audio, UInt64(3)), (placed.lesson.page, .text, 4)].compactMap { key, medium, salt in
                key.map { ServedFile(key: $0, medium: medium, bytes: spread(id, salt, 768, 1_280)) }
            }
        }
    }

    /// A number in `low...high` picked by `id` and `salt` (splitmix64's mix).
    static func spread(_ id: Int, _ salt: UInt64, _ low: Int, _ high: Int) -> Int {
        var z = UInt64(id) &* 0x9E37_79B9_7F4A_7C15 &+ salt &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return low + Int(z % UInt64(high - low + 1))
    }

    static func total(_ files: [ServedFile]) -> Int { files.reduce(0) { $0 + $1.bytes } }

    /// "10.0–16.0 MiB", "150–400 KiB" or "768–1280 B": the smallest and largest of `files`.
    static func range(_ files: [ServedFile]) -> String {
        let low = files.map(\.bytes).min() ?? 0
        let high = files.map(\.bytes).max() ?? 0
        if high >= 1 << 20 { return String(format: "%.1f–%.1f MiB", Double(low) / 1_048_576, Double(high) / 1_048_576) }
        if high >= 4 << 10 { return "\(low >> 10)–\(high >> 10) KiB" }
        return "\(low)–\(high) B"
    }

    /// Writes `files` under `root` at their keys: pseudo-random bytes (nothing along the way
    /// compresses them), each file starting with its index. Blocking: call it through ``offPool(_:)``.
    static func writeServed(_ files: [ServedFile], under root: URL) throws {
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for index in block.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            block[index] = UInt8(truncatingIfNeeded: state >> 33)
        }
        for (index, file) in files.enumerated() {
            let url = root.appendingPathComponent(file.key)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            withUnsafeBytes(of: UInt64(index).littleEndian) { for (offset, byte) in $0.enumerated() { block[offset] = byte } }
            var written = 0
            while written < file.bytes {
                let n = min(block.count, file.bytes - written)
                try handle.write(contentsOf: block[0..<n])
                written += n
            }
            try handle.close()
        }
    }
}

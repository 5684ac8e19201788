import Foundation
import LessonsServer
import OfflineLessons

/// What every section shares: the options, the report, the in-process content server (the
/// catalog API, and tiny media at scale 0.00001), and scratch folders on tmpfs and on disk.
struct Bench: Sendable {
    let options: Options
    let report: Report
    let server: ContentServer.Running
    let tmpfs: URL
    let disk: URL
    let shas: Shas
    static let token = "bench"

    var client: CatalogClient {
        CatalogClient(configuration: .init(apiBase: server.apiBase, token: Self.token))
    }

    /// Opens a library against the in-process server.
    func library(at root: URL, mediaBase: URL? = nil) async throws -> LessonLibrary {
        try await LessonLibrary(root: root, client: client, configuration: .init(mediaBase: mediaBase ?? server.mediaBase))
    }

    /// The catalog's lessons the selectors name (fetched from the in-process server once, cached
    /// in a library of their own).
    func lessons(_ selectors: [String]) async throws -> [PlacedLesson] {
        let library = try await library(at: tmpfs.appendingPathComponent("catalog-cache"))
        return try await library.lessons(for: selectors.map { try LessonSelector(parsing: $0) })
    }

    /// Every Gemara masechet (those with dapim) as a selector, by id.
    var gemaraSelectors: [String] {
        shas.sedarim.flatMap(\.masechtot).filter { $0.pages > 0 }.map { "gemara:\($0.id)" }
    }

    var mishnaSelectors: [String] {
        shas.sedarim.flatMap(\.masechtot).map { "mishna:\($0.id)" }
    }

    /// A library with the Shas and the listings the selectors need cached, so that a timed
    /// `lessons download` into a copy of it spends nothing on the catalog.
    func template(_ name: String, selectors: [String], mediaBase: URL) async throws -> URL {
        let root = try freshFolder(tmpfs, "template-\(name)")
        do {
            let library = try await library(at: root, mediaBase: mediaBase)
            _ = try await library.catalog()
            _ = try await library.lessons(for: selectors.map { try LessonSelector(parsing: $0) })
        }
        return root
    }

    /// A fresh copy of a template library at `destination`.
    func copy(_ template: URL, to destination: URL) throws {
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: template, to: destination)
    }

    /// `lessons download` as a whole process: wall, CPU, peak RSS.
    func lessonsDownload(_ selectors: [String], library: URL, mediaBase: URL) async throws -> ProcessResult {
        let argv =
            [options.lessonsBinary, "download"] + selectors + [
                "--media", "audio", "--concurrency", "3", "--quiet", "--json", "--library", library.path,
                "--server", server.apiBase.absoluteString, "--token", Self.token, "--media-base", mediaBase.absoluteString,
            ]
        let stdout = library.deletingLastPathComponent().appendingPathComponent("download.json").path
        let result = try await offPool { try spawnAndWait(argv, stdout: stdout) }
        if result.status != 0 {
            let text = (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""
            throw BenchError.failed("lessons download exited \(result.status): \(text.prefix(500))")
        }
        return result
    }

    /// curl on the same URLs: `--parallel --parallel-max 3` from a config file of url/output pairs;
    /// with `token`, the catalog's token sent as `lessons` sends it to the content server.
    func curl(_ urls: [(URL, String)], into folder: URL, token: Bool = true) async throws -> ProcessResult {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.deletingLastPathComponent().appendingPathComponent("curl-\(folder.lastPathComponent).cfg")
        var lines: [String] = []
        for (index, (url, _)) in urls.enumerated() {
            lines.append("url = \"\(url.absoluteString)\"")
            lines.append("output = \"\(folder.path)/\(index)\"")
        }
        try lines.joined(separator: "\n").write(to: config, atomically: true, encoding: .utf8)
        let argv =
            ["curl", "-s", "--fail", "--parallel", "--parallel-max", "3"]
            + (token ? ["-H", "Authorization: token \(Self.token)"] : []) + ["--config", config.path]
        let result = try await offPool { try spawnAndWait(argv) }
        if result.status != 0 { throw BenchError.failed("curl exited \(result.status)") }
        return result
    }

    /// aria2c on the same URLs: 3 downloads at once (`-j 3`), one connection each (`-x 1 -s 1`),
    /// from an input file of URLs and output names; no preallocation (curl and `lessons` write the
    /// bytes as they come).
    func aria2(_ urls: [(URL, String)], into folder: URL) async throws -> ProcessResult {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.deletingLastPathComponent().appendingPathComponent("aria2-\(folder.lastPathComponent).txt")
        var lines: [String] = []
        for (index, (url, _)) in urls.enumerated() {
            lines.append(url.absoluteString)
            lines.append("  out=\(index)")
        }
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let argv = [
            "aria2c", "--quiet", "--input-file", input.path, "--dir", folder.path, "-j", "3", "-x", "1", "-s", "1",
            "--file-allocation=none", "--allow-overwrite=true", "--auto-file-renaming=false",
        ]
        let result = try await offPool { try spawnAndWait(argv) }
        if result.status != 0 { throw BenchError.failed("aria2c exited \(result.status)") }
        return result
    }
}

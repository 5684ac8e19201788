import ArgumentParser
import Foundation
import LessonsServer
import OfflineLessons

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A one-command tour: starts the content server in-process and uses a fresh temporary library.",
        discussion: "Needs nothing installed and no network: the server listens on a free loopback port."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-demo-\(UUID().uuidString.prefix(8))")
        let server = try ContentServer()
        let json = global.json
        try await server.withRunning { running in
            if !json { Terminal.out("content server: \(running.apiBase.absoluteString)") }
            let database = try LibraryDatabase.open(at: LibraryLayout(root: root).databaseURL.path(createFolder: true))
            let client = CatalogClient(configuration: .init(apiBase: running.apiBase, token: "demo"))
            let catalog = Catalog(database: database, client: client)
            let (shas, source, fetchedAt) = try await catalog.shas()
            let report = CatalogReport(shas: shas, source: source, fetchedAt: fetchedAt, cachedLessons: try database.cachedLessonCounts())
            if json {
                try Terminal.json(report)
            } else {
                report.printHuman()
                Terminal.out("library: \(root.path)")
            }
        }
    }
}

extension URL {
    /// The path, after creating the parent folder.
    func path(createFolder: Bool) throws -> String {
        if createFolder {
            try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        return path
    }
}

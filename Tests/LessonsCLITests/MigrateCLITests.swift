import Foundation
import LessonsServer
import Testing

@testable import OfflineLessons

/// `lessons migrate` and `lessons doctor --from` as a user runs them, and migrate killed with
/// SIGKILL mid-way (the resumed run completes; nothing lost, nothing doubled).
@Suite("Migrate on the command line")
struct MigrateCLITests {
    /// A legacy container: `lessons` Gemara lessons of masechet 1 (ids 100…), audio and PDF, the
    /// registry in Documents/, half the files stranded in Library/Caches/. Returns each file's bytes.
    static func container(at root: URL, lessons: Int) throws -> [String: Data] {
        for folder in ["Documents", "Library/Caches"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var entries: [[String: Any]] = []
        var files: [String: Data] = [:]
        for index in 0..<lessons {
            let id = 100 + index
            entries.append([
                "id": id, "chapter": 1, "duration": 600, "page_number": index + 2, "audio": "g/\(id).mp3",
                "page": "g/\(id).pdf", "video_part": [], "gallery": [],
            ])
            let folder = index.isMultiple(of: 2) ? "Documents" : "Library/Caches"
            for name in ["\(id)_aud.mp3", "\(id)_text.pdf"] {
                let data = Data((0..<(2000 + index)).map { UInt8(truncatingIfNeeded: $0 &* id) })
                try data.write(to: root.appendingPathComponent("\(folder)/\(name)"))
                files["\(folder)/\(name)"] = data
            }
        }
        let registry = try JSONSerialization.data(withJSONObject: ["gemara": ["1": ["1": entries]]])
        try registry.write(to: root.appendingPathComponent("Documents/downloadedLessons.json"))
        return files
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(name)-\(UUID().uuidString.prefix(8))")
    }

    @Test(
        "migrate, its dry run, --json, a second run, doctor --from before and after, a folder that is no container, and a path where nothing is"
    )
    func commandLine() async throws {
        let root = Self.temporary("migrate-cli")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("container")
        let library = root.appendingPathComponent("library")
        _ = try Self.container(at: container, lessons: 4)
        let base = ["--library", library.path]

        let numbered = try await CLIRunner.run(["migrate", "--from", container.path, "--dry-run"] + base)
        #expect(numbered.stdout.contains("gemara/101 audio"), "no Shas anywhere: the id, not a guess: \(numbered.stdout)")
        // The legacy app's cached Shas names the lessons before any library exists.
        let shas: [String: Any] = [
            "shas": [
                [
                    "id": 1, "order": 1, "name": "Zeraim",
                    "masechet": [["id": 1, "order": 1, "name": "Berakhot", "chapters": 9, "pages": 64, "chapters_list": ["1": 13]]],
                ]
            ]
        ]
        try JSONSerialization.data(withJSONObject: shas).write(to: container.appendingPathComponent("Library/Caches/shas.json"))

        let doctor = try await CLIRunner.run(["doctor", "--from", container.path] + base)
        #expect(doctor.status == 1, "there is something to migrate")
        #expect(doctor.stdout.contains("stranded in Library/Caches"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("migrate adopts it as Berakhot 3 audio"), "\(doctor.stdout)")

        let dry = try await CLIRunner.run(["migrate", "--from", container.path, "--dry-run"] + base)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would import 4 Gemara and 0 Mishna lessons; 8 files"), "\(dry.stdout)")
        #expect(dry.stdout.contains("Berakhot 2 audio") && !dry.stdout.contains("gemara/100"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: library.path), "a dry run creates no library")
        // A file of no lesson is left, and said so in Spanish too.
        try Data("x".utf8).write(to: container.appendingPathComponent("Documents/voice-note.m4a"))
        let spanish = try await CLIRunner.run(
            ["migrate", "--from", container.path, "--dry-run"] + base, environment: ["LANG": "es_AR.UTF-8", "LC_ALL": ""])
        #expect(
            spanish.stdout.contains("Documents/voice-note.m4a: no es un archivo de medios de la app anterior; no se toca"),
            "\(spanish.stdout)")
        try FileManager.default.removeItem(at: container.appendingPathComponent("Documents/voice-note.m4a"))

        let real = try await CLIRunner.run(["migrate", "--from", container.path, "--json"] + base)
        #expect(real.status == 0, "\(real.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(real.stdout.utf8)) as? [String: Any])
        #expect(document["gemaraLessons"] as? Int == 4 && (document["adopted"] as? [Any])?.count == 8)
        #expect(document["registriesRenamed"] as? [String] == ["Documents/downloadedLessons.json.migrated"])

        let again = try await CLIRunner.run(
            ["migrate", "--from", container.path] + base, environment: ["LANG": "es_AR.UTF-8", "LC_ALL": ""])
        #expect(again.status == 0 && again.stdout.contains("(nada que hacer: ya migrado)"), "\(again.stdout)")
        #expect(again.stdout.hasPrefix("la migración importó 0 clases de Guemará"), "LANG=es*: the summary in Spanish: \(again.stdout)")
        let healthy = try await CLIRunner.run(["doctor"] + base)
        #expect(healthy.status == 0, "\(healthy.stdout)")
        let after = try await CLIRunner.run(["doctor", "--from", container.path] + base)
        #expect(after.status == 0 && after.stdout.contains("nothing to migrate"), "\(after.stdout)")
        let list = try await CLIRunner.run(["list", "--json"] + base)
        #expect(list.status == 0 && list.stdout.contains("\"id\" : 103"), "\(list.stdout.prefix(300))")

        // A damaged legacy list and a file it alone placed: rejected and left, never "already migrated".
        let damaged = Self.temporary("damaged")
        defer { try? FileManager.default.removeItem(at: damaged) }
        try FileManager.default.createDirectory(at: damaged.appendingPathComponent("Documents"), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: damaged.appendingPathComponent("Documents/downloadedLessons.json"))
        try Data(repeating: 7, count: 64).write(to: damaged.appendingPathComponent("Documents/1_aud.mp3"))
        let rejected = try await CLIRunner.run(["migrate", "--from", damaged.path] + base)
        #expect(rejected.stdout.contains("1 entry rejected") && rejected.stdout.contains("1 unplaced"), "\(rejected.stdout)")
        #expect(!rejected.stdout.contains("already migrated"), "\(rejected.stdout)")

        let notContainer = try await CLIRunner.run(["migrate", "--from", library.path] + base)
        #expect(notContainer.status == 2 && notContainer.stderr.contains("not a legacy app container"), "\(notContainer.stderr)")
        let nowhere = try await CLIRunner.run(["migrate", "--from", library.path + "/none"] + base)
        #expect(nowhere.status == 2 && nowhere.stderr.contains("'\(library.path)/none' does not exist:"), "\(nowhere.stderr)")
    }

    @Test("with a server configured, the lessons brought over are named, by migrate and then by list, not numbered")
    func namesAfterMigrate() async throws {
        let root = Self.temporary("migrate-names")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("container")
        _ = try Self.container(at: container, lessons: 2)
        let server = try ContentServer(configuration: .init(mediaSizeScale: 0.001))
        try await server.withRunning { running in
            let env = [
                "LESSONS_SERVER": running.apiBase.absoluteString, "LESSONS_TOKEN": "t",
                "LESSONS_LIBRARY": root.appendingPathComponent("library").path,
            ]
            let migrate = try await CLIRunner.run(["migrate", "--from", container.path], environment: env)
            #expect(migrate.status == 0, "\(migrate.stderr)")
            #expect(migrate.stdout.contains("adopted Berakhot 2 audio ← Documents/100_aud.mp3"), "\(migrate.stdout)")
            #expect(!migrate.stdout.contains("gemara/100"), "\(migrate.stdout)")
            let list = try await CLIRunner.run(["list", "--no-sync"], environment: env)
            #expect(list.status == 0)
            #expect(list.stdout.contains("Berakhot 3") && !list.stdout.contains("#1"), "\(list.stdout)")
        }
    }

    @Test(
        "SIGKILL between a file's move and its registration, and at random moments: each file in one place after each kill; the next run completes"
    )
    func killedMigrate() async throws {
        let root = Self.temporary("migrate-crash")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("container")
        let library = root.appendingPathComponent("library")
        // Half the rounds aimed (each leaves at least one file moved in), then half at random
        // moments (a run let finish would leave nothing to aim at).
        let rounds = KillSoakTests.rounds
        let files = try Self.container(at: container, lessons: max(30, rounds))
        let arguments = ["migrate", "--from", container.path, "--library", library.path]
        for round in 0..<rounds {
            let aimed = round < rounds / 2
            let child = try CLIRunner.start(arguments, environment: aimed ? ["LESSONS_TEST_PAUSE_BEFORE_COMMIT_MS": "120000"] : [:])
            if aimed {
                var announced = false
                for _ in 0..<6000 where !announced {
                    try await Task.sleep(for: .milliseconds(10))
                    announced = ((try? String(contentsOf: child.stderr, encoding: .utf8)) ?? "").contains("test hook: ")
                }
                #expect(announced, "round \(round): migrate never reached the window between move and registration")
            } else {
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...120)))
            }
            kill(child.process.processIdentifier, SIGKILL)
            await child.exit()
            _ = child.result()
            try Self.checkOnePlace(files, container: container, library: library, round: round)
        }
        let final = try await CLIRunner.run(arguments)
        #expect(final.status == 0, "\(final.stderr)")
        // Every source file is in the library exactly once, byte for byte, registered complete.
        let database = try LibraryDatabase.open(at: library.appendingPathComponent("library.sqlite").path)
        let states = try await database.mediaStates()
        #expect(states.count == files.count && states.values.allSatisfy { $0 == .complete })
        let layout = LibraryLayout(root: library)
        for (path, data) in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let id = try #require(Int(name.prefix { $0.isNumber }))
            let key = MediaKey(LessonID(.gemara, id), name.contains("_aud") ? .audio : .text)
            #expect(FileManager.default.contents(atPath: layout.fileURL(key.lesson, key.medium).path) == data, "\(key)")
            #expect(!FileManager.default.fileExists(atPath: container.appendingPathComponent(path).path), "\(path) left behind")
        }
    }

    /// Every source file is in the container or in the library, byte for byte: never both, never neither.
    static func checkOnePlace(_ files: [String: Data], container: URL, library: URL, round: Int) throws {
        let layout = LibraryLayout(root: library)
        for (path, data) in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let id = try #require(Int(name.prefix { $0.isNumber }))
            let key = MediaKey(LessonID(.gemara, id), name.contains("_aud") ? .audio : .text)
            let inContainer = FileManager.default.contents(atPath: container.appendingPathComponent(path).path) == data ? 1 : 0
            let inLibrary = FileManager.default.contents(atPath: layout.fileURL(key.lesson, key.medium).path) == data ? 1 : 0
            #expect(
                inContainer + inLibrary == 1,
                "round \(round): \(path) is in the container \(inContainer) and the library \(inLibrary) times")
        }
    }

    @Test("SIGKILL during sync: the resumed sync completes; no file lost, every complete item has its file, then nothing to do")
    func killedSync() async throws {
        let root = Self.temporary("sync-crash")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("container")
        let library = root.appendingPathComponent("library")
        _ = try Self.container(at: container, lessons: 150)
        let migrated = try await CLIRunner.run(["migrate", "--from", container.path, "--library", library.path, "--quiet"])
        try #require(migrated.status == 0, "\(migrated.stderr)")
        // Drift: 100 files deleted, 60 cut short (wrong size: corrupt), 40 left alone.
        let layout = LibraryLayout(root: library)
        var cut: [URL: Int] = [:]
        for index in 0..<150 {
            let key = MediaKey(LessonID(.gemara, 100 + index), .audio)
            let url = layout.fileURL(key.lesson, key.medium)
            if index < 100 {
                try FileManager.default.removeItem(at: url)
            } else if index < 140 {
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: 10)
                try handle.close()
                cut[url] = 10
            }
        }
        for _ in 0..<5 {
            let child = try CLIRunner.start(["sync", "--library", library.path])
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...250)))
            kill(child.process.processIdentifier, SIGKILL)
            await child.exit()
            _ = child.result()
        }
        let final = try await CLIRunner.run(["sync", "--library", library.path])
        #expect(final.status == 0, "\(final.stderr)")
        let again = try await CLIRunner.run(["sync", "--library", library.path, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect((document["actions"] as? [Any])?.isEmpty == true, "a second sync finds nothing to do: \(again.stdout.prefix(400))")
        // Every cut file is still somewhere (in place or aside), never deleted.
        let aside = (try? FileManager.default.subpathsOfDirectory(atPath: layout.asideFolder.path)) ?? []
        #expect(aside.filter { $0.hasSuffix(".mp3") }.count == cut.count, "\(aside)")
        // The registry: the deleted and cut audio are not complete; the rest is, with its file.
        let database = try LibraryDatabase.open(at: layout.databaseURL.path)
        let states = try await database.mediaStates()
        for index in 0..<150 {
            let key = MediaKey(LessonID(.gemara, 100 + index), .audio)
            if index < 100 {
                #expect(states[key] == .missing, "\(key)")
            } else if index < 140 {
                #expect(states[key] == .corrupt, "\(key)")
            } else {
                #expect(states[key] == .complete && FileManager.default.fileExists(atPath: layout.fileURL(key.lesson, key.medium).path))
            }
        }
    }
}

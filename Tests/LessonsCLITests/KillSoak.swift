import Foundation
import LessonsServerTesting
import Testing

@testable import LessonsServer
@testable import OfflineLessons

/// A writing operation a kill soak interrupts: what it runs, what it may take away, and how many
/// file steps it makes (each followed, or preceded, by the registry write that goes with it).
enum WritingOperation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case remove, clean, pin
    case syncRepair = "sync --repair"
    case screenRemove = "the screen's Remove"
    case screenClean = "the screen's Clean"

    var testDescription: String { rawValue }

    /// The lessons of the soak's library: Berakhot 2–11, audio and PDF, whole; 2 and 3 pinned.
    static let dapim = 2...11
    static let pinned = 2...3
    /// The dapim `remove` names (and the screen's Remove the first of).
    static let removed = 4...8

    /// The command line, or for the screen the request (`lessons ui` runs it).
    func arguments(server: URL) -> [String] {
        switch self {
        case .remove: ["remove", "gemara:1:\(Self.removed.lowerBound)-\(Self.removed.upperBound)"]
        case .clean: ["clean", "--older-than", "never", "--max-size", "1"]
        case .pin: ["pin", "gemara:1:\(Self.dapim.lowerBound)-\(Self.dapim.upperBound)"]
        case .syncRepair: ["sync", "--repair", "--server", server.absoluteString, "--token", "t"]
        case .screenRemove, .screenClean: ["ui", "--port", "0", "--server", server.absoluteString, "--token", "t"]
        }
    }

    /// The dapim whose media the operation may take away; the others must stay whole.
    var mayRemove: ClosedRange<Int>? {
        switch self {
        case .remove: Self.removed
        case .screenRemove: Self.removed.lowerBound...Self.removed.lowerBound
        case .clean, .screenClean: (Self.pinned.upperBound + 1)...Self.dapim.upperBound
        case .pin, .syncRepair: nil
        }
    }

    /// How many file steps a whole run makes (a kill is aimed at one of them each round).
    var fileSteps: Int {
        switch self {
        case .remove: Self.removed.count * 2
        case .screenRemove: 2
        case .clean, .screenClean: (Self.dapim.count - Self.pinned.count) * 2
        case .pin: 0
        // Two cut files moved aside, then four files downloaded again and placed.
        case .syncRepair: 6
        }
    }
}

/// The library a kill soak works on, made once (downloaded from the content server) and copied
/// afresh for each round; and what is checked after each kill.
struct KillSoakLibrary {
    static let scale = 0.01
    let template: URL
    let expected: ExpectedMedia

    init(at template: URL, server: URL, catalog: DemoCatalog) async throws {
        self.template = template
        expected = try ExpectedMedia(catalog, masechetId: 1, dapim: WritingOperation.dapim, scale: Self.scale)
        let base = ["--library", template.path, "--server", server.absoluteString, "--token", "t", "--quiet"]
        let dapim = WritingOperation.dapim
        let download = try await CLIRunner.run(
            ["download", "gemara:berakhot:\(dapim.lowerBound)-\(dapim.upperBound)", "--media", "audio"] + base)
        try #require(download.status == 0, "\(download.stderr)")
        let pinned = WritingOperation.pinned
        let pin = try await CLIRunner.run(["pin", "gemara:1:\(pinned.lowerBound)-\(pinned.upperBound)"] + base)
        try #require(pin.status == 0, "\(pin.stderr)")
        // Older than "0 days" by the time the screen's Clean runs.
        try await Task.sleep(for: .seconds(1.1))
    }

    /// The media of the given dapim.
    func keys(_ dapim: ClosedRange<Int>?) throws -> Set<MediaKey> {
        guard let dapim else { return [] }
        let ids = try Set(expected.media.keys.map(\.lesson)).filter { dapim.contains(try page(of: $0)) }
        return Set(expected.media.keys.filter { ids.contains($0.lesson) })
    }

    /// Which daf a lesson of the library is on (its ids follow the dapim in order).
    func page(of lesson: LessonID) throws -> Int {
        let ordered = Set(expected.media.keys.map(\.lesson.id)).sorted()
        let index = try #require(ordered.firstIndex(of: lesson.id))
        return WritingOperation.dapim.lowerBound + index
    }

    /// A fresh copy of the library, damaged for `sync --repair`: the audio of two dapim deleted,
    /// of two more cut to 10 bytes. Returns the cut files' bytes, by key.
    func copy(to root: URL, for operation: WritingOperation) throws -> [MediaKey: Data] {
        try FileManager.default.copyItem(at: template, to: root)
        guard operation == .syncRepair else { return [:] }
        let layout = LibraryLayout(root: root)
        var cut: [MediaKey: Data] = [:]
        for key in try keys(4...7) where key.medium == .audio {
            let url = layout.fileURL(key.lesson, key.medium)
            if try page(of: key.lesson) <= 5 {
                try FileManager.default.removeItem(at: url)
            } else {
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: 10)
                try handle.close()
                cut[key] = try Data(contentsOf: url)
            }
        }
        return cut
    }

    /// After a kill, the next command (`list --json`, which syncs first) succeeds; then: every item
    /// registered complete is in place, byte-identical to the server's, and listed (a PDF with its
    /// lesson's audio); every medium
    /// the operation may not take away is still complete and whole; a cut file is in one place,
    /// in place or set aside, never gone and never twice.
    func check(_ root: URL, after operation: WritingOperation, cut: [MediaKey: Data], round: Int) async throws {
        let listed = try await CLIRunner.run(["list", "--json", "--library", root.path])
        #expect(listed.status == 0, "round \(round): list after the kill: \(listed.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        var inList = Set<MediaKey>()
        for lesson in document?["lessons"] as? [[String: Any]] ?? [] {
            guard let id = lesson["id"] as? Int, let media = lesson["media"] as? [String: Any] else { continue }
            for medium in media.keys.compactMap(MediaKind.init(rawValue:)) { inList.insert(MediaKey(LessonID(.gemara, id), medium)) }
        }
        let layout = LibraryLayout(root: root)
        let database = try LibraryDatabase.open(at: layout.databaseURL.path)
        let states = try await database.mediaStates()
        for (key, state) in states where state == .complete {
            let bytes = FileManager.default.contents(atPath: layout.fileURL(key.lesson, key.medium).path).map { [UInt8]($0) }
            #expect(bytes == expected.bytes(key), "round \(round): \(key) is registered complete but its file is not the server's")
            // A PDF is listed with its lesson's audio or video.
            let listable = key.medium != .text || states[MediaKey(key.lesson, .audio)] == .complete
            #expect(!listable || inList.contains(key), "round \(round): \(key) is complete but not listed")
        }
        let removable = try keys(operation.mayRemove)
        for key in expected.media.keys where !removable.contains(key) && cut[key] == nil && !isDeleted(key, operation) {
            #expect(states[key] == .complete, "round \(round): \(key), not asked to go, is \(states[key]?.rawValue ?? "gone")")
        }
        let aside = (try? FileManager.default.subpathsOfDirectory(atPath: layout.asideFolder.path)) ?? []
        for (key, bytes) in cut {
            let inPlace = FileManager.default.contents(atPath: layout.fileURL(key.lesson, key.medium).path) == bytes ? 1 : 0
            let setAside = aside.filter { path in
                FileManager.default.contents(atPath: layout.asideFolder.appendingPathComponent(path).path) == bytes
            }.count
            #expect(inPlace + setAside == 1, "round \(round): \(key)'s cut file is in place \(inPlace) and aside \(setAside) times")
        }
    }

    /// The audio `sync --repair` finds deleted (downloaded again by a whole run).
    private func isDeleted(_ key: MediaKey, _ operation: WritingOperation) -> Bool {
        guard operation == .syncRepair, key.medium == .audio, let page = try? page(of: key.lesson) else { return false }
        return (4...5).contains(page)
    }

    /// After a whole run: what the operation removes is gone (rows and files), the rest complete
    /// and whole; everything pinned after `pin`; everything complete after `sync --repair`.
    /// `afterKill`: a clean run after a killed one may leave what the kill left: a row marked
    /// missing (its file went before the kill) and that lesson's PDF, complete and whole, since
    /// clean weighs complete media only.
    func checkDone(_ root: URL, after operation: WritingOperation, afterKill: Bool = false) async throws {
        let layout = LibraryLayout(root: root)
        let database = try LibraryDatabase.open(at: layout.databaseURL.path)
        let states = try await database.mediaStates()
        let removable = try keys(operation.mayRemove)
        for key in expected.media.keys {
            let bytes = FileManager.default.contents(atPath: layout.fileURL(key.lesson, key.medium).path).map { [UInt8]($0) }
            let lenient = afterKill && (operation == .clean || operation == .screenClean)
            if removable.contains(key), lenient, let state = states[key] {
                let leftByKill =
                    state == .missing ? bytes == nil : key.medium == .text && state == .complete && bytes == expected.bytes(key)
                #expect(leftByKill, "\(key) is \(state.rawValue) after \(operation.rawValue) ran again")
            } else if removable.contains(key) {
                #expect(states[key] == nil && bytes == nil, "\(key) should be gone after \(operation.rawValue)")
            } else {
                #expect(states[key] == .complete && bytes == expected.bytes(key), "\(key) after \(operation.rawValue)")
            }
        }
        if operation == .pin {
            let pinned = Set(try await database.retentionSnapshot().filter(\.pinned).map(\.lesson)).count
            #expect(pinned == WritingOperation.dapim.count)
        }
    }
}

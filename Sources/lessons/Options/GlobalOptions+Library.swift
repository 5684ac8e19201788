import Atomics
import Foundation
import OfflineLessons

extension GlobalOptions {
    /// Opens the library with the configured server (if any) for the catalog and media.
    /// `readOnly` opens it without writing anything (no folder created, no migration), for dry runs;
    /// `existing` refuses a folder with no library (commands that only read never create one).
    func openLibrary(
        concurrency: Int = 3, readOnly: Bool = false, existing: Bool = false, bytesPerSecond: Int? = nil
    ) async throws -> LessonLibrary {
        if existing, !libraryExists { throw CommandFailure.noLibrary(at: libraryURL) }
        // A file where the library should be: one message and exit code, whichever command.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: libraryURL.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure.noLibrary(at: libraryURL)
        }
        let trusted = try trustedCertificates()
        let client = try apiBase().map { CatalogClient(configuration: $0) }
        var configuration = LessonLibrary.Configuration(concurrency: concurrency, mediaBase: try explicitMediaBase(), readOnly: readOnly)
        configuration.beforeCommit = commitPauseForCrashTests()
        let folderExisted = FileManager.default.fileExists(atPath: libraryURL.path)
        let created = !readOnly && !libraryExists
        // Held while this process may use the library: a failed command never takes away a
        // library another `lessons` has open (see OpenLibraries.discardUnused()).
        if !readOnly { try? FileManager.default.createDirectory(at: libraryURL, withIntermediateDirectories: true) }
        let use = LibraryUse(folder: libraryURL)
        let library = try await LessonLibrary(
            root: libraryURL, client: client, transport: HTTPTransport(bytesPerSecond: bytesPerSecond, trusting: trusted),
            configuration: configuration)
        await OpenLibraries.shared.add(library, use: use, created: created ? .init(root: libraryURL, folderExisted: folderExisted) : nil)
        return library
    }

    /// Whether the library folder holds a library (its registry).
    var libraryExists: Bool {
        FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent(LessonLibrary.registryFileName).path)
    }

    /// The API client's configuration, or `nil` when no server is configured. Throws on an unusable URL.
    func apiBase() throws -> CatalogClient.Configuration? {
        guard let text = setting(server, "LESSONS_SERVER") else { return nil }
        var configuration = try CatalogClient.Configuration(apiBase: text, token: resolvedToken)
        configuration.trusted = try trustedCertificates()
        return configuration
    }

    /// The certificates of `--cacert` or `$LESSONS_CA_FILE`, if given.
    func trustedCertificates() throws -> TrustedCertificates? {
        try setting(cacert, "LESSONS_CA_FILE").map { try TrustedCertificates(pemFile: URL(fileURLWithPath: $0)) }
    }

    /// The media base given by `--media-base` or `$LESSONS_MEDIA_BASE`; `nil` lets the library use
    /// the server's origin + `/media/`.
    func explicitMediaBase() throws -> URL? {
        try setting(mediaBase, "LESSONS_MEDIA_BASE").map(LessonLibrary.Configuration.mediaBase)
    }
}

/// The libraries this process opened, closed before it exits (``LessonLibrary/close()``): a
/// command's registry then lies whole in `library.sqlite`, not partly in its write-ahead log
/// (whose fold into the file otherwise depended on the library's last reference going before
/// `exit`).
actor OpenLibraries {
    static let shared = OpenLibraries()
    private var libraries: [LessonLibrary] = []
    /// The libraries closed, still referenced: the process is about to exit, and taking each
    /// apart (its engine, its connections, their objects) would only delay the exit.
    private var closed: [LessonLibrary] = []

    /// A library this process made where there was none.
    struct Made {
        var root: URL
        var folderExisted: Bool
    }

    /// The libraries this process made, with what was there before and its hold on each.
    private var made: [(library: LessonLibrary, made: Made, use: LibraryUse?)] = []
    /// Each library's hold, kept until the process ends.
    private var uses: [LibraryUse] = []

    func add(_ library: LessonLibrary, use: LibraryUse?, created: Made? = nil) {
        libraries.append(library)
        if let use { uses.append(use) }
        if let created { made.append((library, created, use)) }
    }

    /// After a command that failed: each library it made that holds nothing of the user's is taken
    /// away (its registry files, and its folder when the command made that too), so that bad
    /// input costs nothing. Call before ``closeAll()``.
    func discardUnused() async {
        // Only a library no other process holds, checked again once that is sure.
        for (library, made, use) in made where use?.holdAlone() == true {
            guard (try? await library.holdsNothing()) == true else { continue }
            try? await library.close()
            let files = FileManager.default
            let registry = made.root.appendingPathComponent(LessonLibrary.registryFileName).path
            for suffix in ["", "-wal", "-shm"] { try? files.removeItem(atPath: registry + suffix) }
            for folder in ["media", ""] {
                let url = folder.isEmpty ? made.root : made.root.appendingPathComponent(folder)
                guard folder != "" || !made.folderExisted else { continue }
                // Only a folder left empty goes (removeItem on a folder would take its contents).
                if (try? files.contentsOfDirectory(atPath: url.path))?.isEmpty == true { try? files.removeItem(at: url) }
            }
        }
        made = []
    }

    /// The closing under way, if any: a later call waits for it.
    private var closing: Task<Void, Never>?

    /// Closes each; a failure leaves that library's log for its next open to replay. Returns
    /// once every library opened so far is closed, also those a call still under way closes.
    func closeAll() async {
        let toClose = libraries
        let before = closing
        libraries = []
        closed += toClose
        let task = Task {
            await before?.value
            for library in toClose { try? await library.close() }
        }
        closing = task
        await task.value
    }
}

/// Crash tests only (`LESSONS_TEST_PAUSE_BEFORE_COMMIT_MS`): a pause between a file's step (placed,
/// moved in, deleted, moved aside) and the registry write that goes with it, announced on stderr,
/// so that a test can kill the process there. With `LESSONS_TEST_PAUSE_AT_STEP=n`, the steps
/// before the nth (counted from 0) pass without one.
func commitPauseForCrashTests() -> (@Sendable (MediaKey) async -> Void)? {
    let environment = ProcessInfo.processInfo.environment
    guard let text = environment["LESSONS_TEST_PAUSE_BEFORE_COMMIT_MS"], let milliseconds = Int(text) else {
        return nil
    }
    let pauseAt = environment["LESSONS_TEST_PAUSE_AT_STEP"].flatMap { Int($0) } ?? 0
    let steps = ManagedAtomic<Int>(0)
    return { key in
        guard steps.loadThenWrappingIncrement(ordering: .relaxed) >= pauseAt else { return }
        Terminal.err("test hook: \(key) between its file step and its commit, for \(milliseconds) ms\n")
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }
}

/// Parses the selector arguments; a bad one is reported as bad usage (``SelectorError``).
func parseSelectors(_ arguments: [String]) throws -> [LessonSelector] {
    try selectorTexts(arguments).map(LessonSelector.init(parsing:))
}

/// The selectors as typed, with a name the shell split into words joined again: `lessons pin
/// Bava Kamma 2 Berakhot 1:3` reads as "Bava Kamma 2" and "Berakhot 1:3"; `Megillah 2 - 4` as one.
/// A comma ends a selector ("Berakhot, Megillah 3" is two); a dash of any length makes a range.
func selectorTexts(_ arguments: [String]) -> [String] {
    var texts: [String] = []
    var words: [String] = []
    // Whether the last text is a name joined here, which a range may go on.
    var named = false
    for piece in selectorPieces(arguments) {
        guard let argument = piece else {
            if !words.isEmpty { texts.append(words.joined(separator: " ")) }
            words = []
            named = false
            continue
        }
        // A masechet's word: letters alone, and no selector of its own ("Bava", "Kamma").
        let isWord =
            argument.first?.isLetter == true && argument.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "-" })
            && (try? LessonSelector(parsing: argument)) == nil
        if isWord {
            words.append(argument)
            named = false
        } else if !words.isEmpty, argument.first?.isNumber == true {
            texts.append((words + [argument]).joined(separator: " "))
            words = []
            named = true
        } else if named, let last = texts.last, argument == "-" || (last.hasSuffix("-") && argument.first?.isNumber == true) {
            texts[texts.count - 1] = last + " " + argument
        } else {
            if !words.isEmpty { texts.append(words.joined(separator: " ")) }
            words = []
            texts.append(argument)
            named = false
        }
    }
    if !words.isEmpty { texts.append(words.joined(separator: " ")) }
    return texts
}

/// The arguments with every dash made a hyphen and split at their commas, `nil` for each comma.
/// An argument with nothing in it stays, to be refused as no selector.
private func selectorPieces(_ arguments: [String]) -> [String?] {
    let dashes: [Character] = ["\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}"]
    var pieces: [String?] = []
    for argument in arguments {
        let dashed = String(argument.map { dashes.contains($0) ? "-" : $0 })
        guard dashed.contains(",") else {
            pieces.append(dashed)
            continue
        }
        for (index, part) in dashed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { pieces.append(nil) }
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { pieces.append(trimmed) }
        }
    }
    return pieces
}

/// A process's hold on a library folder (a shared `flock` on it): any number of `lessons` hold
/// one at once; taking the folder away needs the only one.
final class LibraryUse: Sendable {
    private let descriptor: Int32

    /// Waits while another process takes the folder away; `nil` when it cannot be opened.
    init?(folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_SH) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    /// Whether this is the only hold: it becomes exclusive, at once or not at all.
    func holdAlone() -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    deinit { close(descriptor) }
}

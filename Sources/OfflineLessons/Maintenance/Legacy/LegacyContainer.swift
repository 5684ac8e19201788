import Foundation

/// What a legacy app container holds (legacy-system.md §4), read once: the registries and
/// metadata caches of both generations, and every file of their two media folders.
struct LegacyContainer: Sendable {
    /// The media folders of the two generations, current first.
    static let folders = ["Documents", "Library/Caches"]
    static let registryName = "downloadedLessons.json"
    /// What a registry is renamed to once migrated (it is still read, to place files, on later runs).
    static let migratedSuffix = ".migrated"
    /// The player's recently played lessons.
    static let recentName = "lastWatchedLessons.json"
    /// Where the app's UserDefaults are, with the player's positions.
    static let preferencesFolder = "Library/Preferences"

    /// A media file in the legacy naming, `{id}_aud.mp3`, `{id}_vid.mp4` or `{id}_text.pdf`.
    struct MediaFile: Sendable, Hashable {
        /// Relative to the container (`Library/Caches/247_aud.mp3`).
        var path: String
        var id: Int
        var medium: MediaKind
        var bytes: Int
        var modified: Date
    }

    let root: URL
    /// A masechet's name, from the container's `shas.json` or else the library's cached Shas.
    var masechetName: @Sendable (Int) -> String? = { _ in nil }
    /// `downloadedLessons.json` documents still to be migrated.
    var registries: [LegacyRegistryReader] = []
    /// Registries a previous run migrated (renamed `.migrated`): read to place files, not imported again.
    var migratedRegistries: [LegacyRegistryReader] = []
    var metadata: [LegacyRegistryReader] = []
    var files: [MediaFile] = []
    /// Files in the media folders that are neither legacy media nor the legacy app's JSON.
    var unrelated: [String] = []
    /// The player's positions (`LessonWatched` in `Library/Preferences/*.plist`), by document.
    var positions: [(source: String, reading: LegacyPlaybackReader.Reading<LegacyPlaybackReader.Position>)] = []
    /// The recently played lessons (`lastWatchedLessons.json`), by document.
    var recent: [(source: String, reading: LegacyPlaybackReader.Reading<LegacyPlaybackReader.Recent>)] = []

    /// Reads the container at `root` (blocking). Throws ``MigrationError/notAContainer(_:)`` when
    /// neither `Documents/` nor `Library/Caches/` is there, ``MigrationError/noSuchFolder(_:)`` when nothing is.
    static func read(at root: URL, libraryShas: Shas?) throws -> LegacyContainer {
        let root = root.standardizedFileURL
        var container = LegacyContainer(root: root)
        let present = folders.filter { isDirectory(root.appendingPathComponent($0).path) }
        guard !present.isEmpty else {
            throw FileManager.default.fileExists(atPath: root.path) ? MigrationError.notAContainer(root) : MigrationError.noSuchFolder(root)
        }
        let legacyShas = present.lazy.compactMap { try? Self.shas(in: root.appendingPathComponent($0)) }.first
        let seder = { (masechet: Int) in
            legacyShas?.masechet(id: masechet)?.seder.id ?? libraryShas?.masechet(id: masechet)?.seder.id
        }
        let masechetName = { @Sendable (masechet: Int) in
            legacyShas?.masechet(id: masechet)?.masechet.name ?? libraryShas?.masechet(id: masechet)?.masechet.name
        }
        container.masechetName = masechetName
        for folder in present {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
            for name in names {
                let relative = "\(folder)/\(name)"
                let url = root.appendingPathComponent(relative)
                if name == registryName {
                    container.registries.append(.registry(try Data(contentsOf: url), source: relative, masechetName: masechetName))
                } else if name.hasPrefix(registryName + migratedSuffix) {
                    container.migratedRegistries.append(.registry(try Data(contentsOf: url), source: relative, masechetName: masechetName))
                } else if name == "gemaraLessons.json" {
                    container.metadata.append(
                        .gemaraMetadata(try Data(contentsOf: url), source: relative, masechetName: masechetName, seder: seder))
                } else if name == "mishnaLessons.json" {
                    container.metadata.append(
                        .mishnaMetadata(try Data(contentsOf: url), source: relative, masechetName: masechetName, seder: seder))
                } else if name == "shas.json" {
                    continue
                } else if name == recentName {
                    container.recent.append((relative, LegacyPlaybackReader.recent(try Data(contentsOf: url), source: relative)))
                } else if let file = mediaFile(named: name, at: url, relative: relative) {
                    container.files.append(file)
                } else if !isDirectory(url.path) {
                    container.unrelated.append(relative)
                }
            }
        }
        container.positions = try preferences(in: root)
        return container
    }

    /// `LessonWatched` of each property list in `Library/Preferences/` that has it.
    private static func preferences(in root: URL) throws -> [(
        source: String, reading: LegacyPlaybackReader.Reading<LegacyPlaybackReader.Position>
    )] {
        let folder = root.appendingPathComponent(preferencesFolder)
        guard isDirectory(folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".plist") }.compactMap {
            name in
            let relative = "\(preferencesFolder)/\(name)"
            let url = root.appendingPathComponent(relative)
            guard !isDirectory(url.path) else { return nil }
            return LegacyPlaybackReader.positions(try Data(contentsOf: url), source: relative).map { (relative, $0) }
        }
    }

    /// `247_aud.mp3` → (247, audio); anything else → `nil`. Only regular files count.
    static func mediaFile(named name: String, at url: URL, relative: String) -> MediaFile? {
        let suffixes: [(String, MediaKind)] = [("_aud.mp3", .audio), ("_vid.mp4", .video), ("_text.pdf", .text)]
        guard let (suffix, medium) = suffixes.first(where: { name.hasSuffix($0.0) }) else { return nil }
        let idText = String(name.dropLast(suffix.count))
        guard let id = Int(idText), id > 0, String(id) == idText else { return nil }
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return MediaFile(path: relative, id: id, medium: medium, bytes: Int(info.st_size), modified: modificationDate(info))
    }

    static func modificationDate(_ info: stat) -> Date {
        #if canImport(Darwin)
        Date(timeIntervalSince1970: Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9)
        #else
        Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        #endif
    }

    /// `shas.json`: `{"shas": [seder…]}` with `chapters_list` as a dict; a bad seder costs itself.
    private static func shas(in folder: URL) throws -> Shas? {
        struct Document: Decodable { var shas: [Lossy<Seder>] }
        let url = folder.appendingPathComponent("shas.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
        return Shas(sedarim: document.shas.compactMap(\.value))
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

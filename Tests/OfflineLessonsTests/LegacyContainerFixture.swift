import Foundation

@testable import OfflineLessons

/// Builds a legacy app container on disk, as a device would hold it: `Documents/` and
/// `Library/Caches/` with registries, metadata caches and `{id}_aud.mp3`-style files.
struct LegacyContainerFixture {
    let root: URL

    init(at root: URL) throws {
        self.root = root
        for folder in LegacyContainer.folders {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// A Gemara lesson's JSON object (legacy keys), with the links given.
    static func gemara(_ id: Int, daf: Int, chapter: Int = 1, audio: Bool = true, video: Bool = false, pdf: Bool = true) -> [String: Any] {
        var lesson: [String: Any] = ["id": id, "chapter": chapter, "duration": 600, "page_number": daf, "video_part": [], "gallery": []]
        if audio { lesson["audio"] = "gemara/\(id).mp3" }
        if video { lesson["video"] = "https://video.example/gemara/\(id).mp4" }
        if pdf { lesson["page"] = "gemara/\(id).pdf" }
        return lesson
    }

    /// A Mishna lesson's JSON object.
    static func mishna(_ id: Int, chapter: Int, mishna: Int, audio: Bool = true, video: Bool = false, pdf: Bool = true) -> [String: Any] {
        var lesson: [String: Any] = ["id": id, "chapter": chapter, "duration": 300, "mishna": mishna, "video_part": [], "gallery": []]
        if audio { lesson["audio"] = "mishna/\(id).mp3" }
        if video { lesson["video"] = "https://video.example/mishna/\(id).mp4" }
        if pdf { lesson["page"] = "mishna/\(id).pdf" }
        return lesson
    }

    /// Writes a JSON document (any JSON value) at a path relative to the container.
    func write(json: Any, to relative: String) throws {
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: root.appendingPathComponent(relative))
    }

    /// Writes raw text.
    func write(text: String, to relative: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    /// Writes a media file of `bytes` bytes (content derived from its name) with a modification time.
    @discardableResult
    func media(_ relative: String, bytes: Int = 1000, modified: Date = Date(timeIntervalSince1970: 1_750_000_000)) throws -> [UInt8] {
        let seed = relative.utf8.reduce(UInt8(7)) { $0 &+ $1 }
        let content = (0..<bytes).map { UInt8(truncatingIfNeeded: $0) &+ seed }
        let url = root.appendingPathComponent(relative)
        try Data(content).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        return content
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
    }

    /// `shas.json` with one seder (id 1) holding masechet 1 (Berakhot, 9 chapters, 64 dapim).
    func shas() throws {
        try write(
            json: [
                "shas": [
                    [
                        "id": 1, "order": 1, "name": "Zeraim",
                        "masechet": [
                            ["id": 1, "order": 1, "name": "Berakhot", "chapters": 9, "pages": 64, "chapters_list": ["1": 5, "2": 8]]
                        ],
                    ]
                ]
            ], to: "Library/Caches/shas.json")
    }

    /// Every file under the container, relative paths, sorted.
    func allFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(next).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(next)
            }
        }
        return files.sorted()
    }
}

import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One pass over a library's media folder: every file with its size and modification time, and
/// the item its path names under ``LibraryLayout`` (`media/<type>/<id>/<medium>.<ext>`, or that
/// name + `.partial`). A path the layout does not name is kept, unplaced, to be reported.
struct DirectorySnapshot: Sendable {
    struct Entry: Sendable, Hashable {
        /// The folder, relative to the library root (`media/gemara/3`), shared by its files.
        var folder: String
        var name: String
        var size: Int
        var modified: Date
        /// The item the path names, or `nil` for a file the layout does not name.
        var key: MediaKey?
        var isPartial: Bool

        /// Relative to the library root: `media/gemara/3/audio.mp3` (made when asked: a sync
        /// reports a few paths and walks thousands).
        var path: String { folder + "/" + name }
    }

    let entries: [Entry]
    /// Final files by item.
    let finals: [MediaKey: Entry]
    /// Partial files by item.
    let partials: [MediaKey: Entry]
    /// Which quick walk made this snapshot (numbered by its ``FolderMemo``; 0 for any other walk):
    /// a quick walk that found nothing changed hands back the last one's snapshot, serial and
    /// all (``take(of:memo:)``), so that a quick sync can tell.
    let serial: UInt64

    init(entries: [Entry], serial: UInt64 = 0) {
        self.entries = entries
        self.serial = serial
        var finals: [MediaKey: Entry] = [:]
        var partials: [MediaKey: Entry] = [:]
        finals.reserveCapacity(entries.count)
        for entry in entries {
            guard let key = entry.key else { continue }
            if entry.isPartial {
                if partials[key] == nil { partials[key] = entry }
            } else if finals[key] == nil {
                finals[key] = entry
            }
        }
        self.finals = finals
        self.partials = partials
    }

    /// Files the layout does not name.
    var unplaced: [Entry] { entries.filter { $0.key == nil } }

    /// Walks `media/` once, off the cooperative pool: one `readdir` per folder and one `fstatat`
    /// per file, no path resolved twice. The type folders (`gemara/`, `mishna/`) are walked at
    /// the same time on the blocking-I/O threads: the walk is mostly the kernel's work, and a
    /// full Shas has two halves. A missing media folder is an empty library.
    ///
    /// With a `memo` (the quick walk), each lesson folder is stamped first and listed only when
    /// its stamp differs from the one the memo has; the memo is then brought up to date.
    static func take(of layout: LibraryLayout, memo: FolderMemo? = nil) async throws -> DirectorySnapshot {
        let media = layout.mediaPath
        let start = Date()
        let generation = memo?.generation ?? 0
        let top = try await BlockingIO.run { try FolderListing.read(media) }
        let parts = try await withThrowingTaskGroup(of: (Int, Walked).self) { group in
            for (index, typeEntry) in top.enumerated() {
                group.addTask { (index, try await BlockingIO.run { try walk(typeEntry, in: media, memo: memo, start: start) }) }
            }
            var parts: [(Int, Walked)] = []
            for try await part in group { parts.append(part) }
            return parts
        }.sorted { $0.0 < $1.0 }.map(\.1)
        guard let memo else { return DirectorySnapshot(entries: parts.flatMap(\.entries)) }
        let names = top.map(\.name)
        memo.keepOnly(Set(top.filter(\.isDirectory).map(\.name)))
        // Nothing changed since the last quick walk, which remembered every folder it found: its
        // snapshot as it is (no entry copied, no table rebuilt; a Downloads screen asks again and
        // again of a library at rest).
        if parts.allSatisfy({ $0.unchanged != nil }), let last = memo.lastSnapshot(for: names) { return last }
        let snapshot = DirectorySnapshot(entries: parts.flatMap(\.entries), serial: memo.nextSerial())
        let own = UInt64(parts.filter(\.remembered).count)
        memo.keep(parts.allSatisfy(\.allRemembered) ? snapshot : nil, for: names, ifGeneration: generation &+ own)
        return snapshot
    }

    /// What the walk of one entry of `media/` found.
    private struct Walked {
        var listed: [Entry] = []
        /// A type folder whose lesson folders are all as the memo remembers them (same names, same
        /// stamps): those folders, in the listing's order, and what the memo has of each.
        var unchanged: (names: [String], remembered: [String: FolderMemo.Remembered])?
        /// Whether the memo now has every lesson folder of this entry (none changed too recently
        /// to be remembered, no file where a lesson folder belongs).
        var allRemembered = false
        /// Whether the walk changed the memo (``FolderMemo/remember(_:in:)``).
        var remembered = false

        var entries: [Entry] {
            guard let unchanged else { return listed }
            return unchanged.names.flatMap { unchanged.remembered[$0]?.entries ?? [] }
        }
    }

    /// The folders of some lessons only (what a sync of those lessons needs): one `readdir` each.
    static func take(of layout: LibraryLayout, lessons: [LessonID]) async throws -> DirectorySnapshot {
        try await BlockingIO.run {
            var entries: [Entry] = []
            for lesson in lessons.sorted() {
                let folder = "media/" + lesson.type.rawValue + "/" + String(lesson.id)
                let listing: [FolderListing.Entry]
                do {
                    listing = try FolderListing.read(layout.folderPath(for: lesson), statFolders: true)
                } catch FileError.posix(_, _, ENOTDIR) {
                    continue  // a file where the lesson's folder belongs: the full sync reports it
                }
                for file in listing {
                    let (medium, isPartial) = Self.medium(named: file.name)
                    entries += entry(file, folder: folder, key: medium.map { MediaKey(lesson, $0) }, isPartial: isPartial)
                }
            }
            return DirectorySnapshot(entries: entries)
        }
    }

    /// One entry of `media/`: a type folder with its lessons' files, or a file the layout does not
    /// name. With a `memo`, a lesson folder whose stamp it has is not listed again (see
    /// ``take(of:memo:)``); `start`: when the walk began.
    private static func walk(_ typeEntry: FolderListing.Entry, in media: String, memo: FolderMemo?, start: Date) throws -> Walked {
        let typeName = typeEntry.name
        guard typeEntry.isDirectory else { return Walked(listed: entry(typeEntry, folder: "media", key: nil, isPartial: false)) }
        var entries: [Entry] = []
        let type = LessonType(rawValue: typeName)
        let typeFolder = "media/" + typeName
        let typePath = media + "/" + typeName
        let before = memo?.remembered(in: typeName) ?? [:]
        var after: [String: FolderMemo.Remembered] = [:]
        var unchanged: [String]?
        var allRemembered = true
        try FolderListing.withFolder(typePath) { typeDescriptor, listing in
            // Each lesson folder stamped before it is listed: a change after the stamp changes it
            // for the next walk.
            let stamps = memo == nil ? [] : listing.map { $0.isDirectory ? FolderMemo.Stamp($0.name, in: typeDescriptor) : nil }
            if memo != nil, listing.count == before.count,
                zip(listing, stamps).allSatisfy({ listed, stamp in stamp != nil && before[listed.name]?.stamp == stamp })
            {
                unchanged = listing.map(\.name)
                return
            }
            for (index, idEntry) in listing.enumerated() {
                let idName = idEntry.name
                guard idEntry.isDirectory else {
                    entries += entry(idEntry, folder: typeFolder, key: nil, isPartial: false)
                    allRemembered = false
                    continue
                }
                let stamp = memo == nil ? nil : stamps[index]
                if let stamp, let known = before[idName], known.stamp == stamp {
                    entries += known.entries
                    after[idName] = known
                    continue
                }
                let lesson = type.flatMap { type in Int(idName).flatMap { $0 > 0 && String($0) == idName ? LessonID(type, $0) : nil } }
                let relativeFolder = typeFolder + "/" + idName
                var found: [Entry] = []
                for file in try FolderListing.read(idName, in: typeDescriptor, parentPath: typePath, statFolders: true) {
                    let (medium, isPartial) = lesson == nil ? (nil, false) : Self.medium(named: file.name)
                    let key = medium.flatMap { medium in lesson.map { MediaKey($0, medium) } }
                    found += entry(file, folder: relativeFolder, key: key, isPartial: isPartial)
                }
                entries += found
                if let stamp, stamp.isSettled(before: start) {
                    after[idName] = .init(stamp: stamp, entries: found)
                } else {
                    allRemembered = false
                }
            }
        }
        // Unchanged: the memo stays as it is.
        if let unchanged { return Walked(unchanged: (unchanged, before), allRemembered: true) }
        memo?.remember(after, in: typeName)
        return Walked(listed: entries, allRemembered: allRemembered, remembered: memo != nil)
    }

    /// `audio.mp3` → audio; `audio.mp3.partial` → audio, partial; anything else → `nil`.
    static func medium(named name: String) -> (MediaKind?, Bool) {
        for (medium, final, partial) in fileNames {
            if name == final { return (medium, false) }
            if name == partial { return (medium, true) }
        }
        return (nil, false)
    }

    /// Each medium's file name and partial file name, made once.
    private static let fileNames: [(MediaKind, String, String)] = MediaKind.allCases.map { medium in
        (medium, medium.fileName, medium.fileName + LibraryLayout.partialSuffix)
    }

    /// The entry for a regular file (a folder in a file's place is unplaced).
    private static func entry(_ listed: FolderListing.Entry, folder: String, key: MediaKey?, isPartial: Bool) -> [Entry] {
        guard let size = listed.size, let modified = listed.modified else { return [] }  // gone since the listing
        let regular = listed.isRegularFile
        return [
            Entry(
                folder: folder, name: listed.name, size: size, modified: modified, key: regular ? key : nil,
                isPartial: regular && isPartial)
        ]
    }
}

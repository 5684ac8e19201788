import Foundation
import NIOConcurrencyHelpers

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the last quick walk found in each lesson folder, kept by one library instance, so that the
/// next quick walk (``LessonLibrary/downloads(sync:)`` runs one each time) lists again only the
/// folders whose entries changed: one `stat` per lesson folder instead of an open, a `readdir` and
/// a `stat` per file.
///
/// A folder's entries are taken as they were while its stamp (device, inode, modification and
/// change times) is the same. Creating, removing or renaming a file in a folder changes its
/// modification time, so a file gone or dropped into place is always seen; a file rewritten in
/// place under the same name (its size changed, no entry changed) is seen by the full
/// ``LessonLibrary/sync(_:progress:)``, which never uses the memo. A folder changed within
/// ``settling`` of a walk is not remembered (two changes within one tick of the kernel's clock
/// may leave the same time): it is listed again the next time.
final class FolderMemo: Sendable {
    /// How recent a folder's last change may be for its listing to be remembered.
    static let settling: TimeInterval = 1

    struct Stamp: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var modified: Int64
        var modifiedNanoseconds: Int64
        var changed: Int64
        var changedNanoseconds: Int64

        /// The stamp of the folder `name` in the open folder `parent`, following links as the
        /// listing does; `nil` when it is gone or not a folder.
        init?(_ name: String, in parent: Int32) {
            var info = stat()
            guard fstatat(parent, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            #if canImport(Darwin)
            (modified, modifiedNanoseconds) = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
            (changed, changedNanoseconds) = (Int64(info.st_ctimespec.tv_sec), Int64(info.st_ctimespec.tv_nsec))
            #else
            (modified, modifiedNanoseconds) = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
            (changed, changedNanoseconds) = (Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec))
            #endif
        }

        /// Whether the folder last changed at least ``FolderMemo/settling`` before `start`.
        func isSettled(before start: Date) -> Bool {
            let latest = max(Double(modified) + Double(modifiedNanoseconds) / 1e9, Double(changed) + Double(changedNanoseconds) / 1e9)
            return latest + FolderMemo.settling <= start.timeIntervalSince1970
        }
    }

    struct Remembered: Sendable {
        var stamp: Stamp
        var entries: [DirectorySnapshot.Entry]
    }

    /// What is remembered, under one lock: each type folder's lesson folders (by name), a
    /// count of the changes made to them, and the last quick walk's snapshot.
    private struct Contents {
        var folders: [String: [String: Remembered]] = [:]
        var generation: UInt64 = 0
        var last: (names: [String], snapshot: DirectorySnapshot)?
        var serials: UInt64 = 0
    }
    private let contents = NIOLockedValueBox(Contents())

    /// The lesson folders of one type folder as remembered.
    func remembered(in typeFolder: String) -> [String: Remembered] {
        contents.withLockedValue { $0.folders[typeFolder] ?? [:] }
    }

    /// Replaces what is remembered of one type folder (a folder no longer there is forgotten).
    /// The last snapshot goes with it: it may no longer match.
    func remember(_ lessons: [String: Remembered], in typeFolder: String) {
        contents.withLockedValue { contents in
            contents.folders[typeFolder] = lessons
            contents.generation &+= 1
            contents.last = nil
        }
    }

    /// Forgets every type folder but these (the ones the last walk found).
    func keepOnly(_ typeFolders: Set<String>) {
        contents.withLockedValue { contents in contents.folders = contents.folders.filter { typeFolders.contains($0.key) } }
    }

    /// How many times ``remember(_:in:)`` changed the memo: a walk notes it when it starts.
    var generation: UInt64 {
        contents.withLockedValue { $0.generation }
    }

    /// A new number for the snapshot of a quick walk (never 0).
    func nextSerial() -> UInt64 {
        contents.withLockedValue { contents in
            contents.serials &+= 1
            return contents.serials
        }
    }

    /// The snapshot of the last quick walk, if `media/` held the same names and it was kept.
    func lastSnapshot(for names: [String]) -> DirectorySnapshot? {
        contents.withLockedValue { $0.last?.names == names ? $0.last?.snapshot : nil }
    }

    /// Keeps (or, with `nil`, forgets) the snapshot of a quick walk, with the names `media/` held.
    /// Kept only if the memo changed by the walk's own ``remember(_:in:)`` calls alone
    /// (`generation`: the count at its start plus its own): a walk running beside it may have
    /// remembered a folder as it is later than this snapshot has it.
    func keep(_ snapshot: DirectorySnapshot?, for names: [String], ifGeneration expected: UInt64) {
        contents.withLockedValue { contents in
            contents.last = contents.generation == expected ? snapshot.map { (names, $0) } : nil
        }
    }
}

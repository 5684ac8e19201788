import NIOConcurrencyHelpers

/// What a library instance keeps of its last reads of a library at rest, each with the registry
/// ``LibraryDatabase/Version`` taken before the read: valid while the version is the same (no
/// commit since, by this process or another). A Downloads screen asks for the list again and
/// again; while nothing changes, neither the list nor the quick sync's plan is made again.
final class RegistryReadCache: Sendable {
    /// A quick sync that found nothing to change.
    struct QuietSync: Sendable {
        /// The registry's version before its read.
        var version: LibraryDatabase.Version
        /// Its folder snapshot's serial (``DirectorySnapshot/serial``).
        var snapshot: UInt64
        /// What it reported (files it could not place, if any: nothing that changes anything).
        var report: SyncReport
    }

    private let list = NIOLockedValueBox<(version: LibraryDatabase.Version, lessons: [DownloadedLesson])?>(nil)
    private let quiet = NIOLockedValueBox<QuietSync?>(nil)
    /// How many times each was answered from what was kept (what the tests look at).
    private let counts = NIOLockedValueBox<(list: Int, quiet: Int)>((0, 0))
    var hits: (list: Int, quiet: Int) { counts.withLockedValue { $0 } }

    /// The downloads list read at `version`, if that is the last one kept.
    func list(at version: LibraryDatabase.Version) -> [DownloadedLesson]? {
        let kept = list.withLockedValue { $0?.version == version ? $0?.lessons : nil }
        if kept != nil { counts.withLockedValue { $0.list += 1 } }
        return kept
    }

    func keepList(_ lessons: [DownloadedLesson], at version: LibraryDatabase.Version) {
        list.withLockedValue { $0 = (version, lessons) }
    }

    /// The last quiet quick sync, if the registry is still at its version.
    func quietSync(at version: LibraryDatabase.Version) -> QuietSync? {
        quiet.withLockedValue { $0?.version == version ? $0 : nil }
    }

    /// Counts a quick sync answered by the last quiet one (its snapshot handed back too).
    func answeredQuietly() {
        counts.withLockedValue { $0.quiet += 1 }
    }

    func keepQuietSync(_ sync: QuietSync?) {
        quiet.withLockedValue { $0 = sync }
    }
}

import Foundation

/// The size and free space of the file system that holds a folder.
struct DiskSpace: Sendable, Equatable {
    var total: Int
    var free: Int

    /// Measured with `statfs` (through Foundation); `nil` when the file system does not say.
    static func measure(_ folder: URL) -> DiskSpace? {
        guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder.path),
            let total = (attributes[.systemSize] as? NSNumber)?.intValue,
            let free = (attributes[.systemFreeSize] as? NSNumber)?.intValue, total > 0
        else { return nil }
        return DiskSpace(total: total, free: min(free, total))
    }

    /// What else uses the disk: its used space less the library's `lessons` bytes (never below 0).
    func other(besides lessons: Int) -> Int { max(total - free - lessons, 0) }
}

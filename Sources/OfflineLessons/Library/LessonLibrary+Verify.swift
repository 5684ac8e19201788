import Foundation

/// `sync --verify`: complete files checked against the MD5 their server stated as ETag.
extension LessonLibrary {
    struct ContentCheck {
        var actions: [SyncAction] = []
        var verified = 0
        var unverifiable = 0
    }

    /// Hashes each item's file whose ETag is a plain MD5; a mismatch is a `corrupt` action (and a
    /// `requeued` one with `repair`). Items without such an ETag are counted, not read.
    func check(_ items: [MediaItem], repair: Bool, progress: (@Sendable (MaintenanceProgress) -> Void)?) async throws -> ContentCheck {
        var result = ContentCheck()
        let checkable = items.sorted { $0.key < $1.key }.compactMap { item in
            item.etag.flatMap(MD5Digest.digest(inETag:)).map { (item, $0) }
        }
        result.unverifiable = items.count - checkable.count
        let totalBytes = checkable.reduce(0) { $0 + $1.0.receivedBytes }
        var done = MaintenanceProgress(files: 0, totalFiles: checkable.count, bytes: 0, totalBytes: totalBytes)
        for (item, expected) in checkable {
            try Task.checkCancellation()
            let url = layout.fileURL(item.key.lesson, item.key.medium)
            let start = done
            let actual: String
            do {
                actual = try await BlockingIO.run {
                    var read = 0
                    return try MD5Digest.file(at: url) { count in
                        read += count
                        progress?(
                            MaintenanceProgress(
                                files: start.files, totalFiles: start.totalFiles,
                                bytes: start.bytes + read, totalBytes: start.totalBytes))
                    }
                }
            } catch FileError.posix(_, _, ENOENT) {
                continue  // gone since the walk: the next sync finds it missing
            }
            done.files += 1
            done.bytes += item.receivedBytes
            progress?(done)
            result.verified += 1
            guard actual != expected else { continue }
            let path = "media/\(item.key.lesson.type.rawValue)/\(item.key.lesson.id)/\(url.lastPathComponent)"
            result.actions.append(
                SyncAction(
                    type: item.key.lesson.type, id: item.key.lesson.id, medium: item.key.medium, action: .corrupt, path: path,
                    found: "MD5 \(actual)", bytes: item.receivedBytes,
                    reason: Message(.syncETagMismatch, .text(expected)).description))
            if repair {
                result.actions.append(
                    SyncAction(
                        type: item.key.lesson.type, id: item.key.lesson.id, medium: item.key.medium, action: .requeued, path: nil,
                        found: Message(.syncFoundMovedAside).description, bytes: nil,
                        reason: Message(.syncRepairAgain).description))
            }
        }
        return result
    }
}

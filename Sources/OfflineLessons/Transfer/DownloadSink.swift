import Foundation

/// Receives one attempt's response for one item: checks the head (status, type, `Content-Range`),
/// streams the body into the partial file, and on ``finish()`` verifies, flushes, places and
/// registers the file, in that order (architecture invariant 3).
final class DownloadSink: TransportSink {
    let key: MediaKey
    let store: MediaStore
    let database: LibraryDatabase
    /// The partial file's size when the attempt started.
    let resumeOffset: Int
    /// The total size recorded earlier, when known.
    let knownTotal: Int?
    let report: @Sendable (DownloadEvent) -> Void

    private var partial: PartialFile?
    private(set) var expected: Int?
    private(set) var retryAfter: Duration?
    private var lastReport = ContinuousClock.now

    init(key: MediaKey, store: MediaStore, database: LibraryDatabase, resumeOffset: Int, knownTotal: Int?,
         report: @escaping @Sendable (DownloadEvent) -> Void) {
        self.key = key
        self.store = store
        self.database = database
        self.resumeOffset = resumeOffset
        self.knownTotal = knownTotal
        self.report = report
    }

    /// Bytes in the partial file now.
    var size: Int { partial?.size ?? resumeOffset }

    func receive(head: TransportResponseHead) throws {
        retryAfter = RetryPolicy.retryAfter(head["retry-after"])
        if head.status == 416 {
            // Start over: empty the partial file (under its lock).
            let file = try store.openPartial(key, truncate: true)
            file.release()
            throw TransferError.rangeNotSatisfiable
        }
        guard (200..<300).contains(head.status) else { throw TransferError.httpStatus(head.status) }
        let length = head["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let contentType = (head["content-type"] ?? "").lowercased()
        if contentType.hasPrefix("text/html") || (contentType.hasPrefix("text/") && (length ?? 0) < 64 * 1024) {
            throw TransferError.notMedia(contentType: contentType.split(separator: ";").first.map(String.init) ?? contentType)
        }
        // Open (and lock) without truncating: if another download finished meanwhile, stop here.
        let file = try store.openPartial(key, truncate: false)
        partial = file
        if try database.mediaItem(key)?.state == .complete { throw TransferError.completedElsewhere }
        if head.status == 206 {
            expected = try checkContentRange(head["content-range"], length: length)
            guard file.size == resumeOffset else {
                throw TransferError.inconsistentRange("the partial file changed size during the resume")
            }
        } else {
            expected = length
            try file.truncate()
        }
        try database.recordValidators(key, expectedBytes: expected, etag: head["etag"], lastModified: head["last-modified"])
    }

    /// Checks that a 206 continues the partial file; returns the file's total size.
    private func checkContentRange(_ header: String?, length: Int?) throws -> Int {
        guard let header, header.hasPrefix("bytes ") else {
            throw TransferError.inconsistentRange("a 206 without Content-Range")
        }
        let parts = header.dropFirst(6).split(separator: "/")
        let bounds = parts.first?.split(separator: "-").compactMap { Int($0) } ?? []
        guard parts.count == 2, bounds.count == 2, let total = Int(parts[1]) else {
            throw TransferError.inconsistentRange("unreadable Content-Range '\(header)'")
        }
        guard bounds[0] == resumeOffset, bounds[1] == total - 1 else {
            try? partial?.truncate()
            throw TransferError.inconsistentRange("asked from byte \(resumeOffset), got '\(header)'")
        }
        if let length, length != total - resumeOffset {
            throw TransferError.inconsistentRange("Content-Length \(length) does not match '\(header)'")
        }
        if let knownTotal, knownTotal != total {
            try? partial?.truncate()
            throw TransferError.inconsistentRange("the file was \(knownTotal) bytes and is now \(total)")
        }
        return total
    }

    func receive(bytes: UnsafeRawBufferPointer) throws {
        guard let partial else { throw TransferError.network("body before head") }
        try partial.append(bytes)
        if let expected, partial.size > expected {
            let received = partial.size
            try? partial.truncate()
            throw TransferError.lengthMismatch(expected: expected, received: received)
        }
        let now = ContinuousClock.now
        if now - lastReport > .milliseconds(100) {
            lastReport = now
            report(.progress(key, received: partial.size, expected: expected))
        }
    }

    /// Verifies the length, flushes, renames into place, flushes the folder, then commits.
    /// Returns the file's size.
    func finish() throws -> Int {
        guard let partial else { throw TransferError.network("no response") }
        let total = expected ?? partial.size
        guard partial.size == total else {
            throw TransferError.lengthMismatch(expected: total, received: partial.size)
        }
        // Another instance may have placed and committed the file since this attempt began.
        if try database.mediaItem(key)?.state == .complete { throw TransferError.completedElsewhere }
        // Flush, rename, flush the folder, commit; the lock is held until the commit is done.
        try partial.flush()
        try store.place(partial, as: key)
        try database.markComplete(key, bytes: total)
        partial.release()
        self.partial = nil
        return total
    }

    /// Closes the partial file after a failed attempt; its bytes stay for a resume.
    func abandon() {
        partial?.release()
        partial = nil
    }
}

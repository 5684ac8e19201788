import Foundation
import Logging
import NIOConcurrencyHelpers

/// Receives one attempt's response for one item: checks the head (status, type, `Content-Range`,
/// validators), streams the body into the partial file, and on ``finish()`` verifies, flushes,
/// places and registers the file, in that order (architecture invariant 3).
///
/// The transport calls it one step at a time (the body from its event loop, the head and the
/// checkpoints from a task); its state sits behind a lock so that each step sees the last one's.
final class DownloadSink: TransportSink {
    /// What an attempt needs from the download it belongs to.
    struct Context: Sendable {
        let store: MediaStore
        let database: LibraryDatabase
        let now: @Sendable () -> Date
        let beforeCommit: (@Sendable (MediaKey) async -> Void)?
        let logger: Logger
        let report: @Sendable (DownloadEvent) -> Void
        /// Told of every response head: the server answers.
        let serverWatch: ServerWatch
    }

    /// What the attempt asked for.
    struct Resume {
        /// The partial file's size when the attempt started (0: from the start).
        var offset: Int
        /// The validator sent as `If-Range`, when resuming.
        var validator: String?
        /// Whether that validator is the ETag (else Last-Modified).
        var validatorIsETag: Bool
        /// The file's total size recorded by an earlier attempt, when known.
        var knownTotal: Int?
    }

    let key: MediaKey
    /// The link this attempt fetches, as the item's row had it.
    let link: String
    let context: Context
    let resume: Resume

    let partial: PartialFile

    struct State {
        /// False once the attempt is over: a late callback must not touch the file.
        var isOpen = true
        /// When the request went out (after a transfer slot was free), once it did.
        var requestedAt: ContinuousClock.Instant?
        /// Whether a response head came (any status).
        var receivedHead = false
        var expected: Int?
        /// The `Content-Type` the response announced.
        var declaredType = ""
        var retryAfter: Duration?
        /// Bytes this attempt wrote.
        var bytesWritten = 0
        var lastCheckpoint = ContinuousClock.now
        /// What the head said, while not yet recorded.
        var unrecorded: Validators?
    }

    /// What a response's head says about the file, for the registry.
    struct Validators: Sendable, Equatable {
        var expected: Int?
        var etag: String?
        var lastModified: String?
    }

    let state = NIOLockedValueBox(State())

    /// The file's total size, once the head (or an earlier attempt) told it.
    var expected: Int? { state.withLockedValue { $0.expected } }
    /// The wait a `Retry-After` header asked for.
    var retryAfter: Duration? { state.withLockedValue { $0.retryAfter } }
    /// Bytes this attempt wrote.
    var bytesWritten: Int { state.withLockedValue { $0.bytesWritten } }
    var isOpen: Bool { state.withLockedValue { $0.isOpen } }
    /// Whether the server answered this attempt with a head (any status).
    var receivedHead: Bool { state.withLockedValue { $0.receivedHead } }
    /// When the request went out, once it did.
    var requestedAt: ContinuousClock.Instant? { state.withLockedValue { $0.requestedAt } }

    /// Notes that the request goes out now.
    func markRequested() {
        state.withLockedValue { $0.requestedAt = .now }
    }

    /// Starts an attempt on the item's partial file, which the caller has locked (and keeps locked
    /// across its attempts, so that another download waits for its final result), from `item` as
    /// the caller claimed it under that lock or as its run's registration wrote it. Resumes from
    /// the file when the registry has a validator that can make the range conditional.
    init(_ key: MediaKey, item: MediaItem, file: PartialFile, context: Context) {
        // A strong ETag, else Last-Modified: a weak ETag cannot make a range request conditional.
        let validator = item.etag.flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? item.lastModified
        let resuming = file.size > 0 && validator != nil
        self.key = key
        self.link = item.link
        self.context = context
        self.partial = file
        self.resume = Resume(
            offset: resuming ? file.size : 0, validator: resuming ? validator : nil,
            validatorIsETag: resuming && validator == item.etag,
            knownTotal: resuming ? item.expectedBytes : nil)
    }

    /// The request of this attempt: a conditional range when resuming.
    func request(_ url: URL) -> TransportRequest {
        guard resume.offset > 0, let validator = resume.validator else { return TransportRequest(url: url, headers: [:]) }
        return TransportRequest(url: url, headers: ["Range": "bytes=\(resume.offset)-", "If-Range": validator])
    }

    /// Whether an earlier attempt wrote the whole file and stopped before the rename.
    var isWrittenWhole: Bool {
        resume.offset > 0 && resume.offset == resume.knownTotal
    }

    /// Takes the head on the transport's thread. Its validators are recorded at the first
    /// checkpoint, after a failed attempt (for its resume), or just before the rename, whichever
    /// comes first: a small file's go with its placement, in the same trip off the cooperative pool.
    func receive(head: TransportResponseHead) throws {
        let requested = state.withLockedValue { state in
            state.receivedHead = true
            return state.requestedAt ?? .now
        }
        context.serverWatch.answered(requestedAt: requested)
        let validators = try accept(head)
        state.withLockedValue { state in
            state.unrecorded = validators
            state.lastCheckpoint = ContinuousClock.now
        }
        // Where this attempt starts, so that a progress reader counts only the bytes it transfers.
        context.report(.progress(key, received: partial.size, expected: expected))
    }

    /// Checks a head and takes what it says: returns the validators to record.
    private func accept(_ head: TransportResponseHead) throws -> Validators {
        let retryAfter = RetryPolicy.retryAfter(head["retry-after"])
        state.withLockedValue { $0.retryAfter = retryAfter }
        guard isOpen else { throw TransferError.network(NetworkError(words: Message(.networkResponseAfterEnd))) }
        let file = partial
        if head.status == 416 {
            // Start over: empty the partial file (under its lock).
            try file.truncate()
            throw TransferError.rangeNotSatisfiable
        }
        guard head.status == 200 || head.status == 206 else { throw TransferError.httpStatus(head.status) }
        if let encoding = head["content-encoding"]?.trimmedOfWhitespace.lowercased(), !encoding.isEmpty, encoding != "identity" {
            throw TransferError.encodedBody(contentEncoding: encoding)
        }
        let length = head["content-length"].flatMap { Int($0.trimmedOfWhitespace) }
        let contentType = (head["content-type"] ?? "").lowercased()
        let declaredType = TransportResponseHead.mediaType(of: contentType)
        state.withLockedValue { $0.declaredType = declaredType }
        if contentType.hasPrefix("text/html") || (contentType.hasPrefix("text/") && (length ?? 0) < 64 * 1024) {
            throw TransferError.notMedia(contentType: declaredType)
        }
        if head.status == 200, length == 0 { throw TransferError.emptyBody }
        let expected: Int?
        if head.status == 206 {
            expected = try checkContentRange(head["content-range"], length: length)
            try checkSameVersion(head)
            guard file.size == resume.offset else {
                throw TransferError.inconsistentRange("the partial file changed size during the resume")
            }
        } else {
            try file.truncate()
            // Without a length, a size recorded for the same version still has to match.
            let sameVersion = head["etag"] != nil && head["etag"] == resume.validator
            expected = length ?? (sameVersion ? resume.knownTotal : nil)
        }
        state.withLockedValue { $0.expected = expected }
        // A file of known size starts only if the disk has room for it.
        if let expected { try context.store.checkRoom(for: expected - file.size, at: file) }
        return Validators(expected: expected, etag: head["etag"], lastModified: head["last-modified"])
    }

    /// Records validators; throws when the item was removed, completed by another download, or
    /// requested again with another link.
    func record(_ validators: Validators) async throws {
        try Self.check(
            await context.database.recordValidators(
                key, link: link, expectedBytes: validators.expected, etag: validators.etag, lastModified: validators.lastModified))
    }

    static func check(_ recorded: LibraryDatabase.ValidatorsRecorded) throws {
        switch recorded {
        case .removed: throw TransferError.notRequested
        case .complete: throw TransferError.completedElsewhere
        case .relinked: throw ItemRelinked()
        case .recorded: break
        }
    }

    /// The validators still to record, taken (the caller records them).
    func takeUnrecorded() -> Validators? {
        state.withLockedValue { state in
            defer { state.unrecorded = nil }
            return state.unrecorded
        }
    }

    /// After a failed attempt: the validators its head gave, if not recorded yet and bytes were
    /// written, are recorded, so that the next attempt can resume. A failure here is only logged
    /// (the next attempt then starts over).
    func recordForResume() async {
        guard partial.size > 0, let validators = takeUnrecorded() else { return }
        do {
            try await record(validators)
        } catch {
            context.logger.debug("validators not recorded after a failed attempt", metadata: ["item": "\(key)", "error": "\(error)"])
        }
    }

    /// Throws when another download completed the item, or the user removed it, since this attempt began.
    func checkStillWanted() async throws {
        try await Self.checkStillWanted(key, context.database)
    }

    private static func checkStillWanted(_ key: MediaKey, _ database: LibraryDatabase) async throws {
        guard let item = try await database.mediaItem(key) else { throw TransferError.notRequested }
        if item.state == .complete { throw TransferError.completedElsewhere }
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
        guard bounds[0] == resume.offset, bounds[1] == total - 1 else {
            try? partial.truncate()
            throw TransferError.inconsistentRange("asked from byte \(resume.offset), got '\(header)'")
        }
        if let length, length != total - resume.offset {
            throw TransferError.inconsistentRange("Content-Length \(length) does not match '\(header)'")
        }
        if let knownTotal = resume.knownTotal, knownTotal != total {
            try? partial.truncate()
            throw TransferError.inconsistentRange("the file was \(knownTotal) bytes and is now \(total)")
        }
        return total
    }

    /// A 206 must be of the version the partial file holds (a server may ignore `If-Range`).
    private func checkSameVersion(_ head: TransportResponseHead) throws {
        guard let validator = resume.validator else { return }
        let current = resume.validatorIsETag ? head["etag"] : head["last-modified"]
        if let current, current != validator {
            try? partial.truncate()
            throw TransferError.inconsistentRange("the server sent part of another version (\(current), not \(validator))")
        }
    }

    func receive(bytes: UnsafeRawBufferPointer) throws {
        try state.withLockedValue { state in
            guard state.isOpen else { throw TransferError.network(NetworkError(words: Message(.networkBytesAfterEnd))) }
            // The body's first bytes are looked at, not only its Content-Type.
            if partial.size == 0, MarkupSniffer.isMarkup(bytes) {
                throw TransferError.markupBody(contentType: state.declaredType)
            }
            let size = try partial.append(bytes)
            state.bytesWritten += bytes.count
            if let expected = state.expected, size > expected {
                try? partial.truncate()
                throw TransferError.lengthMismatch(expected: expected, received: size)
            }
        }
    }

    /// Every 100 ms.
    var checkpointDue: Bool {
        ContinuousClock.now - state.withLockedValue { $0.lastCheckpoint } > .milliseconds(100)
    }

    /// A removal stops the download here, not at the end, and progress is reported.
    func checkpoint() async throws {
        state.withLockedValue { $0.lastCheckpoint = ContinuousClock.now }
        // One write records the validators (for a resume) and checks the item is still wanted.
        if let validators = takeUnrecorded() { try await record(validators) } else { try await checkStillWanted() }
        context.report(.progress(key, received: partial.size, expected: expected))
    }

    /// Ends a failed attempt: later callbacks are refused; the file stays with the caller.
    func end() {
        state.withLockedValue { $0.isOpen = false }
    }
}

import Foundation
import Logging

/// Downloads one item from start to registration: resume from a partial file when the validators
/// allow it, retries with backoff, and the final state written to the registry.
struct MediaFetcher: Sendable {
    let database: LibraryDatabase
    let store: MediaStore
    let transport: any Transport
    let retry: RetryPolicy
    let logger: Logger

    func fetch(_ key: MediaKey, report: @escaping @Sendable (DownloadEvent) -> Void) async -> ItemOutcome {
        do {
            return try await attemptAll(key, report: report)
        } catch {
            // A registry or file error outside an attempt: nothing was placed.
            let reason = "\(error)"
            logger.error("download failed", metadata: ["item": "\(key)", "error": "\(reason)"])
            record { try database.markFailed(key, reason: reason, attempts: 0, receivedBytes: store.partialSize(key)) }
            report(.failed(key, reason: reason))
            return .failed(reason)
        }
    }

    private func attemptAll(_ key: MediaKey, report: @escaping @Sendable (DownloadEvent) -> Void) async throws -> ItemOutcome {
        guard let item = try database.mediaItem(key) else {
            report(.failed(key, reason: TransferError.notRequested.description))
            return .failed(TransferError.notRequested.description)
        }
        if let done = try alreadyDone(key, item, report: report) { return done }
        guard let url = URL(string: item.url) else {
            let reason = "the registered URL '\(item.url)' is not valid"
            try database.markFailed(key, reason: reason, attempts: 0, receivedBytes: 0)
            report(.failed(key, reason: reason))
            return .failed(reason)
        }
        try database.markDownloading(key)
        var current = item
        var retries = 0, attempts = item.attempts
        var highWater = store.partialSize(key)
        while true {
            if Task.isCancelled { return cancel(key, report: report) }
            attempts += 1
            let offset = store.partialSize(key)
            // A strong ETag, else Last-Modified: a weak ETag cannot make a range request conditional.
            let validator = current.etag.flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? current.lastModified
            let resuming = offset > 0 && validator != nil
            let sink = DownloadSink(
                key: key, store: store, database: database,
                resume: .init(offset: resuming ? offset : 0, validator: resuming ? validator : nil,
                              validatorIsETag: resuming && validator == current.etag,
                              knownTotal: resuming ? current.expectedBytes : nil),
                report: report)
            do {
                let bytes: Int
                if resuming, let total = current.expectedBytes, offset == total {
                    // Written whole by an earlier attempt that stopped before the rename.
                    bytes = try sink.finishWritten(total: total)
                } else {
                    let headers = resuming ? ["Range": "bytes=\(offset)-", "If-Range": validator ?? ""] : [:]
                    try await transport.fetch(TransportRequest(url: url, headers: headers), into: sink)
                    bytes = try sink.finish()
                }
                report(.completed(key, bytes: bytes, alreadyPresent: false))
                return .completed(bytes: bytes, alreadyPresent: false)
            } catch {
                sink.abandon()
                if Task.isCancelled { return cancel(key, report: report) }
                guard let refreshed = try database.mediaItem(key) else {
                    // Removed while downloading: leave nothing behind.
                    try? store.deletePartial(key)
                    report(.failed(key, reason: ItemOutcome.removedReason))
                    return .removed
                }
                current = refreshed
                if let done = try alreadyDone(key, refreshed, report: report) { return done }
                let size = store.partialSize(key)
                // Progress made by this attempt (not by another process writing the same file).
                if sink.bytesWritten > 0, size > highWater {
                    highWater = size
                    retries = 0
                }
                retries += 1
                let reason = "\(error)"
                let retryable = Self.isRetryable(error)
                if !retryable || retries > retry.maxRetries {
                    return try giveUp(key, error: error, retryable: retryable, attempts: attempts, report: report)
                }
                try database.recordAttempt(key, attempts: attempts, receivedBytes: size, error: reason)
                let delay = retry.delay(beforeRetry: retries, retryAfter: sink.retryAfter)
                logger.debug("retrying", metadata: ["item": "\(key)", "retry": "\(retries)", "error": "\(reason)"])
                report(.retrying(key, retry: retries, delay: delay, reason: reason))
                try? await Task.sleep(for: delay)
            }
        }
    }

    /// Complete already, or (a crash after the rename and before the commit) a file in place of the
    /// recorded size, which is adopted.
    private func alreadyDone(_ key: MediaKey, _ item: MediaItem, report: @Sendable (DownloadEvent) -> Void) throws -> ItemOutcome? {
        if item.state == .complete {
            report(.completed(key, bytes: item.receivedBytes, alreadyPresent: true))
            return .completed(bytes: item.receivedBytes, alreadyPresent: true)
        }
        guard let expected = item.expectedBytes, expected > 0, store.finalSize(key) == expected else { return nil }
        try database.markComplete(key, bytes: expected, event: .adopted)
        report(.completed(key, bytes: expected, alreadyPresent: true))
        return .completed(bytes: expected, alreadyPresent: true)
    }

    private func giveUp(_ key: MediaKey, error: any Error, retryable: Bool, attempts: Int,
                        report: @Sendable (DownloadEvent) -> Void) throws -> ItemOutcome {
        let reason = retryable ? "\(error) (gave up after \(attempts) attempts)" : "\(error)"
        if case FileError.inUse = error {
            // Another process is downloading it: not a failure of the item; it stays queued.
            try database.requeue(key, receivedBytes: store.partialSize(key))
        } else {
            // A refused request (4xx) makes the partial worthless; a disk error does not.
            if error is TransferError, !retryable { try? store.deletePartial(key) }
            try database.markFailed(key, reason: reason, attempts: attempts, receivedBytes: store.partialSize(key))
        }
        report(.failed(key, reason: reason))
        return .failed(reason)
    }

    private func cancel(_ key: MediaKey, report: @Sendable (DownloadEvent) -> Void) -> ItemOutcome {
        record {
            if try database.mediaItem(key) == nil {
                try store.deletePartial(key)  // removed as well: nothing to resume
            } else {
                try database.requeue(key, receivedBytes: store.partialSize(key))
            }
        }
        report(.cancelled(key))
        return .cancelled
    }

    /// Runs a registry write whose failure cannot change the outcome, logging it.
    private func record(_ write: () throws -> Void) {
        do { try write() } catch { logger.error("registry write failed", metadata: ["error": "\(error)"]) }
    }

    static func isRetryable(_ error: any Error) -> Bool {
        switch error {
        case let error as TransferError: error.isRetryable
        case let error as FileError: !error.isFinal
        case is RegistryError: false
        default: true
        }
    }
}

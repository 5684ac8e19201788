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
            try? database.markFailed(key, reason: reason, attempts: 0, receivedBytes: store.partialSize(key))
            report(.failed(key, reason: reason))
            return .failed(reason)
        }
    }

    private func attemptAll(_ key: MediaKey, report: @escaping @Sendable (DownloadEvent) -> Void) async throws -> ItemOutcome {
        guard let item = try database.mediaItem(key) else {
            report(.failed(key, reason: TransferError.notRequested.description))
            return .failed(TransferError.notRequested.description)
        }
        if item.state == .complete {
            report(.completed(key, bytes: item.receivedBytes, alreadyPresent: true))
            return .completed(bytes: item.receivedBytes, alreadyPresent: true)
        }
        // A crash after the rename and before the commit: the file in place is the verified one.
        if let expected = item.expectedBytes, store.finalSize(key) == expected {
            try database.markComplete(key, bytes: expected, event: .adopted)
            report(.completed(key, bytes: expected, alreadyPresent: true))
            return .completed(bytes: expected, alreadyPresent: true)
        }
        guard let url = URL(string: item.url) else {
            let reason = "the registered URL '\(item.url)' is not valid"
            try database.markFailed(key, reason: reason, attempts: 0, receivedBytes: 0)
            report(.failed(key, reason: reason))
            return .failed(reason)
        }
        try database.markDownloading(key)
        var validators = (etag: item.etag, lastModified: item.lastModified, total: item.expectedBytes)
        var retries = 0, attempts = item.attempts
        var highWater = store.partialSize(key)
        while true {
            if Task.isCancelled { return cancel(key, report: report) }
            attempts += 1
            var offset = store.partialSize(key)
            let validator = validators.etag ?? validators.lastModified
            var headers: [String: String] = [:]
            if offset > 0, let validator {
                headers = ["Range": "bytes=\(offset)-", "If-Range": validator]
            } else {
                offset = 0
            }
            let sink = DownloadSink(
                key: key, store: store, database: database, resumeOffset: offset,
                knownTotal: offset > 0 ? validators.total : nil, report: report)
            do {
                try await transport.fetch(TransportRequest(url: url, headers: headers), into: sink)
                let bytes = try sink.finish()
                report(.completed(key, bytes: bytes, alreadyPresent: false))
                return .completed(bytes: bytes, alreadyPresent: false)
            } catch {
                sink.abandon()
                if Task.isCancelled { return cancel(key, report: report) }
                if let refreshed = try database.mediaItem(key) {
                    // Another download of the same item (another process) finished first.
                    if refreshed.state == .complete {
                        report(.completed(key, bytes: refreshed.receivedBytes, alreadyPresent: true))
                        return .completed(bytes: refreshed.receivedBytes, alreadyPresent: true)
                    }
                    validators = (refreshed.etag, refreshed.lastModified, refreshed.expectedBytes)
                }
                let size = store.partialSize(key)
                if size > highWater {
                    highWater = size
                    retries = 0
                }
                retries += 1
                let retryable = Self.isRetryable(error)
                let reason = "\(error)"
                if !retryable || retries > retry.maxRetries {
                    if !retryable { try? store.deletePartial(key) }
                    let final = retryable ? "\(reason) (gave up after \(attempts) attempts)" : reason
                    try database.markFailed(key, reason: final, attempts: attempts, receivedBytes: store.partialSize(key))
                    report(.failed(key, reason: final))
                    return .failed(final)
                }
                try database.recordAttempt(key, attempts: attempts, receivedBytes: size, error: reason)
                let delay = retry.delay(beforeRetry: retries, retryAfter: sink.retryAfter)
                logger.debug("retrying", metadata: ["item": "\(key)", "retry": "\(retries)", "error": "\(reason)"])
                report(.retrying(key, retry: retries, delay: delay, reason: reason))
                try? await Task.sleep(for: delay)
            }
        }
    }

    private func cancel(_ key: MediaKey, report: @Sendable (DownloadEvent) -> Void) -> ItemOutcome {
        try? database.requeue(key, receivedBytes: store.partialSize(key))
        report(.cancelled(key))
        return .cancelled
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

import Foundation
import Logging

/// How a download ends when it does not complete: a failure outside an attempt, giving up after
/// the retries, a cancel, a full disk; and which errors are worth another attempt.
extension MediaFetcher {
    /// A registry or file error outside an attempt: nothing was placed.
    func failedOutsideAttempt(
        _ key: MediaKey, _ error: any Error, receivedBytes: Int,
        report: @Sendable (DownloadEvent) -> Void
    ) async -> ItemOutcome {
        if Self.isDiskFull(error) { return await stopForFullDisk(key, error, receivedBytes: receivedBytes, report: report) }
        let reason = "\(error)"
        logger.error("download failed", metadata: ["item": "\(key)", "error": "\(reason)"])
        await record { try await database.markFailed(key, reason: reason, attempts: 0, receivedBytes: receivedBytes, at: now()) }
        report(.failed(key, reason: reason))
        return .failed(reason)
    }

    func giveUp(
        _ key: MediaKey, _ file: PartialFile, error: any Error, retryable: Bool, attempts: Int,
        report: @Sendable (DownloadEvent) -> Void
    ) async throws -> ItemOutcome {
        if Self.isDiskFull(error) { return await stopForFullDisk(key, error, receivedBytes: file.size, report: report) }
        let reason = retryable ? Message(.detailGaveUp, .text("\(error)"), .number(attempts)).description : "\(error)"
        // A refused request (4xx) makes the partial worthless (emptied, it is removed when let go);
        // a disk error does not.
        if error is TransferError, !retryable { try? file.truncate() }
        try await database.markFailed(key, reason: reason, attempts: attempts, receivedBytes: file.size, at: now())
        report(.failed(key, reason: reason))
        return .failed(reason)
    }

    /// Ends a cancelled download: back in the queue when this download holds the item (`file`);
    /// left to the download that holds it otherwise.
    func cancel(_ key: MediaKey, holding file: PartialFile?, report: @Sendable (DownloadEvent) -> Void) async -> ItemOutcome {
        await record {
            if try await database.mediaItem(key) == nil {  // removed as well: nothing to resume
                if let file { try file.truncate() } else { try await store.deletePartial(key) }
            } else if let file {
                try await database.requeue(key, receivedBytes: file.size)
            }
        }
        report(.cancelled(key))
        return .cancelled
    }

    /// The disk is full: the item goes back to the queue with the reason (when the registry can
    /// still be written), its bytes stay for a resume, and the run is told to stop.
    func stopForFullDisk(
        _ key: MediaKey, _ error: any Error, receivedBytes: Int,
        report: @Sendable (DownloadEvent) -> Void
    ) async -> ItemOutcome {
        let reason = "\(error)"
        logger.error("disk full", metadata: ["item": "\(key)", "error": "\(reason)"])
        await record { try await database.requeue(key, receivedBytes: receivedBytes, reason: reason) }
        report(.stopped(key, reason: reason))
        return .diskFull(reason)
    }

    static func isDiskFull(_ error: any Error) -> Bool {
        switch error {
        case let error as FileError: error.isDiskFull
        case let error as RegistryError: error.isDiskFull
        default: false
        }
    }

    /// Runs a registry write whose failure cannot change the outcome, logging it.
    func record(_ write: () async throws -> Void) async {
        do { try await write() } catch { logger.error("registry write failed", metadata: ["error": "\(error)"]) }
    }

    static func isRetryable(_ error: any Error) -> Bool {
        switch error {
        case let error as TransferError: error.isRetryable
        case let error as FileError: !error.isFinal
        case let error as RegistryError: error.isTransient
        default: true
        }
    }
}

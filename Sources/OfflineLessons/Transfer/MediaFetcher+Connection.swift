import Foundation
import Logging

/// A server that cannot be reached or sends nothing is not the item's fault: such a failure is
/// counted for the whole run, and it never fails the item (it goes back to the queue instead).
extension MediaFetcher {
    /// What follows a connection-level failure.
    enum ConnectionStep {
        case retry(after: Duration)
        case over(ItemOutcome)
    }

    /// The network failure of an attempt when it is connection-level and came before any response
    /// head (no connection, nothing within the stall timeout, a reset before the head); a stall
    /// or a reset after the head is the item's, retried as such.
    static func connectionFailure(_ error: any Error, answered: Bool) -> NetworkError? {
        guard !answered, case TransferError.network(let failure) = error, failure.isConnectionLevel else { return nil }
        return failure.beforeResponse
    }

    /// Counts the failure for the run. The item retries after its backoff, counted from the
    /// attempt's request (a timeout has waited already); it goes back to the queue, its bytes kept,
    /// when the run finds the server down or the item's connection retries are spent.
    func afterConnectionFailure(
        _ key: MediaKey, _ file: PartialFile, _ failure: NetworkError, inARow failures: Int, retries: Int, attempts: Int,
        took: Duration, watch: ServerWatch, report: @Sendable (DownloadEvent) -> Void
    ) async throws -> ConnectionStep {
        let reason = failure.summary
        let verdict = watch.connectionFailed()
        if verdict == .waiting(first: true) { report(.serverNotAnswering(reason: reason)) }
        if verdict == .down { return .over(await backInQueue(key, file, reason: reason)) }
        if failures > retry.maxConnectionRetries || retries > retry.maxRetries {
            _ = watch.itemGaveUp(after: failures)
            return .over(await backInQueue(key, file, reason: reason))
        }
        try await database.recordAttempt(key, attempts: attempts, receivedBytes: file.size, error: reason)
        logger.debug("server not answering", metadata: ["item": "\(key)", "failures": "\(failures)", "error": "\(reason)"])
        let backoff = retry.delay(beforeRetry: failures)
        return .retry(after: backoff > took ? backoff - took : .zero)
    }

    /// The item back in the queue with its bytes and the reason; its end is reported by the run
    /// (after the run says it stops, when it does).
    private func backInQueue(_ key: MediaKey, _ file: PartialFile, reason: String) async -> ItemOutcome {
        logger.notice("server unreachable; the item stays queued", metadata: ["item": "\(key)", "error": "\(reason)"])
        await record { try await database.requeue(key, receivedBytes: file.size, reason: reason) }
        return .unreachable(reason)
    }
}

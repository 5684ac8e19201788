import Foundation

/// When and how often a failed download is tried again: exponential backoff with jitter, the
/// server's `Retry-After` honoured, the count reset whenever an attempt advanced the file.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts after the first (at least 3).
    public var maxRetries: Int
    /// Attempts after a connection-level failure (no connection, or nothing received within the
    /// stall timeout), reset by any response; then the item goes back to the queue, not failed.
    public var maxConnectionRetries: Int
    /// The first delay; each retry doubles it.
    public var baseDelay: Duration
    /// The longest computed delay.
    public var maxDelay: Duration
    /// The longest `Retry-After` obeyed.
    public var maxRetryAfter: Duration

    public init(
        maxRetries: Int = 5, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(30),
        maxRetryAfter: Duration = .seconds(120), maxConnectionRetries: Int = 2
    ) {
        self.maxRetries = max(3, maxRetries)
        self.maxConnectionRetries = max(0, maxConnectionRetries)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// The delay before retry number `retry` (1-based): base × 2^(retry-1), capped, with jitter
    /// in [50%, 100%]; a `Retry-After` wins when it asks for longer.
    public func delay(beforeRetry retry: Int, retryAfter: Duration? = nil) -> Duration {
        let exponent = Double(min(max(retry - 1, 0), 30))
        let computed = min(baseDelay.seconds * pow(2, exponent), maxDelay.seconds)
        let jittered = computed * Double.random(in: 0.5...1.0)
        let asked = retryAfter.map { min($0.seconds, maxRetryAfter.seconds) } ?? 0
        return .milliseconds(Int((max(jittered, asked) * 1000).rounded()))
    }

    /// Parses `Retry-After`: seconds, or an HTTP date.
    public static func retryAfter(_ header: String?, now: Date = Date()) -> Duration? {
        guard let header = header?.trimmedOfWhitespace, !header.isEmpty else { return nil }
        if let seconds = Int(header) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: header) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSince(now) * 1000)))
    }
}

import NIOConcurrencyHelpers
import NIOCore

/// Paces every transfer of a transport together to at most `bytesPerSecond` (`--limit-rate`): a
/// token bucket that starts empty and holds at most one second's bytes, so that neither the start
/// nor a pause turns into a burst.
final class RateLimit: Sendable {
    let bytesPerSecond: Int
    private let bucket: NIOLockedValueBox<(tokens: Double, at: NIODeadline)>

    init(bytesPerSecond: Int) {
        self.bytesPerSecond = max(1, bytesPerSecond)
        bucket = NIOLockedValueBox((0, .now()))
    }

    /// Takes `bytes` from the bucket; returns how long the connection should wait before reading
    /// more (zero while within the rate).
    func take(_ bytes: Int) -> TimeAmount {
        let rate = Double(bytesPerSecond)
        return bucket.withLockedValue { bucket in
            let now = NIODeadline.now()
            let elapsed = Double((now - bucket.at).nanoseconds) / 1e9
            bucket.tokens = min(bucket.tokens + elapsed * rate, rate) - Double(bytes)
            bucket.at = now
            return bucket.tokens >= 0 ? .zero : .nanoseconds(Int64(-bucket.tokens / rate * 1e9))
        }
    }
}

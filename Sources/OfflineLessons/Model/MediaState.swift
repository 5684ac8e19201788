/// The state of one medium of one lesson in the registry:
/// `queued → downloading → complete`, or `failed`; `missing` once a complete file is gone.
public enum MediaState: String, Sendable, Codable, CaseIterable {
    case queued
    case downloading
    case complete
    /// Retries exhausted or a final HTTP error; the reason is kept.
    case failed
    /// Was complete; the file is gone (found by sync).
    case missing
    /// Was complete; the file on disk is not the one registered (wrong size, or a checksum that
    /// does not match): it was moved aside (found by sync).
    case corrupt
}

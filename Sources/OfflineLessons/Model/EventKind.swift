/// Why an entry was written to the event log.
public enum EventKind: String, Sendable, Codable, CaseIterable {
    case requested, completed, failed, removed, missing, adopted, expired, imported
    /// A file found in place that no download brought, adopted by sync.
    case discovered
    /// A complete file of the wrong size or checksum, found by sync.
    case corrupt
    /// A file moved out of the way (to the library's `aside` folder), not deleted.
    case movedAside
    case pinned, unpinned
    /// A queued or running download the user cancelled: the item left the queue.
    case cancelled
}

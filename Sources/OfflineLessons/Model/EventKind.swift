/// Why an entry was written to the event log.
public enum EventKind: String, Sendable, Codable, CaseIterable {
    case requested, completed, failed, removed, missing, adopted, expired, imported
}

import Foundation

/// The most the library should hold, kept in the registry across restarts: what an app passes to
/// ``LessonLibrary/clean(_:dryRun:)`` as ``RetentionPolicy/maxBytes``.
extension LessonLibrary {
    static let storageQuotaSetting = "storageQuotaBytes"

    /// The quota in bytes, or `nil` when none is set.
    public func storageQuota() async throws -> Int? {
        guard let value = try await database.setting(Self.storageQuotaSetting) else { return nil }
        return Int(value).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Sets the quota in bytes (more than 0); `nil` removes it. Removes nothing by itself: see
    /// ``clean(_:dryRun:)``.
    public func setStorageQuota(_ bytes: Int?) async throws {
        try checkWritable()
        if let bytes, bytes <= 0 { throw LibraryError.invalidQuota(bytes) }
        try await database.setSetting(Self.storageQuotaSetting, bytes.map(String.init))
    }
}

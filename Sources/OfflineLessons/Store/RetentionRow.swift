import Foundation

/// A registered lesson as retention reads it: whether it is pinned, and its complete items.
struct RetentionRow: Sendable {
    /// A complete item: its size, when it was completed, and when it was last used (never before
    /// its completion).
    struct Item: Sendable {
        var key: MediaKey
        var bytes: Int
        var completedAt: Date
        var lastUsed: Date
    }

    var lesson: LessonID
    var pinned: Bool
    var items: [Item]
}

import Foundation

/// The Shas as the library has it, and how much of the catalog is cached for offline use.
public struct CatalogSnapshot: Sendable, Hashable {
    public var shas: Shas
    public var source: CatalogSource
    public var fetchedAt: Date
    /// Lessons of each type whose listing is cached.
    public var cachedLessons: [LessonType: Int]

    public init(shas: Shas, source: CatalogSource, fetchedAt: Date, cachedLessons: [LessonType: Int]) {
        self.shas = shas
        self.source = source
        self.fetchedAt = fetchedAt
        self.cachedLessons = cachedLessons
    }
}

extension LessonLibrary {
    /// The registered lessons that are pinned (``pin(_:)``): `clean` never removes them.
    public func pinnedLessons() async throws -> Set<LessonID> {
        Set(try await database.retentionSnapshot().filter(\.pinned).map(\.lesson))
    }
}

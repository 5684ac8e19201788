import Foundation

extension LessonLibrary {
    /// Records that a lesson was played or opened now: the quota sweep of ``clean(_:dryRun:)``
    /// removes the least recently used lessons first, and this is what "used" means. An app calls
    /// it when it starts playback or shows the PDF. A lesson the library does not hold is ignored.
    public func recordUse(of lesson: LessonID) async throws {
        try checkWritable()
        try await database.recordUse(of: lesson, at: now())
    }
}

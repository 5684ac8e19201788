extension LessonLibrary {
    /// The registry's event log, newest first: every change with its reason (requested,
    /// completed, failed, missing, adopted, removed), for one lesson or the whole library.
    public func history(of lesson: LessonID? = nil) async throws -> [RegistryEvent] {
        try await database.events(of: lesson).reversed()
    }
}

extension LessonLibrary {
    /// Every unfinished or failed item of the library (queued, downloading, failed), plus the
    /// current state of the `also` items whatever it is, read from the registry and the partial
    /// files: downloads run by another process on the same library (a `lessons download` in a
    /// terminal) show here, which ``observe()`` cannot see. One registry read and one `stat` per
    /// item; cheap enough to poll every second.
    public func transfers(also keys: Set<MediaKey> = []) async throws -> [TransferSnapshot] {
        var items = try await database.mediaItems(in: [.queued, .downloading, .failed])
        let listed = Set(items.map(\.key))
        var gone: [MediaKey] = []
        for key in keys.subtracting(listed).sorted() {
            if let item = try await database.mediaItem(key) { items.append(item) } else { gone.append(key) }
        }
        var result = items.map { item in
            let writing = store.isBeingWritten(item.key)
            let received: Int =
                switch item.state {
                case .complete: item.receivedBytes
                case .queued, .downloading: max(store.partialSize(item.key), item.receivedBytes)
                default: item.receivedBytes
                }
            return TransferSnapshot(
                key: item.key, state: item.state, receivedBytes: received, expectedBytes: item.expectedBytes,
                lastError: item.lastError, isBeingWritten: writing)
        }
        result += gone.map {
            TransferSnapshot(key: $0, state: nil, receivedBytes: 0, expectedBytes: nil, lastError: nil, isBeingWritten: false)
        }
        return result.sorted { $0.key < $1.key }
    }
}

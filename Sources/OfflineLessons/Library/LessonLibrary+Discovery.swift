import Foundation

/// A file found where a known lesson's medium goes, with no download behind it, is checked
/// against the size the server gives for that medium before it is taken as the lesson: a file of
/// another size (another lesson's, a page saved in its place) is moved aside, never registered.
extension LessonLibrary {
    /// The steps, each discovery checked with the server: kept when the sizes agree or the server
    /// cannot say; a move aside when they differ. A server that does not answer is not asked again.
    func checkedDiscoveries(_ actions: [SyncAction]) async -> [SyncAction] {
        var checked = actions
        var answering = true
        for (index, action) in actions.enumerated() where action.action == .discovered {
            guard let key = action.key, let bytes = action.bytes else { continue }
            var answer = SizeProbe.Answer.noSize
            if answering, let url = await mediaURL(key) {
                answer = await SizeProbe.size(of: url, through: transport)
                if case .noAnswer = answer { answering = false }
            }
            guard case .size(let size) = answer else {
                checked[index].reason = Message(.syncSizeUnchecked).description
                continue
            }
            if size == bytes {
                checked[index].reason = Message(.syncServerSize).description
            } else {
                checked[index].action = .corrupt
                checked[index].reason = Message(.syncNotServerSize, .number(size)).description
            }
        }
        return checked
    }

    /// Where a lesson the registry or the catalog cache knows has the medium on the server.
    private func mediaURL(_ key: MediaKey) async -> URL? {
        var placed = try? await database.registeredLesson(key.lesson)
        if placed == nil { placed = try? await database.cachedLesson(key.lesson) }
        guard let lesson = placed?.lesson, let link = lesson.link(for: key.medium) else { return nil }
        return try? locator.url(for: key.medium, link: link)
    }

    /// A file that no row names, moved aside with no row made for it (the registry never knew
    /// it), the move logged. Held as a download holds the item; left when a download registered
    /// it meanwhile.
    func setAsideUnregistered(_ key: MediaKey, bytes: Int?) async throws -> Bool {
        let taken = try await store.holding(key) { () async throws -> Bool in
            guard try await database.mediaItem(key) == nil, store.finalSize(key) == bytes else { return false }
            let used = try await store.moveAside(key, to: store.asideName(for: key, at: now()))
            try await database.noteMovedAside(key, to: used, at: now())
            return true
        }
        return taken ?? false
    }
}

/// Asks for the first byte of a medium and reads the whole size from the answer's head (its
/// `Content-Range`, or the `Content-Length` of a server that sends it all), reading no body.
final class SizeProbe: TransportSink {
    /// The head, carried out of the transport as the sink's refusal of the body.
    private struct Head: Error {
        var head: TransportResponseHead
    }

    enum Answer: Sendable {
        case size(Int)
        /// An answer with no medium in it (an error status, a web page).
        case noSize
        /// No answer within the limit (the server out of reach).
        case noAnswer
    }

    /// A short limit: a sync, a doctor or a page waits at most this once for a server away.
    static func size(of url: URL, through transport: any Transport, within limit: Duration = .seconds(3)) async -> Answer {
        await withTaskGroup(of: Answer.self) { group in
            group.addTask {
                do {
                    try await transport.fetch(TransportRequest(url: url, headers: ["Range": "bytes=0-0"]), into: SizeProbe())
                } catch let answer as Head {
                    return size(in: answer.head).map(Answer.size) ?? .noSize
                } catch {}
                return .noAnswer
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return .noAnswer
            }
            let first = await group.next() ?? .noAnswer
            group.cancelAll()
            return first
        }
    }

    static func size(in head: TransportResponseHead) -> Int? {
        if head["content-type"].map({ TransportResponseHead.mediaType(of: $0).lowercased() == "text/html" }) == true { return nil }
        switch head.status {
        case 206: return head["content-range"].flatMap { $0.split(separator: "/").last }.flatMap { Int($0) }
        case 200: return head["content-length"].flatMap { Int($0) }
        default: return nil
        }
    }

    func receive(head: TransportResponseHead) throws { throw Head(head: head) }
    func receive(bytes: UnsafeRawBufferPointer) throws {}
    var checkpointDue: Bool { false }
    func checkpoint() async throws {}
}

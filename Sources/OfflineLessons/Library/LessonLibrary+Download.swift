import Foundation

/// Which media a download request asks for. The PDF comes along when the lesson has one.
public enum MediaChoice: String, Sendable, CaseIterable, Codable {
    case audio, video, both

    public var media: [MediaKind] {
        switch self {
        case .audio: [.audio]
        case .video: [.video]
        case .both: [.audio, .video]
        }
    }
}

extension LessonLibrary {
    /// Requests lessons: records each lesson and its queued media in the registry (before any
    /// byte is fetched), then downloads what needs work. The stream ends with `.finished`.
    public nonisolated func download(_ lessons: [PlacedLesson], media choice: MediaChoice) throws -> AsyncStream<DownloadEvent> {
        var registrations: [LibraryDatabase.Registration] = []
        var unavailable: [(MediaKey, String)] = []
        var seen = Set<LessonID>()
        for placed in lessons where seen.insert(placed.id).inserted {
            var media: [(MediaKind, URL)] = []
            for medium in choice.media + [.text] {
                let key = MediaKey(placed.id, medium)
                do {
                    guard let url = try url(for: medium, of: placed.lesson) else {
                        if medium != .text { unavailable.append((key, "the lesson has no \(medium.rawValue)")) }
                        continue
                    }
                    media.append((medium, url))
                } catch let error as MediaLinkError {
                    // This lesson's link is bad: it costs this medium only.
                    unavailable.append((key, "\(error)"))
                }
            }
            // The PDF alone makes no lesson: it comes only with audio or video.
            if media.contains(where: { $0.0 != .text }) {
                registrations.append(.init(lesson: placed, media: media))
            }
        }
        try markVanishedFiles(registrations.flatMap { r in r.media.map { MediaKey(r.lesson.id, $0.0) } })
        let pending = try database.register(registrations)
        let requested = registrations.flatMap { registration in registration.media.map { MediaKey(registration.lesson.id, $0.0) } }
        return run(requested, pendingFirst: Set(pending), unavailable: unavailable)
    }

    /// Resumes every queued or interrupted download (after a crash, a Ctrl-C or a failure).
    /// Failed items are retried too.
    public nonisolated func resumePending(includingFailed: Bool = true) throws -> AsyncStream<DownloadEvent> {
        let states: [MediaState] = includingFailed ? [.queued, .downloading, .failed] : [.queued, .downloading]
        let keys = try database.mediaItems(in: states).map(\.key)
        if includingFailed { try database.requeueFailed(keys) }
        return run(keys, pendingFirst: Set(keys), unavailable: [])
    }

    /// A requested item registered complete whose file is gone is marked missing, so that the
    /// request downloads it again (one `stat` per requested item, no directory listing).
    private nonisolated func markVanishedFiles(_ keys: [MediaKey]) throws {
        for key in keys {
            guard let item = try database.mediaItem(key), item.state == .complete else { continue }
            let size = store.finalSize(key)
            if size != item.receivedBytes {
                try database.markMissing(key, reason: size == nil ? "the file is gone" : "the file has \(size ?? 0) bytes, not \(item.receivedBytes)")
            }
        }
    }

    nonisolated func url(for medium: MediaKind, of lesson: Lesson) throws -> URL? {
        guard lesson.link(for: medium) != nil else { return nil }
        if medium == .video {
            return try MediaLocator(mediaBase: URL(fileURLWithPath: "/")).url(for: .video, of: lesson)
        }
        guard let locator else {
            throw CatalogError.notCached("the media base URL (needed for \(medium.rawValue) keys)")
        }
        return try locator.url(for: medium, of: lesson)
    }

    private nonisolated func run(_ keys: [MediaKey], pendingFirst pending: Set<MediaKey>, unavailable: [(MediaKey, String)])
        -> AsyncStream<DownloadEvent>
    {
        let engine = self.engine
        let hub = self.hub.input
        let (stream, local) = AsyncStream<DownloadEvent>.makeStream()
        let continuation = Publisher(local: local, hub: hub)
        let task = Task {
            let started = ContinuousClock.now
            var summary = DownloadSummary()
            for (key, reason) in unavailable {
                continuation.yield(.unavailable(key, reason: reason))
                summary.unavailable.append(.init(lesson: key.lesson, medium: key.medium, reason: reason))
            }
            for key in keys where pending.contains(key) { continuation.yield(.queued(key)) }
            let report: @Sendable (DownloadEvent) -> Void = { continuation.yield($0) }
            await withTaskGroup(of: (MediaKey, ItemOutcome).self) { group in
                for key in keys {
                    group.addTask {
                        let (outcome, joined) = await engine.download(key, report: report)
                        // A joined download's events went to the run that started it: report its end here.
                        if joined {
                            switch outcome {
                            case .completed(let bytes, _): report(.completed(key, bytes: bytes, alreadyPresent: true))
                            case .failed(let reason): report(.failed(key, reason: reason))
                            case .removed: report(.failed(key, reason: ItemOutcome.removedReason))
                            case .cancelled: report(.cancelled(key))
                            }
                        }
                        return (key, joined ? outcome.asJoined : outcome)
                    }
                }
                for await (key, outcome) in group {
                    switch outcome {
                    case .completed(let bytes, let alreadyPresent):
                        if alreadyPresent {
                            summary.alreadyComplete += 1
                        } else {
                            summary.downloaded += 1
                            summary.bytes += bytes
                        }
                    case .failed(let reason):
                        summary.failed.append(.init(lesson: key.lesson, medium: key.medium, reason: reason))
                    case .removed:
                        summary.failed.append(.init(lesson: key.lesson, medium: key.medium, reason: ItemOutcome.removedReason))
                    case .cancelled:
                        summary.cancelled += 1
                    }
                }
            }
            let elapsed = ContinuousClock.now - started
            summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            continuation.yield(.finished(summary))
            continuation.finish()
        }
        local.onTermination = { _ in task.cancel() }
        return stream
    }
}

extension ItemOutcome {
    static let removedReason = "removed while downloading"

    /// The outcome as seen by a caller that joined another's download: nothing was written for it.
    var asJoined: ItemOutcome {
        if case .completed(let bytes, _) = self { return .completed(bytes: bytes, alreadyPresent: true) }
        return self
    }
}

/// Yields a run's events to its own stream and to the library's observers.
struct Publisher: Sendable {
    let local: AsyncStream<DownloadEvent>.Continuation
    let hub: AsyncStream<DownloadEvent>.Continuation

    func yield(_ event: DownloadEvent) {
        local.yield(event)
        hub.yield(event)
    }

    func finish() { local.finish() }
}

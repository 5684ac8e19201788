import Foundation
import Hummingbird
import OfflineLessons

/// The Queue page and its actions: pause and resume all (kept in the library), move an item or a
/// lesson's items to the front. Cancel and retry are ``ActionRoutes``'.
struct QueueRoutes: Sendable {
    let services: AppServices
    let pages: PageRoutes
    var library: LessonLibrary { services.library }
    var actions: ActionRoutes { ActionRoutes(services: services) }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/queue") { request, _ in
            await pages.page(request) { context in
                QueuePage.render(
                    try await library.queue(), paused: try await library.isQueuePaused(), names: try await library.lessonNames(), context)
            }
        }
        router.post("/api/queue/pause") { request, _ in
            await actions.act(request) {
                try await library.pauseQueue()
                return ActionRoutes.Outcome(ok: true, message: UIText.queuePausedNow(RequestInput.language(request)), reload: true)
            }
        }
        router.post("/api/queue/resume") { request, _ in
            await actions.act(request) {
                try await library.resumeQueue()
                await services.runs.keep(try await library.resumePending(includingFailed: false), keys: [])
                return ActionRoutes.Outcome(ok: true, message: UIText.queueResumedNow(RequestInput.language(request)), reload: true)
            }
        }
        router.post("/api/queue/cancel-all") { request, _ in
            await actions.act(request) {
                // Every item listed, as Cancel does one (a PDF goes with its lesson's last medium); the
                // queue held meanwhile, so that no run starts an item about to be cancelled.
                let l = RequestInput.language(request)
                let wasPaused = try await library.isQueuePaused()
                if !wasPaused { try await library.pauseQueue() }
                var cancelled = 0
                do {
                    let listed = try await library.queue().map(\.key)
                    let removed = try await library.cancelDownloads(listed).removed
                    let shown = Set(listed)
                    cancelled = removed.filter { shown.contains($0.key) }.count
                } catch {
                    // A failure part way leaves the queue as the user had it, not held.
                    if !wasPaused { try? await library.resumeQueue() }
                    throw error
                }
                if !wasPaused { try await library.resumeQueue() }
                let message = cancelled > 0 ? UIText.cancelledAll(cancelled, l) : UIText.queueEmpty(l)
                return ActionRoutes.Outcome(ok: cancelled > 0, message: message, reload: cancelled > 0)
            }
        }
        router.post("/api/queue/next") { request, _ in
            await actions.act(request) {
                let (what, keys) = try await RequestInput.items(request, in: library)
                let l = RequestInput.language(request)
                // The last first, so that the lesson's items keep their order at the front.
                var moved = false
                for key in keys.reversed() { moved = try await library.moveToFront(key) || moved }
                guard moved else {
                    return ActionRoutes.Outcome(ok: false, message: UIText.notQueued(what, l), reload: false)
                }
                return ActionRoutes.Outcome(ok: true, message: UIText.nextNow(what, l), reload: true)
            }
        }
    }
}

import Foundation
import Hummingbird
import OfflineLessons

/// The Downloads page (`GET /downloads`, sorted and filtered by its query) and its actions:
/// what a selection would remove (`GET /api/remove-preview`), removing it in one call
/// (`POST /api/remove-selected`), and the maximum size (`POST /api/quota?maxMB=`; none clears it).
struct DownloadsRoutes: Sendable {
    let services: AppServices
    let pages: PageRoutes
    var library: LessonLibrary { services.library }
    var actions: ActionRoutes { ActionRoutes(services: services) }

    static let thirtyDays = Duration.seconds(30 * 24 * 3600)

    func register(on router: Router<BasicRequestContext>) {
        router.get("/downloads") { request, _ in
            await pages.page(request) { try await downloads(request, $0) }
        }
        router.get("/api/remove-preview") { request, _ in
            await actions.act(request) {
                let l = RequestInput.language(request)
                let selected = try await selection(request)
                guard !selected.isEmpty else { return .init(ok: false, message: UIText.nothingSelected(l), reload: false) }
                return .init(
                    ok: true, message: DownloadsPage.removalQuestion(selected, pinned: try await library.pinnedLessons(), l), reload: false)
            }
        }
        router.post("/api/remove-selected") { request, _ in
            await actions.act(request) {
                let l = RequestInput.language(request)
                let selected = try await selection(request)
                guard !selected.isEmpty else { return .init(ok: false, message: UIText.nothingSelected(l), reload: false) }
                let report = try await library.remove(selected.map(\.lessonID))
                return .init(ok: true, message: UIText.removedMany(selected.count, files: report.removed.count, l), reload: true)
            }
        }
        router.post("/api/quota") { request, _ in
            await actions.act(request) {
                let l = RequestInput.language(request)
                guard let megabytes = try RequestInput.quota(request.uri.queryParameters.get("maxMB")) else {
                    try await library.setStorageQuota(nil)
                    return .init(ok: true, message: UIText.quotaCleared(l), reload: true)
                }
                let bytes = megabytes * 1_000_000
                try await library.setStorageQuota(bytes)
                let report = try await library.clean(RetentionPolicy(olderThan: nil, maxBytes: bytes))
                let message = UIText.quotaSet(l.size(bytes), files: report.actions.count, freed: l.size(report.bytesFreed), l)
                return .init(ok: true, message: message, reload: true)
            }
        }
    }

    func downloads(_ request: Request, _ context: PageContext) async throws -> HTML {
        let query = try DownloadsQuery(Self.parameters(request))
        // The sync, each time the page is shown: a file deleted by hand is marked missing, with its reason.
        let sync = try await library.sync(SyncOptions(dryRun: library.isReadOnly))
        let quota = try await library.storageQuota()
        let preview = query.quotaMB.map { RetentionPolicy(olderThan: nil, maxBytes: $0 * 1_000_000) }
        let page = DownloadsPage(
            lessons: try await library.downloads(sync: false, includingMissing: true), query: query,
            pinned: try await library.pinnedLessons(), sync: sync,
            clean: try await library.clean(RetentionPolicy(olderThan: Self.thirtyDays, maxBytes: quota), dryRun: true),
            disk: DiskSpace.measure(library.root), storedQuota: quota,
            quotaPreview: try await preview.asyncMap { try await library.clean($0, dryRun: true) },
            names: try await library.lessonNames(), playbacks: try await library.playbacks(), recent: try await library.recentPlaybacks())
        return page.render(context)
    }

    /// The lessons a request's selection names among those its filters show.
    func selection(_ request: Request) async throws -> [DownloadedLesson] {
        let query = try DownloadsQuery(Self.parameters(request))
        guard query.hasSelection else { return [] }
        let listed = try await library.downloads(sync: false, includingMissing: true)
        return query.selected(from: query.apply(to: listed, playbacks: try await library.playbacks()))
    }

    /// The query's pairs, in order; a `+` is a space, as forms send it.
    static func parameters(_ request: Request) -> [(String, String)] {
        request.uri.queryParameters.map { (String($0.key), String($0.value).replacingOccurrences(of: "+", with: " ")) }
    }
}

extension Optional {
    /// The wrapped value transformed by an async function, or `nil`.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}

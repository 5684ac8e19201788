import NIOPosix

/// Runs blocking file-system work (`fsync`, `rename`, deleting large files, opening the database)
/// on NIO's thread pool, never on the cooperative pool that async code shares.
///
/// The work is not cancelled with the calling task: it is the commit path (a flush, a rename, a
/// removal the registry already recorded), and stopping it half-way would leave a placed file
/// unregistered or a removed item's file behind. The caller waits on a continuation that only
/// the pool resumes (no cancellation handler; no task of its own, which cost two more thread
/// switches per call).
enum BlockingIO {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            NIOThreadPool.singleton.submit { state in
                switch state {
                case .active: continuation.resume(with: Result(catching: body))
                case .cancelled: continuation.resume(throwing: CancellationError())  // the pool is shutting down
                }
            }
        }
    }

    /// A pause that a cancellation does not cut short (a retry on the commit path).
    static func pause(_ duration: Duration) async {
        try? await Task { try await Task.sleep(for: duration) }.value
    }
}

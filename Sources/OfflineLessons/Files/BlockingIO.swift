import NIOPosix

/// Runs blocking file-system work (`fsync`, `rename`, deleting large files, opening the database)
/// on NIO's thread pool, never on the cooperative pool that async code shares.
enum BlockingIO {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(body)
    }
}

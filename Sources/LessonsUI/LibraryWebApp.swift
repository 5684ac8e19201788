import Foundation
import Hummingbird
import Logging
import OfflineLessons
import ServerLifetime

/// `lessons ui`: the Downloads screen as a local web app over one ``LessonLibrary``:
/// server-rendered pages (the Shas, the downloads, a lesson's history, a player), live progress
/// as Server-Sent Events, media from the library's files with `Range`. Nothing is fetched from
/// the internet: the pages, their script and style ship with the app.
///
/// It listens on loopback by default, answers only under a loopback `Host`, and every request
/// needs the app's token (see ``Running/url``), state-changing ones in a header that only the
/// app's own pages can read.
public struct LibraryWebApp: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port.
        public var port: Int
        /// The token; a random one when `nil` (`lessons ui` passes the one its library keeps).
        public var token: String?
        /// How often the registry is read for downloads run by other processes.
        public var pollInterval: Duration
        /// How long a probe of the content server may take (pages never wait for one).
        public var serverTimeout: Duration = .seconds(2)
        /// How often a content server found unreachable is probed again.
        public var serverRetry: Duration = .seconds(5)
        /// How old the last probe of a reachable server may be when a page is shown.
        public var serverRecheck: Duration = .seconds(15)
        /// How long a page waits for the server's answer about what is not cached (a masechet's
        /// listing): the request goes on, and its answer is cached for the next visit.
        public var pageWait: Duration = .seconds(1)

        public init(host: String = "127.0.0.1", port: Int = 0, token: String? = nil, pollInterval: Duration = .seconds(1)) {
            self.host = host
            self.port = port
            self.token = token
            self.pollInterval = pollInterval
        }
    }

    /// An app that is listening.
    public struct Running: Sendable {
        public let port: Int
        /// `http://host:port/`
        public let origin: URL
        /// The address to open: the origin with the app's token, `http://host:port/?token=…`
        /// (on loopback when the app listens on every address).
        public let url: URL
        public let token: String
        /// The addresses a phone on the same Wi-Fi opens: listening on every address, the same
        /// address by each of this machine's on the network; on one of them, ``url``; else none.
        public let networkURLs: [URL]
    }

    public let configuration: Configuration
    let library: LessonLibrary
    let token: AccessToken

    public init(library: LessonLibrary, configuration: Configuration = .init()) {
        self.library = library
        self.configuration = configuration
        token = configuration.token.map(AccessToken.init) ?? .random()
    }

    /// Runs the app until `body` returns, then stops it (cancelling the downloads it started).
    public func withRunning<T: Sendable>(_ body: @Sendable (Running) async throws -> T) async throws -> T {
        let timing = ServerStatus.Timing(
            timeout: configuration.serverTimeout, retryEvery: configuration.serverRetry, recheckAfter: configuration.serverRecheck,
            pageWait: configuration.pageWait)
        let services = AppServices(library: library, pollInterval: configuration.pollInterval, serverTiming: timing)
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = makeApplication(services) { listening.yield($0) }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            let server = ServedWhile(app, in: &group) { listening.finish() }
            group.addTask {
                await services.watch()
                return nil
            }
            do {
                let running = try await started(ports, group: &group)
                await services.phone.listening(at: running.networkURLs)
                let result = try await body(running)
                await services.stop()
                await server.stop(in: &group)
                return result
            } catch {
                await services.stop()
                await server.stop(in: &group)
                throw error
            }
        }
    }

    /// Where the app listens, once it does; when the server ends before it listens, why.
    private func started<Child>(_ ports: AsyncStream<Int>, group: inout ThrowingTaskGroup<Child?, any Error>) async throws -> Running {
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            do {
                _ = try await group.next()  // the server's task: it ended before it listened
            } catch {
                if NetworkError.isNotThisMachine(error) { throw WebAppError.notThisMachine(host: configuration.host) }
            }
            throw WebAppError.didNotStart(host: configuration.host, port: configuration.port)
        }
        guard port > 0 else { throw WebAppError.didNotStart(host: configuration.host, port: configuration.port) }
        let everywhere = MachineNames.isWildcard(configuration.host)
        let loopback = configuration.host == "0.0.0.0" ? "127.0.0.1" : "[::1]"
        let host = everywhere ? loopback : AccessGuard<BasicRequestContext>.bracketed(configuration.host)
        guard let origin = URL(string: "http://\(host):\(port)/"), let url = URL(string: "http://\(host):\(port)/?token=\(token.value)")
        else {
            throw WebAppError.didNotStart(host: configuration.host, port: port)
        }
        // Listening on one of this machine's network addresses, that one is the address for a phone.
        let addresses = MachineNames.networkAddresses(listeningOn: everywhere ? configuration.host : "::")
        let network =
            everywhere
            ? addresses.compactMap { URL(string: "http://\($0):\(port)/?token=\(token.value)") }
            : addresses.contains(MachineNames.canonical(host.lowercased())) ? [url] : []
        return Running(port: port, origin: origin, url: url, token: token.value, networkURLs: network)
    }

    func makeApplication(_ services: AppServices, onPort: @escaping @Sendable (Int) -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(AccessGuard(token: token, listeningHost: configuration.host))
        let pages = PageRoutes(services: services, token: token)
        router.middlewares.add(NoSuchPage(pages: pages))
        pages.register(on: router)
        ActionRoutes(services: services).register(on: router)
        DownloadsRoutes(services: services, pages: pages).register(on: router)
        PlayerRoutes(services: services, pages: pages).register(on: router)
        QueueRoutes(services: services, pages: pages).register(on: router)
        TodayRoutes(services: services, pages: pages).register(on: router)
        LiveRoutes(services: services).register(on: router)
        MediaFileRoutes(library: library).register(on: router)
        StaticRoutes.register(on: router)
        return Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "lessons-ui"),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "lessons-ui", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}

/// Why the app could not run.
public enum WebAppError: Error, CustomStringConvertible, Sendable {
    case didNotStart(host: String, port: Int)
    /// The host to listen on is no name or address of this machine.
    case notThisMachine(host: String)

    public var description: String { words.description }

    /// What happened, in the catalog's words.
    public var words: Message {
        switch self {
        case .didNotStart(let host, let port): Message(.serverPortInUse, .text(String(port)), .text(host))
        case .notThisMachine(let host): Message(.serverNotThisMachine, .text(host))
        }
    }
}

import AsyncHTTPClient
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A client for the legacy lessons API (legacy-system.md §3): the `{success, data, errors}`
/// envelope, `Authorization: token …`, HTTP status checked, timeouts.
public struct CatalogClient: Sendable {
    public struct Configuration: Sendable {
        /// The API base, ending in `/api/`.
        public var apiBase: URL
        public var token: String?
        /// How long one request may take.
        public var timeout: TimeAmount
        /// The largest body accepted.
        public var maxBodyBytes: Int
        /// Certificates to trust besides the system's (a server behind a private authority).
        public var trusted: TrustedCertificates?

        public init(apiBase: URL, token: String? = nil, timeout: TimeAmount = .seconds(10), maxBodyBytes: Int = 64 << 20) {
            self.apiBase = apiBase
            self.token = token
            self.timeout = timeout
            self.maxBodyBytes = maxBodyBytes
        }

        /// A configuration for an API base given as text; throws ``CatalogError/invalidServerURL(_:)``
        /// unless it is an http(s) URL with a host.
        public init(apiBase text: String, token: String? = nil) throws {
            guard let url = HTTPBase.validated(text) else { throw CatalogError.invalidServerURL(text) }
            self.init(apiBase: url, token: token)
        }
    }

    public var configuration: Configuration
    /// The client passed in; `nil` for the catalog's own.
    private let givenClient: HTTPClient?
    let logger: Logger

    /// `httpClient`: `nil` for a client of the catalog's own, made at the first request (made, it
    /// cost about a millisecond of every command's start, when most commands answer from the
    /// cache); it trusts ``Configuration/trusted`` too.
    public init(configuration: Configuration, httpClient: HTTPClient? = nil, logger: Logger = .silent) {
        self.configuration = configuration
        self.givenClient = httpClient
        self.logger = logger
        ownClient = OwnedHTTPClient(trusting: configuration.trusted)
    }

    /// The client made at the first request with none given, shut down when the last copy goes.
    private let ownClient: OwnedHTTPClient

    var httpClient: HTTPClient { givenClient ?? ownClient.client }

    /// The Shas from the server, not cached (for a caller with no library to cache it in).
    /// Throws ``CatalogError/emptyShas`` when it has no masechtot.
    public func fetchShas() async throws -> Shas {
        let payload = try await get("masechtot_list/", as: ShasPayload.self, authorized: false)
        guard !payload.shas.isEmpty else { throw CatalogError.emptyShas }
        return payload.shas
    }

    /// The Gemara lessons of a masechet, one per daf; bad entries are reported, not fatal.
    func fetchGemaraLessons(masechetId: Int) async throws -> LessonList {
        let payload = try await get("gemara/masechet/\(masechetId)/", as: GemaraPayload.self, authorized: true)
        return LessonList(entries: payload.pages, type: .gemara)
    }

    /// The Mishna lessons of a chapter; bad entries are reported, not fatal.
    func fetchMishnaLessons(masechetId: Int, chapter: Int) async throws -> LessonList {
        let path = "mishna/masechet/\(masechetId)/chapter/\(chapter)/"
        let payload = try await get(path, as: MishnaPayload.self, authorized: true)
        return LessonList(entries: payload.mishnayot, type: .mishna)
    }

    func get<Payload: Decodable>(_ path: String, as: Payload.Type, authorized: Bool) async throws -> Payload {
        var request = HTTPClientRequest(url: HTTPBase.join(configuration.apiBase, path))
        request.headers.add(name: "Accept", value: "application/json")
        if authorized, let token = configuration.token {
            request.headers.add(name: "Authorization", value: "token \(token)")
        }
        logger.debug("catalog request", metadata: ["path": "\(path)"])
        let body: ByteBuffer
        let status: HTTPResponseStatus
        do {
            let response = try await httpClient.execute(request, timeout: configuration.timeout, logger: logger)
            status = response.status
            body = try await response.body.collect(upTo: configuration.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw CatalogError.malformedResponse(
                path: path, reason: "the body is larger than \(configuration.maxBodyBytes) bytes, the most a catalog answer may be")
        } catch {
            throw CatalogError.unreachable(path: path, cause: NetworkError(error))
        }
        let data = Data(body.readableBytesView)
        let envelope = try? JSONDecoder().decode(Envelope<Payload>.self, from: data)
        if let envelope, envelope.mentionsInvalidToken { throw configuration.token == nil ? CatalogError.noToken : .invalidToken }
        guard (200..<300).contains(status.code) else { throw CatalogError.httpStatus(Int(status.code), path: path) }
        guard let envelope else {
            let reason: String
            do {
                _ = try JSONDecoder().decode(Envelope<Payload>.self, from: data)
                reason = "unreadable"
            } catch {
                reason = data.isEmpty ? "the body is empty" : error.decodingSummary
            }
            throw CatalogError.malformedResponse(path: path, reason: reason)
        }
        guard envelope.success else { throw CatalogError.serverRefused(path: path, messages: envelope.messages) }
        guard let payload = envelope.data else {
            throw CatalogError.malformedResponse(path: path, reason: "`data` is missing")
        }
        return payload
    }
}

/// The catalog's HTTP client, made at its first use and shut down when it goes. A refused
/// connection fails the request at once (the shared client tries again until the request's
/// timeout): a server away is said in a moment, and the cached catalog answers.
private final class OwnedHTTPClient: Sendable {
    private let trusted: TrustedCertificates?
    private let made = NIOLockedValueBox<HTTPClient?>(nil)

    init(trusting trusted: TrustedCertificates?) {
        self.trusted = trusted
    }

    var client: HTTPClient {
        made.withLockedValue { made in
            if let made { return made }
            var configuration = HTTPClient.Configuration()
            if let trusted { configuration.tlsConfiguration = trusted.tlsConfiguration }
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            made = client
            return client
        }
    }

    deinit {
        made.withLockedValue { $0 }?.shutdown { _ in }
    }
}

extension ContentServer {
    /// Where the server listens, which token it accepts, how big its media are.
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port.
        public var port: Int
        /// When set, only this token is accepted; otherwise any non-empty token is.
        public var token: String?
        /// Media size = duration × bytes per second × this scale. Tiny by default.
        public var mediaSizeScale: Double
        /// Media keys with spaces, `%`, `+`, `#` and `?`, to exercise percent-encoding.
        public var trickyKeys: Bool
        /// Sees every API and media request and plans its answer, for tests.
        public var interceptor: (any ContentServerInterceptor)?
        /// Give each file's MD5 as its ETag, as S3 does for a single-part upload (so that
        /// `sync --verify` can check files against it). Costs one pass over a file the first time
        /// it is asked for; off by default.
        public var md5ETags: Bool = false

        public init(
            host: String = "127.0.0.1", port: Int = 0, token: String? = nil, mediaSizeScale: Double = 0.001,
            trickyKeys: Bool = false, interceptor: (any ContentServerInterceptor)? = nil
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.mediaSizeScale = mediaSizeScale
            self.trickyKeys = trickyKeys
            self.interceptor = interceptor
        }
    }
}

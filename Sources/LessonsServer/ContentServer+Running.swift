import Foundation

extension ContentServer {
    /// A server that is listening.
    public struct Running: Sendable {
        public let port: Int
        public let host: String
        /// `http://host:port`
        public let origin: URL
        /// The API base, `http://host:port/api/`.
        public let apiBase: URL
        /// The media base, `http://host:port/media/`.
        public let mediaBase: URL

        init(port: Int, host: String) throws {
            guard port > 0, let origin = URL(string: "http://\(host):\(port)") else {
                throw ContentServerError.didNotStart("could not listen on \(host)")
            }
            self.port = port
            self.host = host
            self.origin = origin
            self.apiBase = origin.appendingPathComponent("api/", isDirectory: true)
            self.mediaBase = origin.appendingPathComponent("media/", isDirectory: true)
        }
    }
}

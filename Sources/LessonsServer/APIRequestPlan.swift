/// What the content server does with one API request, as a ``ContentServerInterceptor`` plans it.
/// The default plan answers at once from the demo catalog.
public struct APIRequestPlan: Sendable, Hashable {
    /// A response the server sends instead of the demo catalog's.
    public struct CannedResponse: Sendable, Hashable {
        public var status: Int
        public var body: String
        public var contentType: String

        public init(status: Int, body: String, contentType: String) {
            self.status = status
            self.body = body
            self.contentType = contentType
        }
    }

    /// How long to wait before answering.
    public var delay: Duration?
    /// The answer to send instead of the demo catalog's.
    public var cannedResponse: CannedResponse?

    public init(delay: Duration? = nil, cannedResponse: CannedResponse? = nil) {
        self.delay = delay
        self.cannedResponse = cannedResponse
    }
}

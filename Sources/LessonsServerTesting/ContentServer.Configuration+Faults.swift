import LessonsServer

extension ContentServer.Configuration {
    /// A configuration whose server commits the faults `faults` is told to, and logs its requests.
    public init(
        host: String = "127.0.0.1", port: Int = 0, token: String? = nil, mediaSizeScale: Double = 0.001,
        trickyKeys: Bool = false, faults: FaultInjector?
    ) {
        self.init(host: host, port: port, token: token, mediaSizeScale: mediaSizeScale, trickyKeys: trickyKeys, interceptor: faults)
    }
}

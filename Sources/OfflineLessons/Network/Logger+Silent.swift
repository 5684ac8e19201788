import Logging

extension Logger {
    /// A logger that drops everything: the library is silent unless given one.
    public static var silent: Logger {
        Logger(label: "OfflineLessons", factory: { _ in SwiftLogNoOpLogHandler() })
    }
}

import Foundation
import OfflineLessons

/// What the app says when the content server, or the app itself, cannot be reached.
extension UIText {
    static func offlineTitle(_ l: UserLanguage) -> String { Message(.screenOfflineTitle).text(l) }

    /// The title of a page the app cannot show now (no catalog, a library that cannot be used).
    static func unavailableNow(_ l: UserLanguage) -> String { Message(.screenUnavailableNow).text(l) }

    static func offlineBanner(_ l: UserLanguage) -> String { Message(.screenOfflineBanner).text(l) }

    /// "Catalog last fetched 3 hours ago (14 May 2025, 09:30)."; `ago` and `at` come from ``ago(_:now:_:)`` and ``localTime(_:_:)``.
    static func catalogFetched(ago: String, at: String, _ l: UserLanguage) -> String {
        Message(.screenCatalogFetched, .text(ago), .text(at)).text(l)
    }

    static func catalogNeverFetched(_ l: UserLanguage) -> String { Message(.screenCatalogNeverFetched).text(l) }

    /// Under a masechet whose lessons are not cached: what is shown, and what needs the server.
    static func notCachedListing(_ l: UserLanguage) -> String { Message(.screenNotCachedListing).text(l) }

    static func nothingDownloadedHere(_ l: UserLanguage) -> String { Message(.screenNothingDownloadedHere).text(l) }

    /// A queued item while the server cannot be reached.
    static func waitsForServer(_ l: UserLanguage) -> String { Message(.screenWaitsForServer).text(l) }

    /// The page's script: the app itself stopped answering. `%s` is the seconds until the next try.
    static func connectionLost(_ l: UserLanguage) -> String { Message(.screenConnectionLost).text(l) }

    static func connectionBack(_ l: UserLanguage) -> String { Message(.screenConnectionBack).text(l) }

    static func actionUnsent(_ l: UserLanguage) -> String { Message(.screenActionUnsent).text(l) }

    /// "just now", "5 minutes ago", "3 days ago".
    static func ago(_ date: Date, now: Date = Date(), _ l: UserLanguage) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        let (count, one, many): (Int, ScreenPhrase, ScreenPhrase) =
            switch minutes {
            case ..<1: (0, .screenJustNow, .screenJustNow)
            case ..<60: (minutes, .screenMinuteAgo, .screenMinutesAgo)
            case ..<(24 * 60): (minutes / 60, .screenHourAgo, .screenHoursAgo)
            default: (minutes / (24 * 60), .screenDayAgo, .screenDaysAgo)
            }
        return Message(count == 1 ? one : many, .number(count)).text(l)
    }

    /// The months' names, January first.
    private static let months: [ScreenPhrase] = [
        .screenJanuary, .screenFebruary, .screenMarch, .screenApril, .screenMay, .screenJune, .screenJuly, .screenAugust,
        .screenSeptember, .screenOctober, .screenNovember, .screenDecember,
    ]

    /// "14 May 2025, 09:30" / "14 de mayo de 2025, 09:30", in this machine's time zone.
    static func localTime(_ date: Date, timeZone: TimeZone = .current, _ l: UserLanguage) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let month = (parts.month ?? 1) - 1
        let name = months.indices.contains(month) ? Message(months[month]).text(l) : ""
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return Message(.screenDate, .number(parts.day ?? 1), .text(name), .number(parts.year ?? 0), .text(time)).text(l)
    }
}

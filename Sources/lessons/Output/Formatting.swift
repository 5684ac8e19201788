import Foundation
import OfflineLessons

/// Human sizes in the terminal's language: 1.2 MB (1,2 MB in Spanish), 340 KB, 12 B.
func formatBytes(_ bytes: Int) -> String {
    Terminal.language.size(bytes)
}

/// `42 s`, `3 min 05 s`, `1 h 02 min`.
func formatDuration(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    switch seconds {
    case ..<60: return "\(max(seconds, 0)) s"
    case ..<3600: return String(format: "%d min %02d s", seconds / 60, seconds % 60)
    default: return String(format: "%d h %02d min", seconds / 3600, seconds % 3600 / 60)
    }
}

extension LessonNames {
    /// A lesson's medium as the terminal's language names it: "Berakhot 2 audio", "Berakhot 2 vídeo".
    func spoken(_ key: MediaKey) -> String { name(key, Terminal.language) }
    /// A lesson's media together: "Berakhot 2 audio, PDF".
    func spoken(_ lesson: LessonID, media: [MediaKind]) -> String {
        "\(name(lesson)) \(media.map(\.spoken).joined(separator: ", "))"
    }
    /// Media keys a lesson at a time, in the order of each lesson's first: one line a lesson.
    static func byLesson(_ keys: [MediaKey]) -> [(lesson: LessonID, media: [MediaKind])] {
        var lessons: [(lesson: LessonID, media: [MediaKind])] = []
        for key in keys {
            if let index = lessons.firstIndex(where: { $0.lesson == key.lesson }) {
                lessons[index].media.append(key.medium)
            } else {
                lessons.append((key.lesson, [key.medium]))
            }
        }
        return lessons
    }
}

extension MediaKind {
    /// The medium as the terminal's language names it: audio, video (vídeo), PDF.
    var spoken: String { name(Terminal.language) }
}

/// A medium's state ("complete", "not requested") in the terminal's language.
func spokenState(_ state: String) -> String {
    Phrase.state(state).map { Terminal.say($0) } ?? state
}

/// A moment in local time (TZ honoured), as people read a clock: `2026-11-26 14:05:09`.
func localTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
}

/// `text` followed by spaces up to `width` characters; longer text is kept whole.
func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

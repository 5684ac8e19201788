import Foundation
import OfflineLessons

/// How much of a lesson was heard, as the lists show it: a bar (position ÷ length) and, once
/// played through, a mark.
enum WatchedProgress {
    /// The bar and the mark of `playback`; nothing for a lesson never played (or at 0 and not played).
    static func render(_ playback: Playback?, of name: String, _ l: UserLanguage) -> HTML {
        guard let playback, playback.played || playback.position > .zero else { return .empty }
        let mark: HTML = playback.played ? "<span class=\"played\">\(Icon.complete.svg)\(UIText.played(l))</span>" : .empty
        guard let fraction = playback.fraction, let duration = playback.duration else {
            return mark.markup.isEmpty ? "<span class=\"heard-at\">\(clock(playback.position.seconds))</span>" : mark
        }
        let permille = Int((fraction * 1000).rounded())
        let label = UIText.heard(clock(playback.position.seconds), of: clock(duration.seconds), name, l)
        return """
            <span class="watched" data-lesson="\(playback.lesson.description)"><progress class="heard" max="1000" value="\(permille)" \
            aria-label="\(label)" title="\(label)"></progress>\(mark)</span>
            """
    }

    /// `2:00`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded(.down)))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}

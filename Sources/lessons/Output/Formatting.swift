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

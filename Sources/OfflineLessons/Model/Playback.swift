import Foundation

/// Where a lesson was left in the player, and whether it was played through. One per lesson:
/// its audio and its video share a position (they are the same class).
public struct Playback: Sendable, Hashable, Codable {
    public var lesson: LessonID
    /// The medium last played; `nil` for a position imported from the legacy app.
    public var medium: MediaKind?
    /// Where playback was left.
    public var position: Duration
    /// The lesson's length; `nil` when not known.
    public var duration: Duration?
    /// Played through (see ``isPlayed(position:duration:)``); stays set when the lesson is
    /// played again from the start.
    public var played: Bool
    /// When it was last played; `nil` for a position imported without a time.
    public var playedAt: Date?
    /// Its place in the Shas, when known, to name a lesson the registry no longer has.
    public var place: PlacedAt?

    /// A lesson's place: its seder, masechet, chapter and daf or mishna.
    public struct PlacedAt: Sendable, Hashable, Codable {
        public var placement: Placement
        public var number: Int

        public init(placement: Placement, number: Int) {
            self.placement = placement
            self.number = number
        }
    }

    public init(
        lesson: LessonID, medium: MediaKind? = nil, position: Duration, duration: Duration?, played: Bool,
        playedAt: Date?, place: PlacedAt? = nil
    ) {
        self.lesson = lesson
        self.medium = medium
        self.position = position
        self.duration = duration
        self.played = played
        self.playedAt = playedAt
        self.place = place
    }

    /// How much of the lesson is behind the position, 0…1; `nil` when its length is not known.
    public var fraction: Double? {
        guard let duration, duration > .zero else { return nil }
        return min(1, max(0, position.seconds / duration.seconds))
    }

    /// Where the player should start: the position, or the beginning for a lesson played through
    /// whose position is at its end (playing it again starts it over).
    public var resumePosition: Duration {
        played && Self.isPlayed(position: position, duration: duration) ? .zero : position
    }

    /// The last stretch of a lesson that counts as its end.
    public static let endStretch: Duration = .seconds(30)
    /// The share of a lesson past which it counts as played.
    public static let playedShare = 0.95

    /// Played: a position within the last ``endStretch`` (30 s) of the lesson, or at
    /// ``playedShare`` (95 %) of it or more. A lesson of unknown length is never played.
    public static func isPlayed(position: Duration, duration: Duration?) -> Bool {
        guard let duration, duration > .zero else { return false }
        return position >= duration - endStretch || position.seconds >= duration.seconds * playedShare
    }
}

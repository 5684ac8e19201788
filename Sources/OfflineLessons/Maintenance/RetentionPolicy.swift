import Foundation

/// Which downloads `clean` removes: first those a learning plan brought in whose day is past the
/// plan's keep period; then those completed longer ago than ``olderThan`` (not a plan's lesson it
/// still keeps); then, while the library is larger than ``maxBytes``, the least recently used
/// (a plan's kept lessons last, the day's own daf the very last), down to ``trimRatio`` of the quota (so that the next download
/// does not start another sweep). Pinned lessons are never removed; a lesson's PDF goes with its
/// last audio or video.
public struct RetentionPolicy: Sendable, Hashable {
    /// Media completed longer ago than this go (30 days by default; `nil`: no age limit).
    public var olderThan: Duration?
    /// The most the library may hold, in bytes (`nil`: no quota).
    public var maxBytes: Int?
    /// Where a size sweep stops, as a share of ``maxBytes``.
    public var trimRatio: Double
    /// Where the plans' days start: at midnight of this zone.
    public var timeZone: TimeZone

    public init(
        olderThan: Duration? = .seconds(30 * 24 * 3600), maxBytes: Int? = nil, trimRatio: Double = 0.9, timeZone: TimeZone = .current
    ) {
        self.olderThan = olderThan
        self.maxBytes = maxBytes
        self.trimRatio = min(max(trimRatio, 0), 1)
        self.timeZone = timeZone
    }

    /// What a plan's own cleanup removes: its lessons past their keep period, and nothing else.
    public static func plansOnly(timeZone: TimeZone = .current) -> RetentionPolicy {
        RetentionPolicy(olderThan: nil, maxBytes: nil, timeZone: timeZone)
    }
}

/// One medium `clean` removed (or, in a dry run, would remove), and why.
public struct CleanAction: Sendable, Hashable, Codable {
    public var type: LessonType
    public var id: Int
    public var medium: MediaKind
    public var action: String
    public var bytes: Int
    public var reason: String
    /// "Shabbat 2 audio", when a caller named it (``CleanReport/named(by:)``).
    public var name: String? = nil

    public var key: MediaKey { MediaKey(LessonID(type, id), medium) }
}

/// What `clean` did: the media removed, the bytes freed, the lessons kept because pinned.
public struct CleanReport: Sendable, Hashable, Codable {
    public var actions: [CleanAction]
    public var dryRun: Bool
    public var bytesFreed: Int
    /// Lessons the policy would have selected, kept because they are pinned.
    public var pinnedKept: Int
    /// With a quota: the bytes the library holds after this clean, when they are still over the
    /// quota because of pinned lessons (unpin some, or raise the quota); `nil` otherwise.
    public var overQuotaByPins: Int? = nil

    /// The report with each removed medium named.
    public func named(by names: LessonNames) -> CleanReport {
        var named = self
        for index in named.actions.indices { named.actions[index].name = names.name(actions[index].key) }
        return named
    }
}

/// The retention plan: from one read of the registry, the media to remove and why.
struct RetentionPlanner {
    var policy: RetentionPolicy
    var now: Date
    /// The lessons the plans brought in, and how each plan weighs them.
    var holds: [LessonID: PlanHold] = [:]

    /// `lessons`: each registered lesson's complete items and whether it is pinned.
    func plan(_ lessons: [RetentionRow]) -> (actions: [CleanAction], pinnedKept: Int, overQuota: Int?) {
        var chosen: [MediaKey: String] = [:]
        var pinnedKept = Set<LessonID>()
        var overQuota: Int?
        for row in lessons {
            guard case .offered(let reason) = holds[row.lesson], !row.items.isEmpty else { continue }
            if row.pinned {
                pinnedKept.insert(row.lesson)
            } else {
                for item in row.items { chosen[item.key] = reason.description }
            }
        }
        if let olderThan = policy.olderThan {
            let cutoff = now.addingTimeInterval(-olderThan.seconds)
            for row in lessons where holds[row.lesson]?.isKept != true {
                for item in row.items where item.key.medium != .text && item.completedAt < cutoff && chosen[item.key] == nil {
                    if row.pinned {
                        pinnedKept.insert(row.lesson)
                        continue
                    }
                    chosen[item.key] = Self.ageReason(age: now.timeIntervalSince(item.completedAt), limit: olderThan.seconds).description
                }
            }
        }
        Self.addPDFs(of: lessons, to: &chosen)
        if let maxBytes = policy.maxBytes {
            var total = lessons.flatMap(\.items).filter { chosen[$0.key] == nil }.reduce(0) { $0 + $1.bytes }
            if total > maxBytes {
                let target = Int(Double(maxBytes) * policy.trimRatio)
                // Least recently used lessons first, whole lessons at a time; those a plan keeps
                // last, in the order of their days (``PlanHold/sweepOrder(_:_:)``).
                let today = LearningDay(now, in: policy.timeZone)
                let byUse = lessons.sorted {
                    switch (holds[$0.lesson], holds[$1.lesson]) {
                    case (.kept(let a), .kept(let b)) where a != b:
                        return PlanHold.sweepOrder(a, today) < PlanHold.sweepOrder(b, today)
                    case (.kept, .kept): break
                    case (.kept, _): return false
                    case (_, .kept): return true
                    default: break
                    }
                    return ($0.items.map(\.lastUsed).max() ?? .distantPast) < ($1.items.map(\.lastUsed).max() ?? .distantPast)
                }
                for row in byUse where total > target {
                    let left = row.items.filter { chosen[$0.key] == nil }
                    guard !left.isEmpty else { continue }
                    if row.pinned {
                        pinnedKept.insert(row.lesson)
                        continue
                    }
                    for item in left {
                        chosen[item.key] = Message(.cleanOverSize, .text(UserLanguage.en.size(maxBytes))).description
                        total -= item.bytes
                    }
                }
                if total > maxBytes { overQuota = total }  // what is left is pinned
            }
        }
        Self.addPDFs(of: lessons, to: &chosen)
        let sizes = Dictionary(lessons.flatMap(\.items).map { ($0.key, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        let actions = chosen.sorted { $0.key < $1.key }.map { key, reason in
            CleanAction(
                type: key.lesson.type, id: key.lesson.id, medium: key.medium, action: "expired", bytes: sizes[key] ?? 0, reason: reason)
        }
        return (actions, pinnedKept.count, overQuota)
    }

    /// A lesson's PDF goes with its last audio or video (legacy B25); before a quota is counted,
    /// so that the sweep does not count PDFs that are going anyway.
    static func addPDFs(of lessons: [RetentionRow], to chosen: inout [MediaKey: String]) {
        for items in lessons.map(\.items) {
            let media = items.filter { $0.key.medium != .text }
            if !media.isEmpty, media.allSatisfy({ chosen[$0.key] != nil }), let pdf = items.first(where: { $0.key.medium == .text }),
                chosen[pdf.key] == nil
            {
                chosen[pdf.key] = Message(.cleanPDFGoesAlong).description
            }
        }
    }

    static func days(_ seconds: Double) -> Int { Int((seconds / 86_400).rounded(.down)) }

    /// Why an item is old enough: in days for a limit of whole days, else in the largest unit the
    /// limit is whole in ("completed 120 min ago (limit 90 min)"); a limit of 0 in the age's unit,
    /// a limit under a second with its tenths ("limit 0.5 s").
    static func ageReason(age: Double, limit: Double) -> Message {
        if limit >= 86_400, limit.truncatingRemainder(dividingBy: 86_400) == 0 {
            return Message(.cleanOlderThan, .number(days(age)), .number(days(limit)))
        }
        let units: [(seconds: Double, symbol: String)] = [(3600, "h"), (60, "min")]
        let unit =
            limit == 0
            ? units.first { age >= $0.seconds } ?? (1, "s")
            : units.first { limit.truncatingRemainder(dividingBy: $0.seconds) == 0 } ?? (1, "s")
        func shown(_ seconds: Double) -> String {
            let value = seconds / unit.seconds
            let number = value < 1 && value > 0 ? String(format: "%.1f", value) : "\(Int(value.rounded(.down)))"
            return "\(number) \(unit.symbol)"
        }
        return Message(.cleanOlderThanTime, .text(shown(age)), .text(shown(limit)))
    }
}

import OfflineLessons

/// A value as JSON with more fields beside its own: a lesson's `name` beside its ids, the
/// `version` beside a report. The value must encode as an object.
struct Annotated<Value: Encodable>: Encodable {
    let value: Value
    let fields: [String: String]

    init(_ value: Value, _ fields: [String: String]) {
        self.value = value
        self.fields = fields
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        for (key, field) in fields { try container.encode(field, forKey: Key(stringValue: key)) }
    }
}

extension Annotated {
    /// A report with the version that made it, for the reports people attach when they ask for
    /// help (`doctor --json`, `demo --json`).
    static func versioned(_ report: Value) -> Annotated { Annotated(report, ["version": LibraryVersion.current]) }
}

extension RemovalReport {
    /// `{"removed": [...], "bytes": …, "dryRun": …}` with each entry's lesson named.
    func named(by names: LessonNames) -> Named {
        Named(removed: removed.map { Annotated($0, ["name": names.name($0.lesson)]) }, bytes: bytes, dryRun: dryRun)
    }

    struct Named: Encodable {
        var removed: [Annotated<Entry>]
        var bytes: Int
        var dryRun: Bool
    }
}

import Foundation
import NIOConcurrencyHelpers

/// The Shas a library last decoded from its catalog cache, with the stored JSON it came from: a
/// read that finds the same JSON (the next selector of a request, the next page of the UI) takes
/// it instead of decoding it again (about 1 ms a decode; a download naming three masechtot
/// decoded it three times, `perf record` of `lessons download` of 730 files). A Shas stored since,
/// by this process or another, is different JSON and is decoded.
final class ShasMemo: Sendable {
    private struct State {
        var last: (json: Data, shas: Shas)?
        var decodes = 0
    }
    private let state = NIOLockedValueBox(State())

    /// How many times a Shas was decoded (not taken from the memo).
    var decodes: Int { state.withLockedValue { $0.decodes } }

    /// The Shas stored as `json`.
    func shas(decoding json: Data) throws -> Shas {
        if let known = state.withLockedValue({ state in state.last.flatMap { $0.json == json ? $0.shas : nil } }) { return known }
        let shas = try SnapshotCoding.shas(from: json)
        state.withLockedValue { state in
            state.last = (json, shas)
            state.decodes += 1
        }
        return shas
    }
}

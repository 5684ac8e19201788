import Foundation

extension LessonSelector {
    /// Whether a registered lesson is one this selector names (masechet names need the Shas).
    func matches(_ lesson: LessonID, placement: Placement, number: Int, shas: Shas?) throws -> Bool {
        switch self {
        case .lesson(let id):
            return lesson == id
        case .gemara(let name, let dapim):
            guard lesson.type == .gemara, try masechetId(name, shas: shas) == placement.masechetId else { return false }
            return dapim?.contains(number) ?? true
        case .mishna(let name, let chapters, let mishnayot):
            guard lesson.type == .mishna, try masechetId(name, shas: shas) == placement.masechetId else { return false }
            return (chapters?.contains(placement.chapter) ?? true) && (mishnayot?.contains(number) ?? true)
        }
    }

    private func masechetId(_ name: String, shas: Shas?) throws -> Int? {
        try Self.masechet(name, in: shas)?.id ?? Int(name)
    }
}

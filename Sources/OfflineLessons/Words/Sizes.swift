import Foundation

extension UserLanguage {
    /// A size in decimal units as said in the language: `12 B`, `340 KB`, `1.1 MB` in English,
    /// `1,1 MB` in Spanish (a decimal comma; the units are the same).
    public func size(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        guard unit > 0 else { return "\(bytes) B" }
        return decimal(value, places: value < 10 ? 1 : 0) + " " + units[unit]
    }

    /// A number with `places` decimals and the language's decimal mark: `4.2` in English, `4,2` in Spanish.
    public func decimal(_ value: Double, places: Int) -> String {
        let number = String(format: "%.\(max(places, 0))f", value)
        return self == .es ? number.replacingOccurrences(of: ".", with: ",") : number
    }
}

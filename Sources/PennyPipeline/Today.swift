import Foundation
public import PennyCore

extension LocalDate {
    /// Today in the machine's time zone.
    public static func today() -> LocalDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? LocalDate(year: 1970, month: 1, day: 1)!
    }
}

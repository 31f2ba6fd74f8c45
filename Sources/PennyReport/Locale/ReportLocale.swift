public import Foundation
public import PennyCore

/// How a report writes numbers, money and dates for a person: the locale's decimal mark,
/// grouping, currency symbol and its place (ICU's data, through Foundation), and its
/// month names; plus the labels in its language.
///
/// Amounts are never converted to floating point: only the locale's symbols and pattern
/// come from ICU, and the digits are placed exactly from the integer minor units.
public struct ReportLocale: Sendable {
    /// The locale identifier, e.g. `pt_PT`.
    public let identifier: String
    /// The labels.
    public let labels: Translations
    /// The decimal mark, e.g. `,`.
    public let decimalSeparator: String
    /// The grouping separator, e.g. a no-break space.
    public let groupingSeparator: String
    /// ICU's minimum grouping digits: 2 means 1234 stays ungrouped (pt-PT, es, it).
    public let minimumGroupingDigits: Int
    private let currencyPattern: String
    private let icu = ICUStringCache()
    /// How the rules' `label` blocks show ledger names in this language (`expenses:housing`
    /// → `Habitação`); a name without a label is shown as it is.
    public var names: [String: String] = [:]

    /// A ledger name as a person reads it: its label, else the name.
    public func name(_ ledgerName: String) -> String { names[ledgerName] ?? ledgerName }

    /// The locale named by `identifier` (`pt-PT`, `pt_PT.UTF-8`, `en`), or by the
    /// environment (`LC_ALL`, `LC_MONETARY`, `LANG`) when nil; `C` and `POSIX` mean `en_US`.
    public init(_ identifier: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let chosen = identifier ?? ["LC_ALL", "LC_MONETARY", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "en_US"
        var name = String(chosen.split(separator: ".").first ?? "en_US").replacingOccurrences(of: "-", with: "_")
        if name == "C" || name == "POSIX" || name.isEmpty { name = "en_US" }
        let language = String(name.split(separator: "_").first ?? "en")
        let region = name.split(separator: "_").dropFirst().first.map(String.init)
        if region == nil { name = Self.defaultRegion[language].map { "\(language)_\($0)" } ?? name }
        self.identifier = name
        labels = Translations(language: Self.labelLanguage(language: language, region: region ?? Self.defaultRegion[language]))
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: name)
        formatter.numberStyle = .currency
        decimalSeparator = formatter.decimalSeparator ?? "."
        groupingSeparator = formatter.groupingSeparator ?? ","
        currencyPattern = formatter.positiveFormat ?? "¤#,##0.00"
        let plain = NumberFormatter()
        plain.locale = Locale(identifier: name)
        plain.numberStyle = .decimal
        // Whether ICU groups a four-digit number in this locale (an integer, not money).
        minimumGroupingDigits = (plain.string(from: 1234) ?? "1234").count > 4 ? 1 : 2
    }

    /// The locale the environment names (`LC_ALL`, `LC_MONETARY`, `LANG`), or nil when it
    /// names none or the C/POSIX locale: then table reports stay in Penny's plain English
    /// with plain figures, as a script or a diff expects.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ReportLocale? {
        guard let chosen = ["LC_ALL", "LC_MONETARY", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
        let name = chosen.split(separator: ".").first.map(String.init) ?? ""
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return ReportLocale(chosen)
    }

    private static let defaultRegion = ["en": "US", "pt": "PT", "es": "ES", "ca": "ES", "it": "IT", "de": "DE", "fr": "FR", "nl": "NL"]

    private static func labelLanguage(language: String, region: String?) -> String {
        if language == "pt" { return region == "BR" ? "pt-BR" : "pt-PT" }
        return language
    }

    /// A plain number with the locale's marks: `1.234,56`.
    public func number(_ money: Money) -> String {
        let plain = money.decimalString
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        let parts = digits.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        if whole.count >= 3 + minimumGroupingDigits {
            var grouped: [String] = []
            while whole.count > 3 {
                grouped.insert(String(whole.suffix(3)), at: 0)
                whole.removeLast(3)
            }
            grouped.insert(whole, at: 0)
            whole = grouped.joined(separator: groupingSeparator)
        }
        let fraction = parts.count > 1 ? decimalSeparator + parts[1] : ""
        return (negative ? "-" : "") + whole + fraction
    }

    /// A chart axis value: `number` without a fraction that is all zeros (`2,000`, `2.5`).
    public func axisNumber(_ money: Money) -> String {
        let text = number(money)
        guard let mark = text.range(of: decimalSeparator), text[mark.upperBound...].allSatisfy({ $0 == "0" }) else { return text }
        return String(text[..<mark.lowerBound])
    }

    /// An amount with its currency symbol where the locale puts it: `1234,56 €`, `€1,234.56`.
    public func money(_ money: Money) -> String {
        let symbol = currencySymbol(money.currency.code)
        var text = number(money)
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        let pattern = currencyPattern
        let placed: String
        if let range = pattern.range(of: "¤") {
            let before = pattern[..<range.lowerBound], after = pattern[range.upperBound...]
            let space = "\u{00A0}"
            if before.isEmpty {
                placed = symbol + (after.hasPrefix(" ") || after.hasPrefix("\u{00A0}") ? space : "") + text
            } else {
                placed = text + (before.hasSuffix(" ") || before.hasSuffix("\u{00A0}") ? space : "") + symbol
            }
        } else {
            placed = text + "\u{00A0}" + symbol
        }
        return (negative ? "-" : "") + placed
    }

    private func currencySymbol(_ code: String) -> String {
        icu.string("symbol " + code) {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: identifier)
            formatter.numberStyle = .currency
            formatter.currencyCode = code
            return formatter.currencySymbol ?? code
        }
    }

    /// A percentage with the locale's decimal mark: `65,53 %` style marks, `65.53%` in en.
    public func percent(_ p: Percentage) -> String {
        p.formatted.replacingOccurrences(of: ".", with: decimalSeparator) + "%"
    }

    /// A date as the locale writes it in full: `5 de março de 2024`.
    public func date(_ date: LocalDate) -> String { format(date, template: "dMMMMyyyy") }

    /// A date as a table writes it: `05/03/2024`, `3/5/2024`.
    public func shortDate(_ date: LocalDate) -> String { format(date, template: "yMMdd") }

    /// A month and year: `março de 2024`.
    public func month(year: Int, month: Int) -> String {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return "\(year)-\(month)" }
        return format(first, template: "MMMMyyyy")
    }

    /// A short month name for a chart axis: `mar.`, `Mar`.
    public func shortMonth(year: Int, month: Int) -> String {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return "\(month)" }
        return format(first, template: "MMM")
    }

    private func format(_ date: LocalDate, template: String) -> String {
        icu.string("\(template) \(date)") { formatUncached(date, template: template) }
    }

    private func formatUncached(_ date: LocalDate, template: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        let components = DateComponents(calendar: calendar, year: date.year, month: date.month, day: date.day, hour: 12)
        return calendar.date(from: components).map { formatter.string(from: $0) } ?? date.description
    }
}

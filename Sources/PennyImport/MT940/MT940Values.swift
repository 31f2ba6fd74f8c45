import Foundation
import PennyCore

/// Dates and amounts as SWIFT writes them.
enum MT940Values {
    /// `YYMMDD`, the year by the `TwoDigitYear` pivot.
    static func date(_ text: Substring) -> LocalDate? { date(bytes: Array(text.utf8)[...]) }

    /// `YYMMDD` as bytes.
    static func date(bytes: ArraySlice<UInt8>) -> LocalDate? {
        guard bytes.count == 6, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let s = bytes.startIndex
        return LocalDate(year: TwoDigitYear.expand(number(bytes[s..<(s + 2)])), month: number(bytes[(s + 2)..<(s + 4)]), day: number(bytes[(s + 4)..<(s + 6)]))
    }

    /// `YYMMDD` at the start of `bytes`, when six bytes or more.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard bytes.count >= 6 else { return nil }
        for k in 0..<6 where bytes[k] &- 0x30 >= 10 { return nil }
        func pair(_ k: Int) -> Int { Int(bytes[k] - 0x30) * 10 + Int(bytes[k + 1] - 0x30) }
        return LocalDate(year: TwoDigitYear.expand(pair(0)), month: pair(2), day: pair(4))
    }

    /// The value of ASCII digits.
    static func number(_ digits: ArraySlice<UInt8>) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } }

    /// `1234,56`, `15000,` or `000000000473,17`: digits and one decimal comma; with
    /// `wholeUnits`, digits alone (`500`) are whole units too.
    static func amount(_ text: Substring, _ currency: Currency, _ at: SourceLocation, field: String, wholeUnits: Bool = false) throws(PennyError) -> Int64 {
        let parts = (wholeUnits && !text.isEmpty ? text + "," : text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw .badInput("cannot read \(field) amount '\(text)': expected digits with a decimal comma, like 1234,56", at: at)
        }
        let whole = parts[0].drop { $0 == "0" }
        let normalized = (whole.isEmpty ? "0" : String(whole)) + (parts[1].isEmpty ? "" : "," + parts[1])
        do {
            return try AmountParser.parse(normalized, format: amountFormat, exponent: currency.exponent)
        } catch {
            throw .badInput("cannot read \(field) amount '\(text)': \(error.reason) (\(currency.code))", at: at)
        }
    }

    /// The format of an amount once normalized: a decimal comma, no grouping.
    static let amountFormat = AmountFormat(decimalMark: ",", thousandsSeparator: .some(nil))

    /// `amount` for ASCII bytes without an error: nil for an amount it refuses (read it
    /// again with `amount` for the error's words). The normalized amount is a stretch of
    /// the bytes: its first digit that is not a leading zero (or the last zero) up to the
    /// end, or up to the comma when no decimals follow it.
    static func amount(bytes text: UnsafeBufferPointer<UInt8>, _ currency: Currency, wholeUnits: Bool = false) -> Int64? {
        var comma = text.count
        if wholeUnits && !text.isEmpty {
            guard !text.contains(UInt8(ascii: ",")) else { return nil }
        } else {
            guard let first = text.firstIndex(of: UInt8(ascii: ",")), !text[(first + 1)...].contains(UInt8(ascii: ",")) else { return nil }
            comma = first
        }
        guard comma > 0 else { return nil }
        var start = 0
        while start < comma - 1 && text[start] == UInt8(ascii: "0") { start += 1 }
        let end = comma + 1 == text.count ? comma : text.count
        return try? AmountParser.parse(utf8: UnsafeBufferPointer(rebasing: text[start..<end]), format: amountFormat, exponent: currency.exponent)
    }

    /// `C250801EUR1500,00`: a balance's mark, date, currency and amount (a field's first line).
    static func balance(_ line: String, tag: String, at: SourceLocation) throws(PennyError) -> StatementBalance {
        let text = line.trimmingCharacters(in: .whitespaces)
        let fail = PennyError.badInput(
            "cannot read :\(tag): '\(text)': expected C or D, a YYMMDD date, a currency and an amount, like C250801EUR1500,00", at: at)
        guard let mark = text.first, mark == "C" || mark == "D", text.count > 10, let date = date(text.dropFirst().prefix(6)) else { throw fail }
        let code = String(text.dropFirst(7).prefix(3))
        guard let currency = Currency(code: code) else { throw .badInput("unknown currency '\(code)' in :\(tag):", at: at) }
        let units = try amount(text.dropFirst(10)[...], currency, at, field: ":\(tag):")
        return StatementBalance(date: date, amount: Money(minorUnits: mark == "C" ? units : -units, currency: currency))
    }
}

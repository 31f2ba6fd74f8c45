public import PennyCore

/// The one reading of a posting line, for every part of Penny that looks at postings (the
/// journal reader, the statement balances kept while the ledger is copied, recategorize's
/// and uncategorized's blocks): `ACCOUNT  AMOUNT` where the account ends at two spaces, a
/// tab or the line's end, and the amount (`12.30 EUR`, `EUR 12.30`, or `12.30` in the
/// default currency) ends at a comment (`;`), a cost (`@`, `@@`) or a balance assertion
/// (`=`).
public enum PostingText {
    /// The index just past the account that starts at `start`.
    @inline(__always)
    public static func accountEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i < line.count {
            let b = line[i]
            if b == 0x09 { break }
            if b == 0x20, i + 1 == line.count || line[i + 1] == 0x20 || line[i + 1] == 0x09 { break }
            i += 1
        }
        return i
    }

    /// The index where the amount text that starts at `start` ends.
    @inline(__always)
    public static func amountEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < line.count, line[end] != UInt8(ascii: ";"), line[end] != UInt8(ascii: "@"), line[end] != UInt8(ascii: "=") { end += 1 }
        return end
    }

    /// A posting's text split at its account: the account and what follows it, trimmed
    /// (nil when the amount is elided).
    public static func split(_ posting: some StringProtocol) -> (account: String, rest: String?) {
        var bytes = Array(posting.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return bytes.withUnsafeBufferPointer { line in
            let end = accountEnd(line, from: start)
            var restStart = end
            while restStart < line.count, line[restStart] == 0x20 || line[restStart] == 0x09 { restStart += 1 }
            let account = String(decoding: line[start..<end], as: UTF8.self)
            return (account, restStart < line.count ? String(decoding: line[restStart...], as: UTF8.self) : nil)
        }
    }

    /// The amount at the start of `text` (up to a comment, cost or assertion): `12.30 EUR`,
    /// `EUR 12.30`, or `12.30` in `defaultCurrency` (nil: a code is required); nil when it
    /// cannot be read exactly.
    public static func money(_ text: some StringProtocol, defaultCurrency: Currency?) -> Money? {
        let bytes = Array(text.utf8)
        let end = bytes.withUnsafeBufferPointer { amountEnd($0, from: 0) }
        let words = String(decoding: bytes[..<end], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        var currency = defaultCurrency
        var number = words.first
        if words.count == 2 {
            if let code = Currency(code: String(words[1])) {
                currency = code
            } else if let code = Currency(code: String(words[0])) {
                currency = code
                number = words[1]
            } else {
                return nil
            }
        } else if words.count != 1 {
            return nil
        }
        guard let currency, let number, let units = try? AmountParser.parse(number, format: AmountFormat(decimalMark: "."), exponent: currency.exponent) else {
            return nil
        }
        return Money(minorUnits: units, currency: currency)
    }
}

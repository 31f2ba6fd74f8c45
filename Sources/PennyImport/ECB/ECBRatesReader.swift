import Foundation
public import PennyCore

/// Reads the European Central Bank's euro reference rates, as the ECB publishes them:
///
/// - the historical CSV (`eurofxref-hist.csv`, also `eurofxref.csv`): a `Date,USD,JPY,…`
///   header, one row per day (newest first), `N/A` where a currency had no rate, every
///   line ending in a comma;
/// - the daily or 90-day XML (`eurofxref-daily.xml`, `eurofxref-hist-90d.xml`):
///   `<Cube time="2024-03-01"><Cube currency="USD" rate="1.0813"/>…`.
///
/// Every rate is `1 EUR = x CURRENCY`, kept as the exact decimal the file gives. A value
/// that is not a rate rejects the file with its line and column; nothing is half-read.
public enum ECBRatesReader {
    /// The rates in `path` (CSV or XML, told apart by the first character).
    public static func read(path: String) throws(PennyError) -> [ExchangeRate] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PennyError(.configuration, "cannot read the file", at: SourceLocation(file: path))
        }
        let bytes = [UInt8](data)
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        return first == UInt8(ascii: "<") ? try xml(bytes, file: path) : try csv(String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// The historical CSV's rates.
    public static func csv(_ text: String, file: String) throws(PennyError) -> [ExchangeRate] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        guard let header = lines.first else { throw .badInput("empty file: expected the ECB's 'Date,USD,JPY,…' header", at: SourceLocation(file: file, line: 1)) }
        let names = fields(header.hasPrefix("\u{FEFF}") ? header.dropFirst() : header)
        guard names.first?.text.trimmingCharacters(in: .whitespaces) == "Date", names.count >= 2 else {
            throw .badInput("not an ECB reference-rate file: expected a header starting 'Date,USD,…'", at: SourceLocation(file: file, line: 1, column: 1))
        }
        var currencies: [Currency?] = []
        for name in names.dropFirst() {
            let code = name.text.trimmingCharacters(in: .whitespaces)
            if code.isEmpty { currencies.append(nil); continue }
            guard let currency = Currency(code: code), currency.code == code else {
                throw .badInput("'\(code)' is not a currency code: expected three capital letters", at: SourceLocation(file: file, line: 1, column: name.column))
            }
            currencies.append(currency)
        }
        var rates: [ExchangeRate] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            let values = fields(line)
            guard let dateField = values.first, let date = LocalDate(iso: dateField.text.trimmingCharacters(in: .whitespaces)) else {
                throw .badInput("cannot read the date: expected YYYY-MM-DD", at: SourceLocation(file: file, line: number, column: 1))
            }
            for (index, value) in values.dropFirst().enumerated() {
                let text = value.text.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, text != "N/A" else { continue }
                guard index < currencies.count, let currency = currencies[index] else {
                    throw .badInput("a value under no currency of the header", at: SourceLocation(file: file, line: number, column: value.column))
                }
                guard let rate = Rate(parsing: text) else {
                    throw .badInput(
                        "cannot read the \(currency.code) rate '\(text)': expected a positive decimal like 1.0813 or N/A",
                        at: SourceLocation(file: file, line: number, column: value.column))
                }
                rates.append(ExchangeRate(date: date, from: .euro, rate: rate, to: currency))
            }
        }
        return rates
    }

    /// A line's comma-separated fields with their 1-based columns (ECB files quote nothing).
    private static func fields(_ line: Substring) -> [(text: Substring, column: Int)] {
        var result: [(Substring, Int)] = []
        var column = 1
        for part in line.split(separator: ",", omittingEmptySubsequences: false) {
            result.append((part, column))
            column += part.count + 1
        }
        return result
    }

    /// The XML file's rates: every `Cube` with `time`, and its `Cube`s with `currency` and `rate`.
    static func xml(_ bytes: [UInt8], file: String) throws(PennyError) -> [ExchangeRate] {
        let tree = try XMLTree(bytes: bytes, fileName: file)
        guard let root = tree.root else { throw .badInput("empty XML document", at: SourceLocation(file: file)) }
        let days = root.descendants("Cube").filter { $0.attribute("time") != nil }
        guard !days.isEmpty else {
            throw .badInput("not an ECB reference-rate file: no <Cube time=\"…\"> element", at: SourceLocation(file: file, line: root.line))
        }
        var rates: [ExchangeRate] = []
        for day in days {
            let time = day.attribute("time") ?? ""
            guard let date = LocalDate(iso: time) else {
                throw .badInput("cannot read the date '\(time)': expected YYYY-MM-DD", at: SourceLocation(file: file, line: day.line))
            }
            for cube in day.children where cube.name == "Cube" {
                let code = cube.attribute("currency") ?? "", value = cube.attribute("rate") ?? ""
                guard let currency = Currency(code: code), currency.code == code else {
                    throw .badInput("'\(code)' is not a currency code: expected three capital letters", at: SourceLocation(file: file, line: cube.line))
                }
                guard let rate = Rate(parsing: value) else {
                    throw .badInput("cannot read the \(code) rate '\(value)': expected a positive decimal like 1.0813", at: SourceLocation(file: file, line: cube.line))
                }
                rates.append(ExchangeRate(date: date, from: .euro, rate: rate, to: currency))
            }
        }
        return rates
    }
}

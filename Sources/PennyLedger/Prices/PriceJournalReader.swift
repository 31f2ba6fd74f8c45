import Foundation
public import PennyCore

/// Reads the exchange rates of a journal: every `P` line between two currencies in the
/// file and the files it includes (the prices journal `penny prices import` writes is one).
/// Other lines are skipped; the postings are `JournalReader`'s business.
public enum PriceJournalReader {
    /// The rates in file order (includes after the including file), each with no location.
    /// A price line Penny cannot read stops the read with an error at its line and column.
    /// - Complexity: O(size of the files).
    public static func rates(path: String) throws(PennyError) -> [ExchangeRate] {
        var rates: [ExchangeRate] = []
        try read(path: path, chain: [], into: &rates)
        return rates
    }

    private static func read(path: String, chain: [String], into rates: inout [ExchangeRate]) throws(PennyError) {
        var includes: [(String, Int)] = []
        var failure: PennyError?
        let opened = LineReader.forEachLine(path: path) { line, number in
            guard let first = line.first else { return true }
            if first == UInt8(ascii: "P") {
                do throws(PriceLineError) {
                    if let price = try PriceDirective.parse(String(decoding: line, as: UTF8.self)) { rates.append(price.rate) }
                } catch {
                    failure = .badInput(error.reason, at: SourceLocation(file: path, line: number, column: error.column))
                    return false
                }
            } else if let target = JournalLine.includeTarget(line) {
                includes.append((target, number))
            }
            return true
        }
        guard opened else {
            throw PennyError(.configuration, "cannot read the ledger (run 'penny init' or 'penny import' first)", at: SourceLocation(file: path))
        }
        if let failure { throw failure }
        try JournalInclude.follow(includes, of: path, chain: chain) { (resolved, within) throws(PennyError) in try read(path: resolved, chain: within, into: &rates) }
    }
}

import Foundation
public import PennyCore

/// `<ledger>.prices.journal`: the exchange rates `penny prices import` wrote, one `P` line
/// each, sorted by date and pair, one line per day and pair. The ledger includes it, so
/// hledger and ledger-cli read the same rates Penny converts with.
public struct PricesJournal {
    /// The file.
    public let path: String

    /// The prices journal of a ledger.
    public init(ledgerPath: String) { self.path = ledgerPath + ".prices.journal" }

    /// What the ledger's `include` line names (relative to the ledger).
    public var includeName: String { URL(fileURLWithPath: path).lastPathComponent }

    /// The file's opening comment.
    public static let header = """
        ; Exchange rates imported by `penny prices import` (1 FROM = RATE TO on DATE).
        ; One line per day and pair; hledger and ledger-cli also use each rate in reverse.

        """

    /// What merging new rates into the file's gives.
    public struct Merge: Equatable, Sendable {
        /// Rates the file did not hold for their day and pair.
        public let added: Int
        /// Rates it held already (the same day and pair; the rate held is kept).
        public let duplicates: Int
        /// The whole new text.
        public let text: String
    }

    /// The file's rates merged with `rates`: a day and pair already held keeps its rate.
    public func merge(_ rates: [ExchangeRate]) throws(PennyError) -> Merge {
        let held = FileManager.default.fileExists(atPath: path) ? try PriceJournalReader.rates(path: path) : []
        var byKey: [String: ExchangeRate] = [:]
        for rate in held { byKey[Self.key(rate)] = rate }
        var added = 0, duplicates = 0
        for rate in rates {
            if byKey[Self.key(rate)] == nil {
                byKey[Self.key(rate)] = rate
                added += 1
            } else {
                duplicates += 1
            }
        }
        let lines = byKey.values.sorted { ($0.date, $0.from.code, $0.to.code) < ($1.date, $1.from.code, $1.to.code) }.map { PriceDirective($0).line }
        return Merge(added: added, duplicates: duplicates, text: Self.header + lines.map { $0 + "\n" }.joined())
    }

    private static func key(_ rate: ExchangeRate) -> String { "\(rate.date) \(rate.from.code) \(rate.to.code)" }
}

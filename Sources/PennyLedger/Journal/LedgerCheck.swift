public import PennyCore

/// Reads the whole ledger as `report` does before anything writes to it: a ledger with an
/// error in it (a hand edit gone wrong) is refused at its line, never appended to or
/// rewritten (hledger would then reject the file).
public enum LedgerCheck {
    /// Throws (exit 3) with the ledger's first error; a ledger that does not exist yet is fine.
    /// Returns the ledger's amount totals per currency (`JournalReader.magnitudes`).
    /// - Complexity: one streamed pass over the ledger and its includes.
    @discardableResult
    public static func requireReadable(_ path: String, defaultCurrency: Currency) throws(PennyError) -> [Currency: Int64] {
        guard LedgerPath.exists(path) else { return [:] }
        do {
            return try JournalReader(defaultCurrency: defaultCurrency).magnitudes(path: path)
        } catch {
            throw refusal(error)
        }
    }

    /// The error that refuses a ledger with `error` in it (exit 3).
    static func refusal(_ error: PennyError) -> PennyError {
        PennyError(.ledgerUnavailable, "\(error.message); the ledger has an error, so Penny will not write to it: fix that line first", at: error.location)
            .coded(.ledgerSyntax)
    }
}

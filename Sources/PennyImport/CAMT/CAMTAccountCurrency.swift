import PennyCore

/// The currency a CAMT statement's account is kept in, and where the document says so.
///
/// ISO 20022 books an entry (`Ntry/Amt`) in the account's currency; an amount in another
/// currency is the instructed one (`AmtDtls/InstdAmt`, with `CcyXchg`). The account's
/// currency is its `Acct/Ccy`, else its balances' currency, else its first entry's.
struct CAMTAccountCurrency {
    /// The currency.
    let currency: Currency
    /// Where it comes from, for a message: `Acct/Ccy`, `its balances`, `its first entry (line 9)`.
    let source: String

    /// Refuses an entry booked in another currency than the account's, which would put two
    /// currencies on one account without a word.
    func check(entry: Currency, at: SourceLocation) throws(PennyError) {
        guard entry != currency else { return }
        throw .badInput(
            "the entry's Amt is in \(entry.code) but the account is in \(currency.code) (\(source)): ISO 20022 books an entry in the account's currency, the original amount in AmtDtls/InstdAmt with CcyXchg; refused rather than mixing two currencies on one account",
            at: at)
    }
}

import PennyCore

/// A transaction's `CURRENCY` or `ORIGCURRENCY` aggregate (OFX 2.1.1 §5.2): `CURRATE` is
/// the ratio of the statement's currency (`CURDEF`) to `CURSYM`.
///
/// - `ORIGCURRENCY`: `TRNAMT` is what the account was charged, in `CURDEF`; the original is
///   `TRNAMT / CURRATE` in `CURSYM`.
/// - `CURRENCY` naming another currency: `TRNAMT` is in `CURSYM`; the account is charged
///   `TRNAMT × CURRATE` in `CURDEF`, and `TRNAMT` is the original.
///
/// Each computed amount is rounded once, half away from zero. Without a `CURRATE`, or with
/// the statement's own currency, the transaction is read as before.
enum OFXForeignAmount {
    static func read(
        _ element: some OFXElement, amount written: Money, statementCurrency: Currency, displayName: String
    ) throws(PennyError) -> (amount: Money, original: OriginalAmount?) {
        let isOriginal = element.child(.origcurrency) != nil
        guard let aggregate = element.child(.origcurrency) ?? element.child(.currency), let code = aggregate.text(.cursym),
            let foreign = Currency(code: code), foreign != statementCurrency, let rateText = aggregate.text(.currate)
        else { return (written, nil) }
        let rateLine = SourceLocation(file: displayName, line: aggregate.child(.currate)?.line ?? aggregate.line)
        guard let rate = Rate(parsing: rateText) else { throw .badInput("cannot read CURRATE '\(rateText)': expected a positive decimal like 0.9216", at: rateLine) }
        let amountLine = SourceLocation(file: displayName, line: element.child(.trnamt)?.line ?? element.line)
        let original =
            isOriginal ? written : Money(minorUnits: try OFXReader.amount(element.text(.trnamt) ?? "", foreign, amountLine, field: "TRNAMT"), currency: foreign)
        do throws(MoneyError) {
            if isOriginal {
                return (written, OriginalAmount(amount: try OriginalAmount.apply(rate, to: written, dividing: true, into: foreign), rate: rate))
            }
            return (try OriginalAmount.apply(rate, to: original, dividing: false, into: statementCurrency), OriginalAmount(amount: original, rate: rate))
        } catch {
            throw .badInput("TRNAMT '\(element.text(.trnamt) ?? "")' at CURRATE \(rate) passes what Penny counts exactly", at: amountLine)
        }
    }
}

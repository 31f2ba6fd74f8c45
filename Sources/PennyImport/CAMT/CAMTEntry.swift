import PennyCore

/// One `Ntry` while it is read: small, and dropped once its transactions are emitted.
struct CAMTEntry {
    /// One `TxDtls`.
    struct Details {
        var amount: String?
        var currency: String?
        var creditDebit: String?
        var unstructured: [String] = []
        var debtorName: String?
        var creditorName: String?
        var debtorIBAN: String?
        var creditorIBAN: String?
        var reference: String?
        var additionalInfo: String?
        var instructed = CAMTInstructedAmount()
    }

    var line: Int
    var amount: String?
    var currency: String?
    var creditDebit: String?
    var status: String?
    var bookingDate: String?
    var valueDate: String?
    var reference: String?
    var additionalInfo: String?
    var isReversal = false
    var details: [Details] = []
    var instructed = CAMTInstructedAmount()
}

/// `AmtDtls/InstdAmt`: what was instructed, in its own currency (a card purchase abroad),
/// and `CcyXchg/XchgRate`, the rate the bank applied.
struct CAMTInstructedAmount {
    var amount: String?
    var currency: String?
    var rate: String?

    /// Takes a value at `relative` (from the `Ntry` or `TxDtls`); false when it is not one of its.
    mutating func take(_ value: String, relative r: CAMTPath.Tail) -> Bool {
        // Matched on the path's own slice, like the entry's elements: no array per element.
        guard r.count >= 3, r[r.startIndex] == .amtDtls, r[r.startIndex + 1] == .instdAmt else { return false }
        let rest = r.dropFirst(2)
        if rest.count == 1, rest.first == .amt {
            amount = value
        } else if rest.count == 2, rest.first == .ccyXchg, rest.last == .xchgRate {
            rate = value
        } else {
            return false
        }
        return true
    }
}

/// One `Bal` while it is read.
struct CAMTBalance {
    var code: String?
    var amount: String?
    var currency: String?
    var creditDebit: String?
    var date: String?
}

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
    mutating func take(_ value: String, relative: [String]) -> Bool {
        switch relative {
        case ["AmtDtls", "InstdAmt", "Amt"]: amount = value
        case ["AmtDtls", "InstdAmt", "CcyXchg", "XchgRate"]: rate = value
        default: return false
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

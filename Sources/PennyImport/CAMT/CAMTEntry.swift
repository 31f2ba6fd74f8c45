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
}

/// One `Bal` while it is read.
struct CAMTBalance {
    var code: String?
    var amount: String?
    var currency: String?
    var creditDebit: String?
    var date: String?
}

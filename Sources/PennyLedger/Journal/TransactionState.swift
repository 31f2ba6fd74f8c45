import PennyCore

/// The postings of the transaction being read, until it ends.
struct TransactionState {
    var date: LocalDate?
    /// The header line of the transaction.
    var line = 0
    var accounts: [String] = []
    var amounts: [Money?] = []
    var elided = false
    /// False for a check that wants only the errors (`JournalCheck`): no posting is kept.
    var keepsPostings = true

    /// The sum of the amounts while they are all in one currency (`balance`).
    var balance = Balance()
    /// True when the last transaction was ended by a blank line.
    var endedByBlank = false

    /// What a transaction's postings add up to, for the check that they balance. Only a
    /// transaction in one currency without virtual postings is judged: an exchange
    /// (`@@`) or unbalanced virtual postings are hledger's business to balance.
    struct Balance {
        var units: Int64 = 0
        var currency: Currency?
        var judged = true

        mutating func add(_ account: String, _ amount: Money?) {
            guard judged else { return }
            guard let amount, let first = account.utf8.first, first != UInt8(ascii: "("), first != UInt8(ascii: "[") else {
                judged = false
                return
            }
            if currency == nil { currency = amount.currency }
            guard currency == amount.currency else {
                judged = false
                return
            }
            do throws(MoneyError) { try units.add(checked: amount.minorUnits) } catch { judged = false }
        }
    }

    mutating func addPosting(_ account: String, _ amount: Money?, at location: SourceLocation) throws(PennyError) {
        balance.add(account, amount)
        if amount == nil {
            if elided { throw .badInput("two postings without an amount in one transaction", at: location) }
            elided = true
        }
        guard keepsPostings else { return }
        accounts.append(account)
        amounts.append(amount)
    }

    mutating func finish(_ path: String, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        defer {
            date = nil
            accounts.removeAll(keepingCapacity: true)
            amounts.removeAll(keepingCapacity: true)
            elided = false
            balance = Balance()
        }
        guard let date else { return }
        if balance.judged, balance.units != 0, let currency = balance.currency {
            let sum = Money(minorUnits: balance.units, currency: currency)
            throw .badInput(
                "the postings of this transaction add up to \(sum.decimalString) \(currency.code), not zero: correct an amount (hledger refuses it too)",
                at: SourceLocation(file: path, line: line))
        }
        do throws(MoneyError) {
            var sums = CurrencyTotals()
            if elided {
                for case let amount? in amounts { try sums.add(amount) }
            }
            for (account, amount) in zip(accounts, amounts) {
                if let amount {
                    try body(Posting(date: date, account: account, amount: amount))
                } else {
                    for (currency, sum) in sums.sortedByCode where sum != 0 {
                        try body(Posting(date: date, account: account, amount: Money(minorUnits: try sum.negated(), currency: currency)))
                    }
                }
            }
        } catch {
            throw .badInput("a sum of amounts passes what Penny counts exactly (\(Int64.max) minor units) at this transaction", at: SourceLocation(file: path, line: line))
        }
    }
}

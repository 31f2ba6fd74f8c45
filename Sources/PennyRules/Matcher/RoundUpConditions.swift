public import PennyCore

extension RuleSet {
    /// True when a program's extra `if` lines hold for a purchase of the own account `account`.
    public func roundUpQualifies(program: String, transaction: Transaction, account: String) -> Bool {
        guard let conditions = roundUpConditions[program], !conditions.isEmpty else { return true }
        var fields = FieldValues(transaction: transaction, foldedDescription: TextKey.fold(transaction.description), account: account)
        return conditions.allSatisfy { ConditionEvaluator.holds($0, &fields) }
    }

    /// Each program's currency: its funding account's, else its first origin's.
    public var roundUpCurrencies: [String: Currency] {
        Dictionary(uniqueKeysWithValues: roundUps.map { ($0.name, currency(ofAccount: $0.funding ?? $0.origins.first ?? "")) })
    }
}

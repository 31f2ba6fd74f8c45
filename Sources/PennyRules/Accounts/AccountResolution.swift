public import PennyCore

extension RuleSet {
    /// The own account a statement belongs to.
    ///
    /// `--account` wins, then the account a CSV profile names, then the declared account
    /// whose `id` matches the statement's identifier exactly, then one whose `*1234` suffix
    /// does, then `fallback` (the account an inbox folder names) for a statement that names
    /// no account at all (QIF). An identifier two accounts claim equally is rejected naming
    /// both blocks; an undeclared identifier is rejected with the `account` block to paste
    /// into the rules, even in an account's folder: the file says whose it is.
    public func resolveAccount(for header: StatementHeader, override: String?, fallback: String? = nil) throws(PennyError) -> String {
        if let override { return override }
        if let name = header.accountName { return name }
        guard let identifier = header.accountIdentifier, !identifier.isEmpty else {
            if let fallback { return fallback }
            throw PennyError.badInput("the statement names no account; pass --account NAME or add 'account NAME' to its csv profile", at: header.location).coded(.account)
        }
        switch match(identifier: identifier) {
        case .account(let declared):
            return declared.name
        case .ambiguous(let claimants):
            throw PennyError.badInput(Self.ambiguityMessage(identifier: identifier, claimants), at: header.location).coded(.account)
        case .none:
            throw PennyError.badInput(
                "statement for undeclared account '\(identifier)'; add to the rules:\n\n" + Self.suggestedBlock(identifier: identifier, currency: header.currency),
                at: header.location
            ).coded(.account)
        }
    }

    /// A ready-to-paste `account` block for an identifier.
    static func suggestedBlock(identifier: String, currency: Currency) -> String {
        let digits = identifier.filter(\.isNumber)
        let suffix = digits.isEmpty ? "new" : String(digits.suffix(4))
        return """
            account assets:bank:account-\(suffix)
              id \(identifier)
              currency \(currency.code)
              type checking

            """
    }
}

import PennyCore

/// `--account` names the one account a file is booked to. A file whose statements name two
/// different accounts (an MT940 or CAMT of several accounts, a QIF of two) would have both
/// booked into it, their balances mixed: such a file is refused at the second account's
/// statement, naming both, instead.
final class OverriddenAccounts {
    private let override: String?
    private var first: (identifier: String, key: AccountIdentifier, line: Int)?

    /// Watches one file's statements; `override` is the `--account` (or folder) choice.
    init(override: String?) {
        self.override = override
    }

    /// Nothing, or the refusal when `header` names another account than an earlier
    /// statement of the file did while one account is forced.
    func check(_ header: StatementHeader) throws(PennyError) {
        guard let override, let identifier = header.accountIdentifier, !identifier.isEmpty else { return }
        // Compared as declared ids are: without spaces and case.
        let key = AccountIdentifier(declared: identifier)
        guard let first else {
            self.first = (identifier, key, header.location.line)
            return
        }
        guard key != first.key else { return }
        throw PennyError.badInput(
            "the file holds statements of two accounts ('\(first.identifier)', line \(first.line), and '\(identifier)'): --account would book both into \(override); import it without --account, with each account's id declared in the rules",
            at: header.location
        ).coded(.account)
    }
}

public import PennyCore

/// Which declared own account a statement identifier belongs to.
public enum AccountMatch: Sendable {
    /// No declared id claims it.
    case none
    /// Exactly one account claims it at the strongest level (an exact id beats `*1234`).
    case account(AccountDeclaration)
    /// Two or more accounts claim it equally strongly.
    case ambiguous([AccountDeclaration])
}

extension RuleSet {
    /// The declared accounts that claim a statement identifier, strongest claim first:
    /// an exact id always wins over a `*1234` suffix.
    ///
    /// - Complexity: O(a × i) for a accounts of i ids each.
    public func match(identifier: String) -> AccountMatch {
        var best: AccountIdentifier.Claim?
        var claimants: [AccountDeclaration] = []
        for account in accounts {
            guard let claim = account.claim(identifier) else { continue }
            if best.map({ claim > $0 }) ?? true {
                best = claim
                claimants = [account]
            } else if claim == best, !claimants.contains(where: { $0.name == account.name }) {
                claimants.append(account)
            }
        }
        switch claimants.count {
        case 0: return .none
        case 1: return .account(claimants[0])
        default: return .ambiguous(claimants)
        }
    }

    /// The message for an identifier two or more accounts claim, naming every block.
    static func ambiguityMessage(identifier: String, _ claimants: [AccountDeclaration]) -> String {
        let blocks = claimants.map { "\($0.name) (\($0.location))" }.joined(separator: " and ")
        return "statement account '\(identifier)' is claimed by \(blocks); give one of them the full id"
    }
}

extension RulesParser {
    /// Errors for identifiers that two account blocks could both claim: the same exact id
    /// twice, or two `*digits` suffixes where one ends the other (`*4321` and `*321`).
    mutating func validateIdentifiers() {
        var seen: [(id: AccountIdentifier, written: String, account: AccountDeclaration)] = []
        for account in ruleSet.accounts {
            for written in account.identifiers {
                let id = AccountIdentifier(declared: written)
                if case .suffix(let digits) = id, digits.isEmpty || !digits.allSatisfy({ $0.isLetter || $0.isNumber }) {
                    errors.append(.configuration("id '\(written)': expected the last digits of a card after '*', like *4321", at: account.location))
                    continue
                }
                if let earlier = seen.first(where: { $0.account.name != account.name && $0.id.overlaps(id) }) {
                    errors.append(
                        .configuration(
                            "id '\(written)' of \(account.name) and id '\(earlier.written)' of \(earlier.account.name) (\(earlier.account.location)) "
                                + "can both claim one statement; keep the id on one account, or write the full number",
                            at: account.location))
                }
                seen.append((id, written, account))
            }
        }
    }
}

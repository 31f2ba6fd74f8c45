/// An identifier an `account` block declares: an exact id (IBAN, OFX ACCTID, account
/// number) or `*1234`, the last digits of a masked card number.
///
/// Both compare without spaces and case, so `PT50 0036 ...` and `pt500036...` are one id.
/// An exact id always wins over a suffix: a statement for `PT50...4321` goes to the account
/// that declares that IBAN, never to a card declared `*4321`. A suffix never claims a
/// statement id that is a valid IBAN, because last digits identify cards, not bank
/// accounts; such a statement must declare its IBAN.
public enum AccountIdentifier: Sendable, Hashable {
    /// The whole identifier, compacted.
    case exact(String)
    /// The digits after `*`, compacted.
    case suffix(String)

    /// Reads a declared identifier.
    public init(declared text: String) {
        let compact = Self.compact(text)
        if compact.hasPrefix("*") {
            self = .suffix(String(compact.dropFirst()))
        } else {
            self = .exact(compact)
        }
    }

    /// How strongly this identifier claims a statement's identifier, or nil when it does not.
    public func claim(_ statementID: String) -> Claim? {
        let candidate = Self.compact(statementID)
        switch self {
        case .exact(let id):
            return id == candidate ? .exact : nil
        case .suffix(let digits):
            guard !digits.isEmpty, candidate.hasSuffix(digits), !IBAN.isValid(candidate) else { return nil }
            return .suffix
        }
    }

    /// True when some statement identifier could be claimed by both this and `other`.
    ///
    /// Exact ids overlap when equal; two suffixes overlap when one ends the other. An exact
    /// id and a suffix never compete, because the exact id wins.
    public func overlaps(_ other: AccountIdentifier) -> Bool {
        switch (self, other) {
        case (.exact(let a), .exact(let b)): return a == b
        case (.suffix(let a), .suffix(let b)): return a.hasSuffix(b) || b.hasSuffix(a)
        default: return false
        }
    }

    /// The identifier as written in the rules, compacted.
    public var text: String {
        switch self {
        case .exact(let id): return id
        case .suffix(let digits): return "*" + digits
        }
    }

    /// How an identifier matched: exact matches outrank suffix matches.
    public enum Claim: Int, Sendable, Comparable {
        /// The last digits matched.
        case suffix = 1
        /// The whole identifier matched.
        case exact = 2

        /// Exact outranks suffix.
        public static func < (lhs: Claim, rhs: Claim) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Upper-cased with every space (including no-break spaces) removed.
    static func compact(_ text: String) -> String {
        String(text.uppercased().filter { !$0.isWhitespace })
    }
}

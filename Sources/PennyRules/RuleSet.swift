public import PennyCore

/// Everything the rules files declare, as plain values that keep their source locations.
public struct RuleSet: Sendable {
    /// `default currency`.
    public var defaultCurrency: Currency = .euro
    /// `default expense-category`: money out that no rule categorizes.
    public var defaultExpenseCategory = "expenses:uncategorized"
    /// `default income-category`: money in that no rule categorizes.
    public var defaultIncomeCategory = "income:uncategorized"
    /// Own accounts, in declaration order.
    public var accounts: [AccountDeclaration] = []
    /// CSV profiles, in declaration order.
    public var csvProfiles: [CSVProfile] = []
    /// Categorization rules, in the order they are tried.
    public var rules: [Rule] = []

    /// Makes an empty rule set with the built-in defaults.
    public init() {}

    /// The own account with this ledger name.
    public func account(named name: String) -> AccountDeclaration? {
        accounts.first { $0.name == name }
    }

    /// The own account a statement identifier (IBAN, ACCTID, `*1234`) names.
    public func account(identifiedBy identifier: String) -> AccountDeclaration? {
        accounts.first { $0.isIdentified(by: identifier) }
    }

    /// The currency of an own account, falling back to the default currency.
    public func currency(ofAccount name: String) -> Currency {
        account(named: name)?.currency ?? defaultCurrency
    }
}

/// One `rule NAME` block: conditions that must all hold, and what to set when they do.
public struct Rule: Sendable {
    /// The rule's name, recorded in the ledger on every transaction it categorizes.
    public var name: String
    /// `if` lines; all must hold.
    public var conditions: [Condition]
    /// `category ACCOUNT`.
    public var category: String?
    /// `payee TEXT`.
    public var payee: String?
    /// Where the block starts.
    public var location: SourceLocation

    /// Makes a rule.
    public init(name: String, conditions: [Condition] = [], category: String? = nil, payee: String? = nil, location: SourceLocation) {
        self.name = name
        self.conditions = conditions
        self.category = category
        self.payee = payee
        self.location = location
    }
}

/// One `if` line.
public enum Condition: Sendable {
    /// A test on the description; any of the values may match.
    case text(TextOperator, values: [String])
    /// A comparison of the amount with each value; any may hold.
    case amount(ComparisonOperator, values: [RuleAmount])

    /// Text operators.
    public enum TextOperator: String, Sendable, CaseIterable {
        case contains, startsWith = "starts-with", isEqual = "is"
    }

    /// Amount comparisons.
    public enum ComparisonOperator: String, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "="
    }
}

/// An amount written in a rule: an exact decimal, optionally tied to a currency.
public struct RuleAmount: Sendable, Equatable {
    /// Ten-thousandths: `5.00` is 50000.
    public let tenThousandths: Int64
    /// The currency the amount applies to, or nil for any currency.
    public let currency: Currency?

    /// Makes an amount.
    public init(tenThousandths: Int64, currency: Currency?) {
        self.tenThousandths = tenThousandths
        self.currency = currency
    }

    /// The sign of `money - self`: -1, 0 or 1; nil when the currencies differ.
    public func compare(_ money: Money) -> Int? {
        if let currency, currency != money.currency { return nil }
        var lhs = Int128(money.minorUnits)
        var rhs = Int128(tenThousandths)
        let exponent = money.currency.exponent
        for _ in 0..<max(0, 4 - exponent) { lhs *= 10 }
        for _ in 0..<max(0, exponent - 4) { rhs *= 10 }
        return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }
}

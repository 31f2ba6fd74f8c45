/// A `roundup NAME` block (SPEC §7): parsed and validated by PennyRules, computed by
/// PennyRoundUp. Its extra `if` lines stay with the rules (`RuleSet.roundUpConditions`).
public struct RoundUpProgram: Sendable {
    /// When the pot is swept.
    public enum Schedule: Sendable, Equatable {
        /// As soon as the pot holds at least this many ten-thousandths (5.00 ... 100.00).
        case whenPotReaches(DecimalAmount)
        /// On the last day of each ISO week.
        case weekly
        /// On the last day of each month.
        case monthly
        /// Only when a person runs `penny roundup apply`.
        case later
    }

    /// One `to ACCOUNT P% [goal AMOUNT] [since DATE] [until DATE]` line.
    public struct Destination: Sendable, Equatable {
        /// Where the share goes.
        public var account: String
        /// The share in hundredths of a percent: 25% is 2500.
        public var hundredthsOfPercent: Int
        /// A savings goal to show progress toward.
        public var goal: DecimalAmount?
        /// First day the destination is in force.
        public var since: LocalDate?
        /// Last day the destination is in force.
        public var until: LocalDate?
        /// Where the line is.
        public var location: SourceLocation

        /// Makes a destination.
        public init(account: String, hundredthsOfPercent: Int, goal: DecimalAmount? = nil, since: LocalDate? = nil, until: LocalDate? = nil, location: SourceLocation) {
            self.account = account
            self.hundredthsOfPercent = hundredthsOfPercent
            self.goal = goal
            self.since = since
            self.until = until
            self.location = location
        }

        /// True when in force on `date`.
        public func isInForce(on date: LocalDate) -> Bool {
            (since.map { date >= $0 } ?? true) && (until.map { date <= $0 } ?? true)
        }
    }

    /// The program's name.
    public var name: String
    /// Own accounts whose purchases round up.
    public var origins: [String] = []
    /// Where the money comes from; nil means each purchase's own account.
    public var funding: String?
    /// Round up to the next multiple of this (ten-thousandths; default 1.00).
    public var unit = DecimalAmount(tenThousandths: 10_000, currency: nil)
    /// 1 ... 10.
    public var multiplier = 1
    /// Where spare change accumulates.
    public var pot: String?
    /// When the pot is swept.
    public var schedule: Schedule?
    /// Last day of the program.
    public var until: LocalDate?
    /// Destinations, in declaration order (ties in the split go to the earlier one).
    public var destinations: [Destination] = []
    /// Where the block starts.
    public var location: SourceLocation

    /// Makes a program with the defaults of SPEC §7.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A `budget` block.
public struct Budget: Sendable {
    /// One `ACCOUNT N% of income` or `ACCOUNT AMOUNT` line.
    public struct Line: Sendable {
        /// The budgeted category.
        public var account: String
        /// A share of the period's income, in hundredths of a percent.
        public var hundredthsOfIncome: Int?
        /// A fixed amount per month.
        public var amount: DecimalAmount?
        /// Where the line is.
        public var location: SourceLocation

        /// Makes a line: a share of income or a fixed amount.
        public init(account: String, hundredthsOfIncome: Int? = nil, amount: DecimalAmount? = nil, location: SourceLocation) {
            self.account = account
            self.hundredthsOfIncome = hundredthsOfIncome
            self.amount = amount
            self.location = location
        }
    }

    /// The lines, in order.
    public var lines: [Line] = []
    /// `split needs 50% wants 30% savings 20%`: names and hundredths of a percent.
    public var split: [(name: String, hundredthsOfPercent: Int)] = []
    /// `needs expenses:housing, expenses:food`: the accounts (and their sub-accounts) whose
    /// money counts towards each part of the split.
    public var splitAccounts: [(name: String, accounts: [String])] = []

    /// The split in force: the `split` line, or 50/30/20 needs/wants/savings when only the
    /// parts' accounts are given; empty when the block has neither.
    public var effectiveSplit: [(name: String, hundredthsOfPercent: Int)] {
        if !split.isEmpty { return split }
        return splitAccounts.isEmpty ? [] : [("needs", 5000), ("wants", 3000), ("savings", 2000)]
    }
    /// Where the block starts.
    public var location: SourceLocation

    /// Makes an empty budget.
    public init(location: SourceLocation) {
        self.location = location
    }
}

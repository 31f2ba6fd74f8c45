public import PennyCore

/// A ledger transaction as round-ups see it: from its own account's side.
public struct RoundUpCandidate: Sendable {
    /// The transaction (date, amount on the own account, description, fields for `if` lines).
    public var transaction: Transaction
    /// The own account.
    public var account: String
    /// The category posting's account.
    public var category: String
    /// True when the category is another own account (a transfer never rounds up).
    public var isTransfer: Bool
    /// True when a rule said `no-roundup`.
    public var excludesRoundUp: Bool
    /// A stable key (the dedup id) that orders transactions of one day.
    public var key: String

    /// Makes a candidate.
    public init(transaction: Transaction, account: String, category: String, isTransfer: Bool, excludesRoundUp: Bool, key: String) {
        self.transaction = transaction
        self.account = account
        self.category = category
        self.isTransfer = isTransfer
        self.excludesRoundUp = excludesRoundUp
        self.key = key
    }
}

/// A person's `penny roundup apply NAME --date D`, recorded in the main ledger.
public struct ManualSweep: Sendable, Equatable {
    /// The program.
    public var program: String
    /// The day the whole pot is swept.
    public var date: LocalDate

    /// Makes a decision.
    public init(program: String, date: LocalDate) {
        self.program = program
        self.date = date
    }
}

/// Spare change of one purchase moved from the funding account to the pot.
public struct Accrual: Sendable, Equatable {
    /// The purchase's date.
    public var date: LocalDate
    /// The program.
    public var program: String
    /// The purchase's key (dedup id).
    public var purchaseKey: String
    /// The purchase's description.
    public var description: String
    /// Where the money comes from.
    public var funding: String
    /// Where it accumulates.
    public var pot: String
    /// The spare change (positive).
    public var amount: Money
}

/// The spare change of one program's purchases on one day from one funding account: the
/// derived journal's accrual entries are made of these, one entry per program and day.
public struct DailyAccrual: Sendable, Equatable {
    /// The purchases' date.
    public var date: LocalDate
    /// The program.
    public var program: String
    /// Where the money comes from.
    public var funding: String
    /// Where it accumulates.
    public var pot: String
    /// The day's spare change from `funding` (positive).
    public var amount: Money
    /// How many purchases it adds up.
    public var purchases: Int

    /// Makes a day's accrual.
    public init(date: LocalDate, program: String, funding: String, pot: String, amount: Money, purchases: Int) {
        self.date = date
        self.program = program
        self.funding = funding
        self.pot = pot
        self.amount = amount
        self.purchases = purchases
    }
}

/// Why a sweep happened.
public enum SweepReason: String, Sendable, Equatable {
    case threshold = "pot reached the threshold"
    case weekly = "end of the week"
    case monthly = "end of the month"
    case manual = "roundup apply"
    case until = "end of the program"
}

/// The whole pot split over the destinations in force.
public struct Sweep: Sendable, Equatable {
    /// The day of the sweep.
    public var date: LocalDate
    /// The program.
    public var program: String
    /// The pot account.
    public var pot: String
    /// The total swept (positive).
    public var total: Money
    /// Each destination's share, in declaration order; they add up to `total`.
    public var shares: [(account: String, amount: Money)]
    /// Why.
    public var reason: SweepReason

    /// Equal when every field is.
    public static func == (a: Sweep, b: Sweep) -> Bool {
        a.date == b.date && a.program == b.program && a.pot == b.pot && a.total == b.total && a.reason == b.reason
            && a.shares.map(\.account) == b.shares.map(\.account) && a.shares.map(\.amount) == b.shares.map(\.amount)
    }
}

/// Everything the programs derive from the ledger.
public struct RoundUpResult: Sendable, Equatable {
    /// Each purchase's accrual, in date order; only the reference computation
    /// (`RoundUpEngine.run`) keeps them, the streaming one leaves this empty.
    public var accruals: [Accrual] = []
    /// The accruals totalled per day, program and funding account, in that order: what
    /// the status and the derived journal use.
    public var days: [DailyAccrual] = []
    /// Sweeps, in date order.
    public var sweeps: [Sweep] = []
    /// The as-of date used for weekly/monthly/until sweeps.
    public var asOf: LocalDate?
}

public import PennyCore

/// Adds purchases to a tally one at a time without making a `RoundUpCandidate` for each:
/// the import's path, one call per entry it appends. The last own account's programs and
/// the last category's answer are kept while they repeat (they almost always do).
///
/// Only for an engine without `if` lines to decide (`decidesConditions` false): the same
/// purchases give the same day totals as `RoundUpEngine.accrue(_:into:)` (a test checks it).
public struct RoundUpAccruer {
    private let engine: RoundUpEngine
    private var lastAccount: String?
    private var programs: [Int] = []
    private var lastCategory: String?
    private var categoryRoundsUp = false

    /// An accruer for `engine`'s programs.
    public init(engine: RoundUpEngine) {
        precondition(!engine.decidesConditions, "a program with if lines needs whole candidates")
        self.engine = engine
    }

    /// Adds the spare change of a purchase of `amount` on `date` by the own account
    /// `account`, filed under `category`, to `tally`. Throws when a day's total passes 64 bits.
    public mutating func accrue(
        date: LocalDate, amount: Money, account: String, category: String, excludesRoundUp: Bool, into tally: inout RoundUpTally
    ) throws(MoneyError) {
        if category != lastCategory {
            lastCategory = category
            categoryRoundsUp = RoundUpEngine.roundsUp(category: category)
        }
        try accrue(date: date, amount: amount, account: account, categoryRoundsUp: categoryRoundsUp, excludesRoundUp: excludesRoundUp, into: &tally)
    }

    /// The same with the category's answer already known (`RoundUpEngine.roundsUp(category:)`,
    /// which a caller may keep per category name).
    public mutating func accrue(
        date: LocalDate, amount: Money, account: String, categoryRoundsUp: Bool, excludesRoundUp: Bool, into tally: inout RoundUpTally
    ) throws(MoneyError) {
        guard amount.isNegative, !excludesRoundUp, categoryRoundsUp else { return }
        if account != lastAccount {
            lastAccount = account
            programs = engine.programs(from: account)
        }
        for index in programs {
            guard let spare = engine.spare(program: index, date: date, amount: amount) else { continue }
            try tally.add(spare, on: date, program: index, funding: engine.funding(program: index, account: account))
        }
    }
}

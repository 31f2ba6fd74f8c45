public import PennyCore

/// Adds purchases to a tally one at a time without making a `RoundUpCandidate` for each:
/// the import's path, one call per entry it appends. The last own account's programs and
/// the last category's answer are kept while they repeat (they almost always do), compared
/// by identity first (`sharesStorage`: the caller hands the same strings row after row).
///
/// Only for an engine without `if` lines to decide (`decidesConditions` false): the same
/// purchases give the same day totals as `RoundUpEngine.accrue(_:into:)` (a test checks it).
public struct RoundUpAccruer {
    private let engine: RoundUpEngine
    private var lastAccount: String?
    /// The programs fed by `lastAccount`: their numbers, terms and funding accounts.
    private var programs: [Int] = []
    private var terms: [RoundUpEngine.SpareTerms] = []
    private var fundings: [String] = []
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
        if !(lastCategory?.sharesStorage(with: category) ?? false) {
            if category != lastCategory { categoryRoundsUp = RoundUpEngine.roundsUp(category: category) }
            lastCategory = category
        }
        try accrue(date: date, amount: amount, account: account, categoryRoundsUp: categoryRoundsUp, excludesRoundUp: excludesRoundUp, into: &tally)
    }

    /// The same with the category's answer already known (`RoundUpEngine.roundsUp(category:)`,
    /// which a caller may keep per category name).
    public mutating func accrue(
        date: LocalDate, amount: Money, account: String, categoryRoundsUp: Bool, excludesRoundUp: Bool, into tally: inout RoundUpTally
    ) throws(MoneyError) {
        guard amount.isNegative, !excludesRoundUp, categoryRoundsUp else { return }
        if !(lastAccount?.sharesStorage(with: account) ?? false) {
            // An equal name in another string is kept too, so the next rows compare by identity.
            if account != lastAccount {
                programs = engine.programs(from: account)
                terms = programs.map { engine.spareTerms(program: $0) }
                fundings = programs.map { engine.funding(program: $0, account: account) }
            }
            lastAccount = account
        }
        for i in programs.indices {
            guard let spare = terms[i].spare(date: date, amount: amount) else { continue }
            try tally.add(spare, on: date, program: programs[i], funding: fundings[i])
        }
    }
}

public import PennyCore
import Foundation

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

    /// True when a rule's category, or a default category, is an own account: only then
    /// can an import recognize a transfer leg by its category (and refile a default-filed
    /// entry as its other leg).
    public var namesTransfers: Bool { !transferTargets.isEmpty }
    /// The own accounts a decision of the rules can name as its category (a rule's
    /// category, or a default category): the only accounts whose default-filed entries a
    /// later transfer leg can refile.
    public var transferTargets: Set<String> {
        let own = Set(accounts.map(\.name))
        return own.intersection([defaultExpenseCategory, defaultIncomeCategory] + rules.compactMap(\.category))
    }
    /// Round-up programs (SPEC §7).
    public var roundUps: [RoundUpProgram] = []
    /// Each program's extra `if` lines, by program name.
    public var roundUpConditions: [String: [Condition]] = [:]
    /// Budget blocks.
    public var budgets: [Budget] = []
    /// `recurring TEXT` / `not-recurring TEXT`: a person's word on what recurs.
    public var recurringOverrides: [RecurringOverride] = []
    /// `label NAME "Text"` blocks: how reports show an account, category or program.
    public var labels: [String: NameLabel] = [:]
    /// `price DATE FROM RATE TO`: exchange rates written in the rules, in file order.
    public var prices: [ExchangeRate] = []

    /// Makes an empty rule set with the built-in defaults.
    public init() {}

    /// The own account with this ledger name.
    public func account(named name: String) -> AccountDeclaration? {
        accounts.first { $0.name == name }
    }

    /// The own accounts a person may mean by `text`: the one with that full name; else those
    /// with it as an alias or as the last part of the name (`checking` for
    /// `assets:bank:checking`), compared ignoring case. More than one is for the caller to
    /// name as ambiguous.
    public func accounts(called text: String) -> [AccountDeclaration] {
        if let exact = account(named: text) { return [exact] }
        let key = text.lowercased()
        return accounts.filter { $0.shortNames.contains(key) }
    }

    /// The own account a statement identifier (IBAN, ACCTID, `*1234`) names, when exactly
    /// one account claims it (see `match(identifier:)`).
    public func account(identifiedBy identifier: String) -> AccountDeclaration? {
        if case .account(let account) = match(identifier: identifier) { return account }
        return nil
    }

    /// Days two legs of a transfer between own accounts `a` and `b` may be apart: a window
    /// set for the pair wins, else the larger of the two accounts' windows, else 3.
    public func transferWindow(_ a: String, _ b: String) -> Int {
        let first = account(named: a), second = account(named: b)
        if let pair = first?.transferWindows[b] ?? second?.transferWindows[a] { return pair }
        return max(first?.transferWindow ?? 3, second?.transferWindow ?? 3)
    }

    /// The largest pairing window of any two own accounts (`transferWindow`'s bound).
    public var maxTransferWindow: Int {
        accounts.reduce(3) { widest, account in max(widest, account.transferWindow ?? 3, account.transferWindows.values.max() ?? 3) }
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
    /// `tag NAME[=VALUE]` lines, in order.
    public var tags: [RuleTag] = []
    /// `note TEXT`.
    public var note: String?
    /// `skip`: the transaction is not imported.
    public var skips = false
    /// `no-roundup`: the transaction never rounds up.
    public var excludesRoundUp = false
    /// `continue`: later rules may still set what this one did not.
    public var continues = false
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

/// A `tag NAME[=VALUE]` action.
public typealias RuleTag = Tag

/// One `if FIELD [not] OPERATOR VALUE...` line.
public struct Condition: Sendable {
    /// What a condition looks at.
    public enum Field: String, Sendable, CaseIterable {
        case description, payee, memo, counterparty, iban, account, currency, type, amount, date
    }

    /// Text operators.
    public enum TextOperator: String, Sendable, CaseIterable {
        case contains, startsWith = "starts-with", isEqual = "is"
    }

    /// Amount and date comparisons.
    public enum ComparisonOperator: String, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "="
    }

    /// The test itself; a value list holds when any value does.
    public enum Test: Sendable {
        /// Folded text comparison; on `account`, `is` values may hold `*` globs.
        case text(TextOperator, values: [String])
        /// Regular expressions.
        case matches([RuleRegex])
        /// Amount comparison.
        case amount(ComparisonOperator, values: [RuleAmount])
        /// Inclusive amount range.
        case amountBetween(RuleAmount, RuleAmount)
        /// Date comparison.
        case date(ComparisonOperator, values: [LocalDate])
        /// Inclusive date range.
        case dateBetween(LocalDate, LocalDate)
    }

    /// The field.
    public var field: Field
    /// `not`: the test must fail.
    public var isNegated: Bool
    /// The test.
    public var test: Test
    /// Where the `if` line is.
    public var location: SourceLocation
    /// The line as written, for explanations.
    public var source: String

    /// Makes a condition.
    public init(field: Field, isNegated: Bool = false, test: Test, location: SourceLocation, source: String = "") {
        self.field = field
        self.isNegated = isNegated
        self.test = test
        self.location = location
        self.source = source
    }
}

/// A `matches /regex/flags` value, compiled once.
public struct RuleRegex: @unchecked Sendable {
    /// The pattern as written between the slashes.
    public let pattern: String
    /// `c`: case- and accent-sensitive, on the original text; otherwise the folded text.
    public let isExact: Bool
    let expression: NSRegularExpression

    /// Compiles a pattern; nil with the reason when it is not a valid regular expression.
    init(pattern: String, flags: String) throws {
        self.pattern = pattern
        self.isExact = flags.contains("c")
        var options: NSRegularExpression.Options = []
        if !isExact { options.insert(.caseInsensitive) }
        if flags.contains("s") { options.insert(.dotMatchesLineSeparators) }
        if flags.contains("x") { options.insert(.allowCommentsAndWhitespace) }
        let source = isExact ? pattern : pattern.folding(options: .diacriticInsensitive, locale: nil)
        expression = try NSRegularExpression(pattern: source, options: options)
    }

    /// How many of ICU's progress reports a match may take before it gives up: ICU reports
    /// every 10,000 backtracking steps, so about 10 million steps (a fraction of a second).
    /// A sensible pattern on a bank description needs a few thousand.
    static let progressLimit = 1000

    /// True when the expression finds a match in `text`; nil when it gave up after
    /// `progressLimit` progress reports (a pattern that backtracks without end), or when the
    /// file's `RegexBudget` is spent.
    func matches(_ text: String) -> Bool? {
        guard !RegexBudget.isSpent else { return nil }
        var found = false, reports = 0, spent = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else {
                reports += 1
                if !RegexBudget.spend() { spent = true }
                if reports >= Self.progressLimit || spent { stop.pointee = true }
            }
        }
        return found ? true : (reports >= Self.progressLimit || spent ? nil : false)
    }
}

/// An amount written in a rule (kept under its rules name).
public typealias RuleAmount = DecimalAmount

public import PennyCore

/// What the sniffer made of a CSV file: a profile, why, and what it could not tell apart.
///
/// A sniff is usable only when `ambiguities` is empty; otherwise `profile` holds the first
/// candidate of each open question, for a person to pick from.
public struct CSVSniff: Sendable {
    /// One decision and the evidence for it (`date format`: `%d/%m/%Y`, because `13/02/2024`…).
    public struct Decision: Sendable, Equatable {
        /// What was decided: `encoding`, `delimiter`, `date format`…
        public var topic: String
        /// The choice, as it is written in a profile.
        public var choice: String
        /// Why, with the line that proves it when there is one.
        public var reason: String

        /// Makes a decision.
        public init(_ topic: String, _ choice: String, because reason: String) {
            self.topic = topic
            self.choice = choice
            self.reason = reason
        }
    }

    /// A question the file does not answer, with the choices it leaves open.
    public struct Ambiguity: Sendable, Equatable {
        /// What could not be decided (`date format`, `amount column`, `running balance`…).
        public var topic: String
        /// The candidates, as profile lines (the first is in `profile`).
        public var candidates: [String]
        /// Why the file does not settle it.
        public var reason: String

        /// Makes an ambiguity.
        public init(_ topic: String, candidates: [String], because reason: String) {
            self.topic = topic
            self.candidates = candidates
            self.reason = reason
        }
    }

    /// The profile the file reads with (the first candidates where ambiguous).
    public var profile: CSVProfile
    /// Every decision, in the order taken.
    public var decisions: [Decision] = []
    /// What could not be decided; empty when the profile is safe to import with.
    public var ambiguities: [Ambiguity] = []
    /// The own account's IBAN or number found in the preamble or a column, if any.
    public var accountIdentifier: String?
    /// The column names (empty when the file has none).
    public var header: [String] = []
    /// The first data rows as read, for a preview.
    public var preview: [[String]] = []
    /// How many data rows the sniffed prefix holds.
    public var rowCount = 0

    /// How many sniffed amounts are positive and negative, when one signed column with no
    /// balance or mark holds them (the only case where the signs are the evidence).
    public var signCount: SignCount?

    /// Positive and negative amounts in a column whose sign nothing else proves.
    public struct SignCount: Sendable, Equatable {
        /// Amounts above zero.
        public var positive: Int
        /// Amounts below zero.
        public var negative: Int
    }

    /// True when nothing is ambiguous.
    public var isConclusive: Bool { ambiguities.isEmpty }

    /// Makes an empty sniff around a profile.
    public init(profile: CSVProfile) {
        self.profile = profile
    }

    /// Settles the sign for a declared card account: the amounts most rows have are charges
    /// (money out). Returns the convention used, for the import line, or nil when the
    /// file's own evidence (a balance, a mark, two columns) already decided it.
    public mutating func readAsCard() -> String? {
        guard let count = signCount else { return nil }
        ambiguities.removeAll { $0.topic == "sign" }
        let negate = count.positive > count.negative
        profile.negate = negate
        let convention =
            negate
            ? "a card statement: its \(count.positive) positive amounts are charges (money out), the \(count.negative) negative payments or refunds, so every amount is negated"
            : "a card statement: its \(count.negative) negative amounts are charges (money out), as written"
        decisions.append(.init("sign", negate ? "negate" : "(amounts as written)", because: "the account is declared type card; read as \(convention)"))
        return convention
    }

    /// Settles the sign for an account declared as a bank account (not a card) when the
    /// column holds both signs: money out is written negative, as a bank writes its own
    /// account. Returns the convention used, for the import line, or nil when the signs do
    /// not settle it (every amount positive: a card's charges read the same).
    public mutating func readAsBankAccount() -> String? {
        guard let count = signCount, count.negative > 0, count.positive > 0 else { return nil }
        ambiguities.removeAll { $0.topic == "sign" }
        profile.negate = false
        let convention =
            "a bank account's statement: its \(count.negative) negative amounts are money out and its \(count.positive) positive ones money in, as written"
        decisions.append(.init("sign", "(amounts as written)", because: "the account is not a card and the column holds both signs; read as \(convention)"))
        return convention
    }

    /// True when the header names a date column and a money column (an amount, or money
    /// out or in) by the words banks use: what a file of another name than `.csv` must show
    /// before it is read as one (a log of dated numbers is not a statement).
    public var headerNamesDateAndMoney: Bool {
        let roles = Set(header.flatMap { HeaderVocabulary.roles(for: $0).map(\.role) })
        return (roles.contains(.date) || roles.contains(.valueDate)) && !roles.isDisjoint(with: [.amount, .debit, .credit])
    }

    /// The one-line reason a refused file gives: what could not be told apart.
    public var refusal: String {
        ambiguities.map { a in
            let options = a.candidates.isEmpty ? "" : " (" + a.candidates.joined(separator: " or ") + ")"
            return "\(a.topic): \(a.reason)\(options)"
        }.joined(separator: "; ")
    }
}

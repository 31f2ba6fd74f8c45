import Foundation
public import PennyCore
public import PennyLedger

/// `penny uncategorized`: transactions the default category got, grouped by normalized
/// description, most frequent first, each with a ready-to-paste `rule` block.
public struct UncategorizedReport {
    /// One group of alike descriptions.
    public struct Group: Sendable {
        /// Folded description with numbers as `#`.
        public let key: String
        /// How many transactions.
        public var count: Int
        /// Their total per currency, in first-seen order.
        public var totals: [Money]
        /// The first one's date and description.
        public let firstDate: LocalDate
        /// Where the first one came from (`source` tag).
        public let firstSource: String?
        /// True when every amount is negative / positive.
        public var allNegative: Bool, allPositive: Bool
        /// The suggested category, when the evidence is strong.
        public var suggestion: String?
        /// Why there is a suggestion, or the nearest categorized descriptions when there is none.
        public var evidence = ""

        /// The transactions of the group, in ledger order.
        public var members: [Member] = []
    }

    /// One uncategorized transaction.
    public struct Member: Sendable {
        /// 1-based line of its header in the ledger.
        public let line: Int
        /// Its date.
        public let date: LocalDate
        /// Its amount on the own account.
        public let amount: Money
        /// The bank's text.
        public let description: String
    }

    /// The groups, most frequent first (then by key).
    public let groups: [Group]
    /// How many categorized transactions the suggestions learned from.
    public let examples: Int

    /// Builds the report from a journal; an error at the transaction whose amount would make
    /// a group's total pass 64 bits of minor units.
    public init(journal: JournalBlocks, ownAccounts: Set<String>, path: String) throws(PennyError) {
        var gathering = Gathering(ownAccounts: ownAccounts, path: path)
        for block in journal.blocks { try gathering.add(block) }
        self.init(gathering)
    }

    /// Builds the report from the ledger at `path`, read one transaction at a time
    /// (`JournalBlockStream`): memory grows with the uncategorized transactions, not the ledger.
    public init(ledgerPath path: String, ownAccounts: Set<String>) throws(PennyError) {
        var gathering = Gathering(ownAccounts: ownAccounts, path: path)
        try JournalBlockStream.forEachBlock(path: path) { (block) throws(PennyError) in try gathering.add(block) }
        self.init(gathering)
    }

    private init(_ gathering: Gathering) {
        var list = gathering.order.map { gathering.groups[$0]! }
        for i in list.indices {
            let sign: Bool? = list[i].allNegative ? true : list[i].allPositive ? false : nil
            let verdict = gathering.suggester.verdict(key: list[i].key, isNegative: sign)
            list[i].suggestion = verdict.category
            list[i].evidence = verdict.evidence
        }
        self.groups = list.sorted { ($0.count, $1.key) > ($1.count, $0.key) }
        self.examples = gathering.suggester.examples
    }

    /// The groups and the suggester's examples, gathered block by block in ledger order.
    private struct Gathering {
        let ownAccounts: Set<String>
        let path: String
        var suggester = CategorySuggester()
        var groups: [String: Group] = [:]
        var order: [String] = []

        init(ownAccounts: Set<String>, path: String) {
            self.ownAccounts = ownAccounts
            self.path = path
        }

        /// Learns from a categorized transaction, or adds a default-filed one to its group.
        mutating func add(_ block: JournalBlock) throws(PennyError) {
            guard block.postings.count == 2, let ownIndex = block.postings.lastIndex(where: { ownAccounts.contains($0.account) }) else { return }
            let category = block.postings[1 - ownIndex].account
            guard let rule = block.tags["rule"], let text = block.postings[ownIndex].amount, let amount = PostingText.money(text, defaultCurrency: .euro) else { return }
            if rule != JournalEntry.defaultRule {
                if category.contains(":") { suggester.learn(block.bankText, category: category, isNegative: amount.isNegative) }
                return
            }
            let key = UncategorizedReport.normalize(block.bankText)
            if groups[key] == nil {
                order.append(key)
                groups[key] = Group(
                    key: key, count: 0, totals: [], firstDate: block.date, firstSource: block.tags["source"], allNegative: true, allPositive: true)
            }
            groups[key]!.count += 1
            groups[key]!.members.append(Member(line: block.firstLine + 1, date: block.date, amount: amount, description: block.bankText))
            if let i = groups[key]!.totals.firstIndex(where: { $0.currency == amount.currency }) {
                do throws(MoneyError) { groups[key]!.totals[i] = try groups[key]!.totals[i].adding(amount) } catch {
                    throw .badInput(
                        "the uncategorized '\(key)' add up beyond what Penny counts exactly (\(Int64.max) minor units)",
                        at: SourceLocation(file: path, line: block.firstLine + 1))
                }
            } else {
                groups[key]!.totals.append(amount)
            }
            groups[key]!.allNegative = groups[key]!.allNegative && amount.isNegative
            groups[key]!.allPositive = groups[key]!.allPositive && amount.minorUnits > 0
        }
    }

    /// Folded, with every run of letters and digits that holds a digit as `#` (runs of them
    /// as one): `LIDL,PAS7476` is `lidl,#`, so the merchant stays in the key.
    public static func normalize(_ description: String) -> String {
        var words: [String] = []
        for word in TextKey.fold(description).split(separator: " ") {
            let w = maskingNumbers(word)
            if w == "#" && words.last == "#" { continue }
            words.append(w)
        }
        return words.joined(separator: " ")
    }

    /// A word with each letters-and-digits run that holds a digit as `#`.
    static func maskingNumbers(_ word: Substring) -> String {
        guard word.contains(where: \.isNumber) else { return String(word) }
        var out = "", run = ""
        func flush() {
            out += run.contains(where: \.isNumber) ? "#" : run
            run = ""
        }
        for c in word {
            if c.isLetter || c.isNumber {
                run.append(c)
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return out
    }

    /// The report as text with `rule` blocks.
    public func render() -> String {
        if groups.isEmpty { return "No uncategorized transactions.\n" }
        var out = ""
        var names: Set<String> = []
        for group in groups {
            let totals = group.totals.map(\.description).joined(separator: ", ")
            let source = group.firstSource.map { ", \($0)" } ?? ""
            out += "# \(group.count)× \"\(group.key)\": \(totals) in total; first \(group.firstDate)\(source)\n"
            let pattern = Self.pattern(group.key)
            var name = Self.ruleName(pattern)
            if name.isEmpty { name = "rule" }
            let unique = UniqueName.next(name, taken: names)
            names.insert(unique)
            out += "rule \(unique)\n"
            // A description without a word to match (all numbers) is matched whole.
            if pattern.isEmpty, let first = group.members.first {
                out += "  if description is \(RulesString.quoted(first.description))\n"
            } else {
                out += "  if description contains \(RulesString.quoted(pattern))\n"
            }
            if group.allNegative { out += "  if amount < 0\n" } else if group.allPositive { out += "  if amount > 0\n" }
            if let suggestion = group.suggestion {
                out += "  category \(suggestion)   # suggested: \(group.evidence)\n\n"
            } else {
                out += "  category \(group.allPositive ? "income" : "expenses"):CHOOSE   # \(group.evidence)\n\n"
            }
        }
        return out
    }

    /// A rule name from the pattern: lower-case letters and digits joined by `-`, at most 30.
    public static func ruleName(_ pattern: String) -> String {
        let words = TextKey.fold(pattern).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return String(words.joined(separator: "-").prefix(30)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    /// The longest run of words without numbers, upper-cased for reading.
    public static func pattern(_ key: String) -> String {
        var best: [Substring] = [], run: [Substring] = []
        let words: [Substring] = key.split(separator: " ") + ["#"]
        for word in words {
            if let mask = word.firstIndex(of: "#") {
                // `lidl,#`: the text before the number still belongs to the run.
                if mask > word.startIndex { run.append(word[..<mask]) }
                if run.count > best.count { best = run }
                run = []
            } else {
                run.append(word)
            }
        }
        return best.joined(separator: " ").uppercased()
    }
}

import PennyCore

/// Suggests a category for uncategorized transactions from the ones already categorized,
/// only when the evidence is strong, and says what the evidence is.
///
/// A description is judged by its *lead word*: the first word that is not one of the words
/// banks put around every payee (`COMPRA`, `CARD PAYMENT TO`, `SEPA`, `LASTSCHRIFT`…) nor
/// a word the history files under three or more categories. A suggestion needs:
/// - categorized transactions of the same sign (money out is never suggested an income
///   category, a refund is never suggested what its merchant's charges were);
/// - either the same description (numbers aside) categorized one way, or the lead word
///   seen at least twice and filed one way in all of them;
/// - no other word of the description filed one way under another category.
/// Otherwise there is no suggestion, and the nearest categorized descriptions are shown.
public struct CategorySuggester: Sendable {
    /// What the suggester says of one description.
    public struct Verdict: Sendable, Equatable {
        /// The category, when the evidence is strong.
        public let category: String?
        /// Why (or why not), for the reader.
        public let evidence: String
    }

    /// What was learned of one normalized description: its categories with counts, in the
    /// order first seen, and its words (once per description, not per transaction).
    private struct Described: Sendable {
        var categories: [(category: String, count: Int)]
        let words: Set<String>
    }

    /// Per sign, each description learned, and the descriptions in the order first seen: as
    /// many entries as distinct descriptions, however many transactions repeat them.
    private var describedBySign: [Bool: [String: Described]] = [:]
    private var orderBySign: [Bool: [String]] = [:]
    /// Per sign and word, the categories it was filed under with counts.
    private var wordCategories: [Bool: [String: [String: Int]]] = [:]
    /// How many transactions it learned from.
    public private(set) var examples = 0

    /// An empty model.
    public init() {}

    /// Words banks write around every payee, in the languages Penny reads (folded).
    static let boilerplate: Set<String> = [
        "compra", "compras", "pag", "pagamento", "pagto", "pgto", "pago", "pagos", "payment", "payments", "pmt", "card", "cards", "pos", "purchase",
        "debit", "credit", "trf", "transf", "transfer", "transferencia", "mb", "way", "para", "de", "da", "do", "dos", "das", "to", "from",
        "the", "and", "en", "el", "la", "le", "les", "du", "des", "et", "und", "der", "die", "van", "het", "een", "sepa", "dd", "direct", "visa",
        "mastercard", "maestro", "contactless", "apple", "pay", "lastschrift", "kartenzahlung", "zahlung", "ueberweisung", "uberweisung", "gutschrift",
        "folgelastschrift", "basislastschrift", "betaalautomaat", "bea", "gea", "ideal", "incasso", "achat", "cb", "prlv", "vir", "virement", "paiement",
        "carte", "retrait", "tarjeta", "recibo", "adeudo", "bizum", "online", "www", "com", "ltd", "lda", "sa", "gmbh", "bv", "inc", "llc", "plc",
        "ref", "nr", "no", "num", "dt", "data", "date", "eur", "usd", "gbp", "xx", "xxxx", "op", "mov", "movimento", "deb", "cred", "cr", "dr",
        "avoir", "remboursement", "refund", "refunded", "devolucao", "devolucion", "terugboeking", "terugstorting", "retour", "abono", "storno",
        "erstattung", "rueckerstattung", "reembolso", "rimborso", "reversal", "bank", "banco", "pmnt", "trx", "txn", "fee", "dbt", "crd", "ach", "web", "app", "inst", "instant",
        "por", "con", "via", "at", "in", "on",
    ]

    /// The words a description is judged by: folded, letters with at most a few digits
    /// (`n26`), one-letter words and numbers left out.
    public static func words(_ description: String) -> [String] {
        TextKey.fold(description).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { word in
                let digits = word.filter(\.isNumber).count
                return word.count > 1 && word.contains(where: \.isLetter) && (digits == 0 || (word.count <= 4 && digits <= 2))
            }
    }

    /// Learns that a transaction with `description` and an amount of this sign was filed
    /// under `category`.
    public mutating func learn(_ description: String, category: String, isNegative: Bool) {
        examples += 1
        let key = UncategorizedReport.normalize(description)
        if let i = describedBySign[isNegative]?[key]?.categories.firstIndex(where: { $0.category == category }) {
            describedBySign[isNegative]![key]!.categories[i].count += 1
        } else if describedBySign[isNegative]?[key] != nil {
            describedBySign[isNegative]![key]!.categories.append((category, 1))
        } else {
            describedBySign[isNegative, default: [:]][key] = Described(categories: [(category, 1)], words: Set(Self.words(key)))
            orderBySign[isNegative, default: []].append(key)
        }
        for word in Set(Self.words(description)) {
            wordCategories[isNegative, default: [:]][word, default: [:]][category, default: 0] += 1
        }
    }

    /// The verdict for a group of alike descriptions (`key`, as `UncategorizedReport`
    /// normalizes them) whose amounts are all negative (`true`), all positive (`false`) or
    /// mixed (`nil`).
    public func verdict(key: String, isNegative: Bool?) -> Verdict {
        guard let isNegative else { return Verdict(category: nil, evidence: "no suggestion: the group holds money in and money out") }
        let words = wordCategories[isNegative] ?? [:]
        let kind = isNegative ? "money-out" : "money-in"
        let exact = describedBySign[isNegative]?[key]?.categories ?? []
        let own = Self.words(key)
        if exact.count == 1, let (category, matches) = exact.first, own.contains(where: { !Self.boilerplate.contains($0) }) {
            return Verdict(category: category, evidence: "\(matches) categorized \(kind) transaction\(matches == 1 ? "" : "s") with this description, all \(category)")
        }
        let informative = own.filter { !Self.boilerplate.contains($0) && (words[$0]?.count ?? 0) < 3 }
        if let lead = informative.first, let filed = words[lead], filed.count == 1, let (category, count) = filed.first, count >= 2 {
            let against = informative.dropFirst().first { word in
                guard let other = words[word], other.count == 1 else { return false }
                return other.first!.key != category
            }
            if against == nil {
                return Verdict(category: category, evidence: "all \(count) categorized \(kind) transactions with '\(lead)' are \(category)")
            }
        }
        return Verdict(category: nil, evidence: nearest(own, isNegative: isNegative))
    }

    /// "no suggestion" with the categorized descriptions sharing most words, if any, each
    /// with the category it was first filed under.
    private func nearest(_ words: [String], isNegative: Bool) -> String {
        let wanted = Set(words).subtracting(Self.boilerplate)
        let described = describedBySign[isNegative] ?? [:]
        var best: [(shared: Int, key: String, category: String)] = []
        for key in orderBySign[isNegative] ?? [] {
            let facts = described[key]!
            let shared = wanted.intersection(facts.words).count
            guard shared > 0 else { continue }
            best.append((shared, key, facts.categories[0].category))
        }
        let top = best.sorted { ($0.shared, $1.key) > ($1.shared, $0.key) }.prefix(3)
        guard !top.isEmpty else { return "no suggestion: nothing alike is categorized yet" }
        return "no suggestion; nearest categorized: " + top.map { "'\($0.key)' (\($0.category))" }.joined(separator: ", ")
    }
}

import Foundation
import PennyCore
@testable import PennyReport
import PennyTestSupport
import Testing

/// The suggester keeps one entry per distinct description instead of one per transaction;
/// it must say what the suggester that kept every transaction said (`ReferenceSuggester`,
/// the earlier code, kept here), on random histories and groups.
struct CategorySuggesterCompactTests {
    @Test(arguments: 1...80) func theCompactSuggesterSaysWhatTheFullHistorySaid(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let words = ["LIDL", "PINGO DOCE", "COMPRA", "UBER", "BOLT", "RIDE", "CAFE", "SEPA", "N26", "1234", "LISBOA", "PORTO", "REFUND", "GALP"]
        let categories = ["expenses:food", "expenses:transport", "expenses:cafe", "income:refunds"]
        func description() -> String {
            (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        }
        var compact = CategorySuggester()
        var reference = ReferenceSuggester()
        for _ in 0..<Int.random(in: 0...120, using: &random) {
            let (text, category, negative) = (description(), categories.randomElement(using: &random)!, Bool.random(using: &random))
            compact.learn(text, category: category, isNegative: negative)
            reference.learn(text, category: category, isNegative: negative)
        }
        #expect(compact.examples == reference.examples)
        for _ in 0..<30 {
            let key = UncategorizedReport.normalize(description())
            let sign: Bool? = [true, false, nil].randomElement(using: &random)!
            #expect(compact.verdict(key: key, isNegative: sign) == reference.verdict(key: key, isNegative: sign))
        }
    }
}

struct ReferenceSuggester {
    typealias Verdict = CategorySuggester.Verdict

    private struct Example: Sendable {
        let key: String
        let category: String
    }

    private var examplesBySign: [Bool: [Example]] = [:]
    /// Per sign and word, the categories it was filed under with counts.
    private var wordCategories: [Bool: [String: [String: Int]]] = [:]
    /// How many transactions it learned from.
    private(set) var examples = 0

    /// An empty model.
    init() {}

    /// Learns that a transaction with `description` and an amount of this sign was filed
    /// under `category`.
    mutating func learn(_ description: String, category: String, isNegative: Bool) {
        examples += 1
        let key = UncategorizedReport.normalize(description)
        examplesBySign[isNegative, default: []].append(Example(key: key, category: category))
        for word in Set(CategorySuggester.words(description)) {
            wordCategories[isNegative, default: [:]][word, default: [:]][category, default: 0] += 1
        }
    }

    /// The verdict for a group of alike descriptions (`key`, as `UncategorizedReport`
    /// normalizes them) whose amounts are all negative (`true`), all positive (`false`) or
    /// mixed (`nil`).
    func verdict(key: String, isNegative: Bool?) -> Verdict {
        guard let isNegative else { return CategorySuggester.Verdict(category: nil, evidence: "no suggestion: the group holds money in and money out") }
        let words = wordCategories[isNegative] ?? [:]
        let sameSign = examplesBySign[isNegative] ?? []
        let kind = isNegative ? "money-out" : "money-in"
        let exact = Dictionary(grouping: sameSign.filter { $0.key == key }, by: \.category)
        let own = CategorySuggester.words(key)
        if exact.count == 1, let (category, matches) = exact.first, own.contains(where: { !CategorySuggester.boilerplate.contains($0) }) {
            return CategorySuggester.Verdict(
                category: category, evidence: "\(matches.count) categorized \(kind) transaction\(matches.count == 1 ? "" : "s") with this description, all \(category)")
        }
        let informative = own.filter { !CategorySuggester.boilerplate.contains($0) && (words[$0]?.count ?? 0) < 3 }
        if let lead = informative.first, let filed = words[lead], filed.count == 1, let (category, count) = filed.first, count >= 2 {
            let against = informative.dropFirst().first { word in
                guard let other = words[word], other.count == 1 else { return false }
                return other.first!.key != category
            }
            if against == nil {
                return CategorySuggester.Verdict(category: category, evidence: "all \(count) categorized \(kind) transactions with '\(lead)' are \(category)")
            }
        }
        return CategorySuggester.Verdict(category: nil, evidence: nearest(own, in: sameSign))
    }

    /// "no suggestion" with the categorized descriptions sharing most words, if any.
    private func nearest(_ words: [String], in examples: [Example]) -> String {
        let wanted = Set(words).subtracting(CategorySuggester.boilerplate)
        var best: [(shared: Int, example: Example)] = []
        var seen: Set<String> = []
        for example in examples where !seen.contains(example.key) {
            let shared = wanted.intersection(CategorySuggester.words(example.key)).count
            guard shared > 0 else { continue }
            seen.insert(example.key)
            best.append((shared, example))
        }
        let top = best.sorted { ($0.shared, $1.example.key) > ($1.shared, $0.example.key) }.prefix(3)
        guard !top.isEmpty else { return "no suggestion: nothing alike is categorized yet" }
        return "no suggestion; nearest categorized: " + top.map { "'\($0.example.key)' (\($0.example.category))" }.joined(separator: ", ")
    }
}

import Foundation
import PennyCore

/// Suggests a category for a description from the transactions already categorized:
/// multinomial naive Bayes over the words of folded descriptions (numbers left out),
/// with add-one smoothing.
public struct CategorySuggester: Sendable {
    private var categoryCounts: [String: Int] = [:]
    private var wordCounts: [String: [String: Int]] = [:]
    private var wordsPerCategory: [String: Int] = [:]
    private var vocabulary: Set<String> = []
    /// How many transactions it learned from.
    public private(set) var examples = 0

    /// An empty model.
    public init() {}

    /// The words a description is judged by: folded, numbers and one-letter words left out.
    public static func words(_ description: String) -> [String] {
        TextKey.fold(description).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { word in word.count > 1 && !word.contains(where: \.isNumber) }
    }

    /// Learns that `description` was filed under `category`.
    public mutating func learn(_ description: String, category: String) {
        examples += 1
        categoryCounts[category, default: 0] += 1
        for word in Self.words(description) {
            wordCounts[category, default: [:]][word, default: 0] += 1
            wordsPerCategory[category, default: 0] += 1
            vocabulary.insert(word)
        }
    }

    /// The most likely category, or nil when nothing was learned or no word is known.
    public func suggest(_ description: String) -> String? {
        let words = Self.words(description).filter { vocabulary.contains($0) }
        guard examples > 0, !words.isEmpty else { return nil }
        // Log-probability ratios, never money.
        let vocabularyRatio = Double(vocabulary.count)
        var best: (category: String, logRatio: Double)?
        for (category, count) in categoryCounts.sorted(by: { $0.key < $1.key }) {
            let wordsRatio = Double(wordsPerCategory[category] ?? 0)
            var logRatio = log(Double(count) / Double(examples))
            for word in words { logRatio += log((Double(wordCounts[category]?[word] ?? 0) + 1) / (wordsRatio + vocabularyRatio)) }
            if best == nil || logRatio > best!.logRatio { best = (category, logRatio) }
        }
        return best?.category
    }
}

import Foundation

/// `penny uncategorized --json`: the groups, their suggestions and their transactions as
/// JSON, for scripts (the suggestion evaluation reads it).
extension UncategorizedReport {
    private struct Document: Encodable {
        let examples: Int
        let groups: [GroupJSON]
    }

    private struct GroupJSON: Encodable {
        let key: String
        let count: Int
        let suggestion: String?
        let transactions: [MemberJSON]

        enum CodingKeys: String, CodingKey { case key, count, suggestion, transactions }

        /// Writes a missing suggestion as `null`, not by leaving the key out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(count, forKey: .count)
            try container.encode(suggestion as String?, forKey: .suggestion)
            try container.encode(transactions, forKey: .transactions)
        }
    }

    private struct MemberJSON: Encodable {
        let line: Int
        let date: String
        let amount: String
        let description: String
    }

    /// The report as one JSON document, keys sorted.
    public func renderJSON() -> String {
        let document = Document(
            examples: examples,
            groups: groups.map { group in
                GroupJSON(
                    key: group.key, count: group.count, suggestion: group.suggestion,
                    transactions: group.members.map {
                        MemberJSON(line: $0.line, date: $0.date.description, amount: $0.amount.description, description: $0.description)
                    })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

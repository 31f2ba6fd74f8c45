/// Where in a JSON document the arrays of statement entries are, the ones `ExactJSONParser`
/// hands out an element at a time: `transactions` (Penny's format, Plaid),
/// `transactions.booked` and `transactions.pending` (Berlin Group), at the root or under a
/// recorded exchange's `response.body`.
enum JSONStreamPath {
    case root, response, body, transactions, bodyTransactions, entryList, elsewhere

    /// The path of a member named `key` of an object at this path.
    func member(_ key: String) -> JSONStreamPath {
        switch (self, key) {
        case (.root, "transactions"): .transactions
        case (.root, "response"): .response
        case (.response, "body"): .body
        case (.body, "transactions"): .bodyTransactions
        case (.transactions, "booked"), (.transactions, "pending"), (.bodyTransactions, "booked"), (.bodyTransactions, "pending"): .entryList
        default: .elsewhere
        }
    }

    /// True where an array is handed out an element at a time.
    var streams: Bool {
        switch self {
        case .transactions, .bodyTransactions, .entryList: true
        default: false
        }
    }
}

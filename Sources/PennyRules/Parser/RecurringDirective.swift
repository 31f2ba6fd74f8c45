public import PennyCore

/// `recurring PAYEE` (with an optional `every weekly|monthly|quarterly|yearly` line) or
/// `not-recurring PAYEE`: confirms or dismisses what `report recurring` finds for payees
/// whose name contains PAYEE (case and accents ignored).
public struct RecurringOverride: Sendable, Equatable {
    /// The text the payee contains, folded.
    public let payee: String
    /// True for `recurring`, false for `not-recurring`.
    public let confirms: Bool
    /// `every INTERVAL` when given (weekly, monthly, quarterly or yearly).
    public let interval: String?
    /// Where the block is.
    public let location: SourceLocation

    /// True when it applies to a payee.
    public func applies(to payee: String) -> Bool { TextKey.fold(payee).contains(self.payee) }
}

extension RulesParser {
    /// Parses a `recurring` or `not-recurring` block.
    mutating func recurring(_ head: RuleLine, _ body: [RuleLine], confirms: Bool) {
        let keyword = head.tokens[0].text
        guard head.tokens.count >= 2 else {
            fail("expected '\(keyword) PAYEE' (the text the payee's name contains)", head, head.tokens[0])
            return
        }
        let payee = TextKey.fold(head.tokens.dropFirst().map(\.text).joined(separator: " "))
        var interval: String?
        let intervals = ["weekly", "monthly", "quarterly", "yearly"]
        for line in body {
            guard confirms, line.tokens[0].text == "every", line.tokens.count == 2, intervals.contains(line.tokens[1].text) else {
                fail(
                    confirms ? "expected 'every' followed by one of \(intervals.joined(separator: ", "))" : "'not-recurring' takes no indented lines", line,
                    confirms && line.tokens.count > 1 && line.tokens[0].text == "every" ? line.tokens[1] : line.tokens[0])
                continue
            }
            interval = line.tokens[1].text
        }
        ruleSet.recurringOverrides.append(RecurringOverride(payee: payee, confirms: confirms, interval: interval, location: head.location()))
    }
}

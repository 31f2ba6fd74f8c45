import Foundation
import Synchronization

/// The backtracking one file's rules may spend in all, across every row and thread: each
/// match is bounded (`RuleRegex.progressLimit`), but 300 rows just under that bound took
/// minutes. Once a file has spent `fileLimit` progress reports (about 200 million steps,
/// seconds), every further match gives up, the rule fails, and batch mode quarantines the
/// file. Reset at each file's start.
public enum RegexBudget {
    /// Progress reports (10,000 backtracking steps each) one file may take
    /// (`PENNY_REGEX_BUDGET` sets it, for the tests that show it is reached).
    public static let fileLimit = ProcessInfo.processInfo.environment["PENNY_REGEX_BUDGET"].flatMap { Int($0) }.map { max(1, $0) } ?? 20_000

    private static let spent = Atomic<Int>(0)

    /// Starts a new file's budget.
    public static func reset() { spent.store(0, ordering: .relaxed) }

    /// Counts one progress report; false when the file's budget is spent.
    static func spend() -> Bool { spent.wrappingAdd(1, ordering: .relaxed).newValue < fileLimit }

    /// True when the current file has spent its budget.
    public static var isSpent: Bool { spent.load(ordering: .relaxed) >= fileLimit }
}

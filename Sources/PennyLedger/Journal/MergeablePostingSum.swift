public import PennyCore

/// A figure counted from a journal's postings that can be counted in two parts, one part
/// of the file each, and merged (`JournalReader.sum`): the report's totals, their dates.
public protocol MergeablePostingSum: Sendable {
    /// Counts one posting, in file order.
    mutating func add(_ posting: Posting) throws(MoneyError)

    /// Adds `later`, counted from the postings that follow this one's. The result must be
    /// exactly what counting all of them in order gives, and it must throw when that
    /// counting would have thrown; after a throw this value is discarded.
    mutating func merge(_ later: Self) throws(MoneyError)
}

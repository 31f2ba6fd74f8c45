import Dispatch
import Foundation
public import PennyCore

extension JournalReader {
    /// Files from this size (bytes) are read in two parts at once.
    static let splitSize = 8 << 20

    /// `sum` with every posting of the journal at `path` added (includes followed): the
    /// same figures and the same errors as adding them in `forEachPosting`. A large file is
    /// read in two parts on two threads (`JournalSplit`) and the parts merged; when either
    /// part fails or the merge passes 64 bits, the file is read again in order, so the error
    /// is the one that read gives, at its line.
    public func sum<Sum: MergeablePostingSum>(path: String, into sum: Sum) throws(PennyError) -> Sum {
        try self.sum(path: path, into: sum, splitFrom: Self.splitSize).sum
    }

    /// The same, splitting files from `splitFrom` bytes; `split` tells whether the parts'
    /// merge was used (tests lower the size so small journals are split).
    func sum<Sum: MergeablePostingSum>(path: String, into sum: Sum, splitFrom: Int) throws(PennyError) -> (sum: Sum, split: Bool) {
        guard let whole = splitRead(path: path, sum: sum, splitFrom: splitFrom) else {
            var sum = sum
            try forEachPosting(path: path) { (p) throws(MoneyError) in try sum.add(p) }
            return (sum, false)
        }
        // The main file read as the read in order reads it; its includes follow in order.
        var total = whole.sum
        var names = NameTable(totals: whole.magnitudes)
        try readIncludes(whole.includes, of: path, names: &names) { (p) throws(MoneyError) in try total.add(p) }
        return (total, true)
    }

    /// The main file (not its includes) read in two parts at once and merged; nil when it
    /// is not split or anything fails. Both parts read one open file, so a ledger replaced
    /// meanwhile is read whole from one version.
    private func splitRead<Sum: MergeablePostingSum>(path: String, sum: Sum, splitFrom: Int) -> JournalPart<Sum>? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let cut = JournalSplit.point(in: fd, minimumSize: splitFrom), LedgerText.problem(path) == nil else { return nil }
        let parts = PartSlots<Sum>()
        let ranges = [0..<cut, cut..<Int.max]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let part = try? JournalPart(reader: self, path: path, fd: fd, bytes: ranges[index], sum: sum)
            if index == 0 { parts.first = part } else { parts.second = part }
        }
        guard let first = parts.first, let second = parts.second else { return nil }
        return first.merged(with: second)
    }
}

/// The two parts' results, each written by its own thread before `concurrentPerform`
/// returns, and read only after.
private final class PartSlots<Sum: MergeablePostingSum>: @unchecked Sendable {
    /// The first part's result.
    var first: JournalPart<Sum>?
    /// The second part's result.
    var second: JournalPart<Sum>?
}

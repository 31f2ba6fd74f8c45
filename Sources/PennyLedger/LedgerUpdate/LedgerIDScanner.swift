import PennyCore

/// The import's one reading of the existing ledger, fed in arbitrary chunks as it is
/// copied: each line classified once (`JournalLines`) goes to the check, the own
/// accounts' balances and the dedup ids (`; id: <16 hex>` tag lines and Penny's own comment
/// lines), and the `include` lines are noted.
///
/// Lines are found with `memchr` and read in place; only a line cut by a chunk boundary
/// is copied. - Complexity: O(bytes), about 1 GB/s.
struct LedgerIDScanner {
    /// Where the ids found go.
    let ids: SpillingIDSet
    /// Own accounts' balances from the posting lines (when any account is tracked).
    private(set) var balances: StatementBalances
    private var postings = PostingLineParser()
    /// The ledger's syntax check, when the update does it (every line, in order).
    var check: JournalCheck?

    init(balances: StatementBalances, ids: SpillingIDSet) {
        self.balances = balances
        self.ids = ids
    }
    /// Targets of `include` lines with their 1-based lines, in file order.
    var includeLines: [(String, Int)] { lines.includes }
    /// The first line whose posting made a balance pass 64 bits (the balances stop there).
    private(set) var overflowLine: Int?
    /// Lines read so far.
    var lineCount: Int { lines.count }
    private var lines = JournalLines()

    mutating func scan(_ bytes: ArraySlice<UInt8>) {
        var lines = JournalLines()
        swap(&lines, &self.lines)
        bytes.withUnsafeBufferPointer { buffer in
            // `take` does not throw: the check keeps its error.
            try? lines.feed(buffer) { line in take(line) }
        }
        swap(&lines, &self.lines)
    }

    mutating func finish() {
        var lines = JournalLines()
        swap(&lines, &self.lines)
        try? lines.finish { line in take(line) }
        swap(&lines, &self.lines)
    }

    @inline(__always)
    private mutating func take(_ line: ClassifiedLine) {
        check?.take(line)
        if !balances.accounts.isEmpty, overflowLine == nil {
            do throws(MoneyError) { try postings.take(line.bytes, line.kind, into: &balances, sign: 1) } catch { overflowLine = line.number }
        }
        switch line.kind {
        case .indentedComment:
            // Tag lines start with "; id:" after the indentation; most comment lines fail the first test.
            if let value = IDTag.value(line.bytes) { ids.insert(value) }
        case .other:
            // Penny's own comment lines (few: a couple per statement) are parsed by their grammar.
            if line.bytes.first == UInt8(ascii: ";"), PennyComment.mayBe(line.bytes), let comment = PennyComment.parse(String(decoding: line.bytes, as: UTF8.self)) {
                ids.insert(comment.id)
            }
        case .posting, .transactionHead, .blank, .include:
            return
        }
    }
}

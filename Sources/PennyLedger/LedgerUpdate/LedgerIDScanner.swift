import PennyCore

/// Finds `; id: <16 hex>` tag lines in journal text fed in arbitrary chunks.
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
    private(set) var includeLines: [(String, Int)] = []
    /// The first line whose posting made a balance pass 64 bits (the balances stop there).
    private(set) var overflowLine: Int?
    /// Lines read so far.
    private(set) var lineCount = 0
    private var lines = LineSplitter()

    mutating func scan(_ bytes: ArraySlice<UInt8>) {
        var splitter = lines
        bytes.withUnsafeBufferPointer { buffer in
            _ = splitter.feed(buffer) { line in
                take(line)
                return true
            }
        }
        lines = splitter
    }

    mutating func finish() {
        var splitter = lines
        splitter.finish { line in
            take(line)
            return true
        }
        lines = splitter
    }

    private mutating func take(_ line: UnsafeBufferPointer<UInt8>) {
        lineCount += 1
        check?.take(line)
        if !balances.accounts.isEmpty, overflowLine == nil {
            do throws(MoneyError) { try postings.take(line, into: &balances, sign: 1) } catch { overflowLine = lineCount }
        }
        if line.first == UInt8(ascii: ";") {
            // Penny's own comment lines (few: a couple per statement) are parsed by their grammar.
            if PennyComment.mayBe(line), let comment = PennyComment.parse(String(decoding: line, as: UTF8.self)) { ids.insert(comment.id) }
            return
        }
        if let target = JournalLine.includeTarget(line) {
            includeLines.append((target, lineCount))
            return
        }
        // Tag lines are indented and start with "; id:"; most lines fail the first test.
        guard let value = IDTag.value(line) else { return }
        ids.insert(value)
    }
}

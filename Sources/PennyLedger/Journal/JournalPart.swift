import PennyCore

/// What reading one part of a journal file (`JournalSplit`) gives: the postings' sum, the
/// amounts' magnitudes, the `include` lines and how many lines the part has.
struct JournalPart<Sum: MergeablePostingSum>: Sendable {
    /// The part's postings, counted.
    var sum: Sum
    /// The magnitudes of the part's amounts, per currency (`NameTable.totals`).
    var magnitudes: [Currency: Int64]
    /// The part's `include` targets, with their line numbers in the part.
    var includes: [(String, Int)]
    /// The part's lines.
    var lineCount: Int

    /// Reads the `bytes` of the journal at `path`, open as `fd`, into `sum` (includes not
    /// followed).
    init(reader: JournalReader, path: String, fd: Int32, bytes: Range<Int>, sum: Sum) throws(PennyError) {
        var sum = sum
        var reading = PostingReading(reader: reader, path: path, names: NameTable())
        let lines = try JournalLines.read(part: bytes, of: fd) { (line) throws(PennyError) in
            try reading.take(line) { (p) throws(MoneyError) in try sum.add(p) }
        }
        try reading.finish { (p) throws(MoneyError) in try sum.add(p) }
        self.sum = sum
        magnitudes = reading.names.totals
        includes = lines.includes
        lineCount = lines.count
    }

    /// This part followed by `later`: the sums and magnitudes merged, the includes in file
    /// order with `later`'s lines numbered after this part's; nil when a merged figure
    /// passes 64 bits (the whole read in order fails somewhere then, or may).
    func merged(with later: JournalPart) -> JournalPart? {
        var result = self
        var totals = CurrencyTotals(magnitudes)
        do throws(MoneyError) {
            try totals.add(CurrencyTotals(later.magnitudes))
            try result.sum.merge(later.sum)
        } catch { return nil }
        result.magnitudes = totals.dictionary
        result.includes += later.includes.map { ($0.0, $0.1 + lineCount) }
        result.lineCount += later.lineCount
        return result
    }
}

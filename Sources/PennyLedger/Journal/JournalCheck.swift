import PennyCore

/// `LedgerCheck`'s reading of a journal, fed its classified lines by a pass that reads the
/// file anyway (the ledger copy of an import, `LedgerIDScanner`), so the ledger is read once,
/// not twice.
///
/// Lines go through the same `PostingReading` as `JournalReader.magnitudes`; the files the
/// journal includes are read after it, as there. The first error is kept and the rest of
/// the lines are ignored.
/// A class: the copy pass's scanner holds it and feeds it every line without copying
/// its state.
/// - Complexity: O(bytes fed) plus the included files.
final class JournalCheck {
    private var reading: PostingReading
    /// The first error found, if any.
    private(set) var failure: PennyError?
    /// After `finish`: the totals of the journal's own lines, before its includes.
    private(set) var ownTotals: [Currency: Int64] = [:]

    /// Checks the journal at `path` (for locations and includes) as it is fed.
    init(path: String, defaultCurrency: Currency) {
        reading = PostingReading(reader: JournalReader(defaultCurrency: defaultCurrency), path: path, names: NameTable())
        reading.state.keepsPostings = false
    }

    /// Reads the next line.
    @inline(__always)
    func take(_ line: ClassifiedLine) {
        guard failure == nil else { return }
        do throws(PennyError) { try reading.take(line) { _ in } } catch { failure = error }
    }

    /// Ends the file, reads the files its `include` lines name (`includes`, targets with
    /// their lines), and returns the amount totals per currency (`JournalReader.magnitudes`);
    /// throws the first error.
    func finish(includes: [(String, Int)]) throws(PennyError) -> [Currency: Int64] {
        if let failure { throw failure }
        try reading.finish { _ in }
        ownTotals = reading.names.totals
        try reading.reader.readIncludes(includes, of: reading.path, names: &reading.names) { _ in }
        return reading.names.totals
    }

    /// `finish` for a journal whose own lines were checked before (their totals and includes
    /// kept in the ledger's index): reads only the includes, the same way.
    static func finishIncludes(
        of path: String, defaultCurrency: Currency, includes: [(String, Int)], ownTotals: [Currency: Int64]
    ) throws(PennyError) -> [Currency: Int64] {
        var names = NameTable(totals: ownTotals)
        try JournalReader(defaultCurrency: defaultCurrency).readIncludes(includes, of: path, names: &names) { _ in }
        return names.totals
    }
}

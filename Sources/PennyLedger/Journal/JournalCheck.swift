import PennyCore

/// `LedgerCheck`'s reading of a journal, fed line by line by a pass that reads the file
/// anyway (the ledger copy of an import), so the ledger is read once, not twice.
///
/// Lines go through the same `JournalReader.handle` as `JournalReader.magnitudes`; the
/// files the journal includes are read after it, as there. The first error is kept and
/// the rest of the lines are ignored.
/// A class: the copy pass's scanner holds it and feeds it every line without copying
/// its state.
/// - Complexity: O(bytes fed) plus the included files.
final class JournalCheck {
    private let reader: JournalReader
    private let path: String
    private var state = TransactionState()
    private var names = NameTable()
    private var includes: [(String, Int)] = []
    private var lineNumber = 0
    /// The first error found, if any.
    private(set) var failure: PennyError?
    /// After `finish`: the totals of the journal's own lines, before its includes.
    private(set) var ownTotals: [Currency: Int64] = [:]

    /// Checks the journal at `path` (for locations and includes) as it is fed.
    init(path: String, defaultCurrency: Currency) {
        self.reader = JournalReader(defaultCurrency: defaultCurrency)
        self.path = path
        state.keepsPostings = false
    }

    /// Reads the next line (without its line end).
    func take(_ line: UnsafeBufferPointer<UInt8>) {
        lineNumber += 1
        guard failure == nil else { return }
        do throws(PennyError) {
            if let include = try reader.handle(line, lineNumber, path, &state, &names, { _ in }) { includes.append((include, lineNumber)) }
        } catch {
            failure = error
        }
    }

    /// Ends the file, reads its includes, and returns the amount totals per currency
    /// (`JournalReader.magnitudes`); throws the first error.
    func finish() throws(PennyError) -> [Currency: Int64] {
        if let failure { throw failure }
        try state.finish(path) { _ in }
        ownTotals = names.totals
        try reader.readIncludes(includes, of: path, names: &names) { _ in }
        return names.totals
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

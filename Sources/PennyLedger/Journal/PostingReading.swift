import PennyCore

/// The reports' and the check's reading of a journal's classified lines: the postings of
/// each transaction, handed on when it ends, with the errors hledger refuses too (a date
/// that cannot be read, a posting whose date line is missing, two elided amounts, postings
/// that do not balance, amounts past what Penny counts exactly).
struct PostingReading {
    /// Reads the amounts.
    let reader: JournalReader
    /// The file read, for the errors' locations.
    let path: String
    /// The account names and currencies seen, and the amounts' totals.
    var names: NameTable
    /// The transaction being read.
    var state = TransactionState()

    /// Reads one line; a transaction it ends goes to `body`.
    @inline(__always)
    mutating func take(_ line: ClassifiedLine, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        switch line.kind {
        case .posting(let account):
            guard state.date != nil else {
                // Postings right after a transaction and a blank line: their date line was deleted.
                if state.endedByBlank {
                    throw .badInput(
                        "a posting outside a transaction: its date line is missing (hledger refuses it too)", at: SourceLocation(file: path, line: line.number))
                }
                return
            }
            let (account, amount) = try reader.parsePosting(line.bytes, account: account, line.number, path, &names)
            try state.addPosting(account, amount, at: SourceLocation(file: path, line: line.number))
        case .indentedComment:
            return
        case .blank:
            // A blank line (of spaces too) ends a transaction, as in hledger.
            guard state.date != nil else { return }
            try state.finish(path, body)
            state.endedByBlank = true
        case .transactionHead(let date):
            try state.finish(path, body)
            state.endedByBlank = false
            state.date = date
            state.line = line.number
        case .include, .other:
            try state.finish(path, body)
            state.endedByBlank = false
            if let first = line.bytes.first, first >= 0x30 && first <= 0x39 {
                throw .badInput("cannot read the transaction date: expected YYYY-MM-DD", at: SourceLocation(file: path, line: line.number, column: 1))
            }
        }
    }

    /// Ends the file: the last transaction goes to `body`.
    mutating func finish(_ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        try state.finish(path, body)
    }
}

import PennyCore

/// An OFX file read as libxml2's tree of the whole normalized XML: for malformed XML (the
/// tree's error), a file without a statement, or a shape the stream does not read as the
/// tree does (`OFXStatementStream.irregular`). The stream may have sent some events
/// already: the tree's first events are the same ones, and are skipped.
struct OFXTreeReading {
    /// The file's name in messages.
    let displayName: String
    /// The rules' currencies.
    let configuration: ReaderConfiguration
    /// The warning that follows the first statement, if any.
    let afterFirst: StatementEvent?

    /// Emits the events of `xml` past the first `sent`; `sentStatements` are the kinds of
    /// the statements the stream began, in its order, which must be the tree's.
    func read(_ xml: [UInt8], after sent: Int, sentStatements: [Int], emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let tree = try XMLTree(bytes: xml, fileName: displayName)
        guard let root = tree.root else { throw .badInput("empty OFX document", at: SourceLocation(file: displayName)) }
        let statements = [OFXTag.stmtrs, .ccstmtrs, .invstmtrs].flatMap { tag in root.descendants(tag.name).map { (tag: tag, element: $0) } }
            .sorted { $0.element.line < $1.element.line }
        guard !statements.isEmpty else {
            throw .badInput(
                "no bank (STMTRS), card (CCSTMTRS) or investment (INVSTMTRS) statement in this OFX file", at: SourceLocation(file: displayName, line: root.line))
        }
        guard statements.prefix(sentStatements.count).map(\.tag.rawValue) == sentStatements else {
            // Two statements of different kinds on one line, which the tree orders by kind.
            throw .badInput(
                "statements of different kinds on one line: Penny reads them in the file's order, which is not the order it read them in before",
                at: SourceLocation(file: displayName, line: statements[0].element.line))
        }
        var skipped = 0
        func pass(_ event: StatementEvent) throws(PennyError) {
            guard skipped == sent else { return skipped += 1 }
            try emit(event)
        }
        for (index, statement) in statements.enumerated() {
            try readStatement(statement.element, emit: pass)
            if index == 0, let afterFirst { try pass(afterFirst) }
        }
    }

    /// Emits one statement's header, its transactions, then its closing balance (or the
    /// warning of one left out).
    private func readStatement(_ statement: XMLElement, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let header = try OFXReader.header(of: statement, displayName: displayName, configuration: configuration)
        try emit(.statement(header))
        for element in statement.descendants("STMTTRN") {
            try emit(.transaction(try OFXReader.transaction(element, currency: header.currency, displayName: displayName)))
        }
        for event in OFXReader.closingEvents(of: statement, currency: header.currency, displayName: displayName) { try emit(event) }
    }
}

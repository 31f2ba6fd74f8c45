import PennyCore

/// The one XML pass of a streamed OFX file, its events queued in order: a statement's
/// header when its first `STMTTRN` starts (its `CURDEF` and account come before the
/// transactions), each transaction once its `STMTTRN` ends, and the closing balance
/// (`LEDGERBAL`, after the transactions) as its own event when the statement ends.
///
/// It also tells a shape only libxml2's tree reads as before (`irregular`: a statement in
/// a statement, a transaction in a transaction, two statements on one line, an element in
/// one whose text is read, a name that is not ASCII, a transaction in a header element):
/// the parse stops there and the reader reads the tree. (The normalizer's first pass sends
/// the shapes this pass would read otherwise than the tree straight to it, `OFXShapeCheck`;
/// a header element after the first transaction is still refused here should one pass that
/// check.) A statement's or transaction's error is kept (`failure`) and the parse goes on
/// without events, so that a later XML error or irregular shape comes first, as when a
/// first pass checked the whole file.
final class OFXStatementStream: XMLElementHandler {
    /// What stops the parse at an irregular shape (the reader reads the tree instead).
    static let stop = PennyError.badInput("an OFX shape read as a tree")

    private let configuration: ReaderConfiguration
    private let displayName: String
    /// The warning that follows the first statement, if any.
    private let afterFirst: StatementEvent?
    private var events: [StatementEvent] = []
    /// The kinds (`OFXTag` numbers) of the statements whose headers were queued, in order.
    private(set) var sentStatements: [Int] = []
    /// How many statements started.
    private(set) var started = 0
    /// Whether the parse stopped at a shape only the tree reads as before.
    private(set) var irregular = false
    /// The first error of a statement or transaction; no event is queued after it.
    private(set) var failure: PennyError?
    /// Whether `failure` is a header element after the statement's first transaction,
    /// which the tree reads but one pass cannot.
    private(set) var failedOnLateHeader = false
    /// Per open element: its number, and its node when it is kept (a statement's header
    /// elements, or a transaction of a statement and everything in it).
    private var stack: [(tag: Int, node: OFXNode?)] = []
    private var statement: OFXOpenStatement?
    private var transactionDepth = -1
    private var lastStatementLine: Int?

    init(configuration: ReaderConfiguration, displayName: String, afterFirst: StatementEvent?) {
        self.configuration = configuration
        self.displayName = displayName
        self.afterFirst = afterFirst
    }

    /// The events read since the last call.
    func take() -> [StatementEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    func start(_ tag: XMLStartTag) throws(PennyError) {
        if tag.name < 0, !Self.isASCII(tag.localName) { try stopIrregular() }
        if let parent = stack.last, OFXTag.holdsText(parent.tag) { try stopIrregular() }
        if OFXTag.isStatement(tag.name) {
            try openStatement(tag)
        } else if tag.name == OFXTag.stmttrn.rawValue {
            try openTransaction(tag)
        } else {
            stack.append((tag.name, child(tag)))
        }
    }

    func end(text: UnsafeBufferPointer<UInt8>) throws(PennyError) {
        let top = stack.removeLast()
        if let node = top.node, node.tag >= 0, node.children.isEmpty { node.content = XMLName.trimmed(text) }
        if stack.count == transactionDepth {
            transactionDepth = -1
            if let node = top.node, let open = statement {
                queue { () throws(PennyError) in .transaction(try OFXReader.transaction(node, currency: open.currency, displayName: displayName)) }
            }
        }
        if let open = statement, stack.count == open.depth { closeStatement(open) }
    }

    private func openStatement(_ tag: XMLStartTag) throws(PennyError) {
        if statement != nil { try stopIrregular() }
        if let last = lastStatementLine, last >= tag.line { try stopIrregular() }
        lastStatementLine = tag.line
        started += 1
        let node = OFXNode(tag: tag.name, line: tag.line)
        statement = OFXOpenStatement(node: node, depth: stack.count, currency: configuration.defaultCurrency)
        stack.append((tag.name, node))
    }

    private func openTransaction(_ tag: XMLStartTag) throws(PennyError) {
        if transactionDepth >= 0 { try stopIrregular() }
        transactionDepth = stack.count
        var node: OFXNode?
        if let open = statement {
            if !open.headerSent {
                // In a header element, the header is not whole yet.
                if stack[(open.depth + 1)...].contains(where: { $0.node != nil }) { try stopIrregular() }
                sendHeader(open)
            }
            node = OFXNode(tag: tag.name, line: tag.line)
        }
        stack.append((tag.name, node))
    }

    /// The node kept for an element that is neither a statement nor a transaction: in a
    /// transaction, every element; else a header element the statement does not have yet.
    private func child(_ tag: XMLStartTag) -> OFXNode? {
        guard let parent = stack.last?.node else { return nil }
        if transactionDepth < 0 {
            guard OFXTag.inHeader(tag.name, under: parent.tag), !parent.children.contains(where: { $0.tag == tag.name }) else { return nil }
            if let open = statement, parent === open.node, open.headerSent, open.changesHeader(tag.name) { lateHeader(tag) }
        }
        let node = OFXNode(tag: tag.name, line: tag.line)
        parent.children.append(node)
        return node
    }

    private func closeStatement(_ open: OFXOpenStatement) {
        if !open.headerSent { sendHeader(open) }
        for event in OFXReader.closingEvents(of: open.node, currency: open.currency, displayName: displayName) { queue { event } }
        if started == 1, let afterFirst { queue { afterFirst } }
        statement = nil
    }

    private func sendHeader(_ open: OFXOpenStatement) {
        open.headerSent = true
        sentStatements.append(open.node.tag)
        queue { () throws(PennyError) in
            let header = try OFXReader.header(of: open.node, displayName: displayName, configuration: configuration)
            open.currency = header.currency
            return .statement(header)
        }
    }

    /// Queues the event `make` gives, unless an error came before; keeps its error.
    private func queue(_ make: () throws(PennyError) -> StatementEvent) {
        guard failure == nil else { return }
        do throws(PennyError) { events.append(try make()) } catch { failure = error }
    }

    private func lateHeader(_ tag: XMLStartTag) {
        guard failure == nil else { return }
        failedOnLateHeader = true
        failure = .badInput(
            "\(tag.localNameText) comes after the statement's first transaction (STMTTRN): Penny reads a statement's currency and account before its transactions",
            at: SourceLocation(file: displayName, line: tag.line))
    }

    private func stopIrregular() throws(PennyError) {
        irregular = true
        throw Self.stop
    }

    private static func isASCII(_ name: UnsafePointer<UInt8>) -> Bool {
        var i = 0
        while name[i] != 0 {
            if name[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }
}

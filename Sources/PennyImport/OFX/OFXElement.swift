import PennyCore

/// The element names the OFX reader looks for, by number (their order is `names`).
enum OFXTag: Int, CaseIterable {
    case stmtrs, ccstmtrs, invstmtrs, stmttrn, curdef, bankacctfrom, ccacctfrom, invacctfrom, acctid, ledgerbal, balamt, dtasof
    case dtposted, trnamt, payee, name, memo, checknum, fitid, trntype, origcurrency, currency, cursym, currate

    /// The names, by number.
    static let names = [
        "STMTRS", "CCSTMTRS", "INVSTMTRS", "STMTTRN", "CURDEF", "BANKACCTFROM", "CCACCTFROM", "INVACCTFROM", "ACCTID", "LEDGERBAL", "BALAMT",
        "DTASOF", "DTPOSTED", "TRNAMT", "PAYEE", "NAME", "MEMO", "CHECKNUM", "FITID", "TRNTYPE", "ORIGCURRENCY", "CURRENCY", "CURSYM", "CURRATE",
    ]

    /// The element name.
    var name: String { Self.names[rawValue] }

    /// Whether the tag numbered `number` (-1: none of these) starts a statement.
    static func isStatement(_ number: Int) -> Bool {
        number == Self.stmtrs.rawValue || number == Self.ccstmtrs.rawValue || number == Self.invstmtrs.rawValue
    }

    /// Whether the reader reads the text of an element numbered `number`.
    static func holdsText(_ number: Int) -> Bool {
        guard let tag = OFXTag(rawValue: number) else { return false }
        switch tag {
        case .curdef, .acctid, .balamt, .dtasof, .dtposted, .trnamt, .name, .memo, .checknum, .fitid, .trntype, .cursym, .currate: return true
        default: return false
        }
    }

    /// Whether the statement header reads an element numbered `number` under one numbered `parent`.
    static func inHeader(_ number: Int, under parent: Int) -> Bool {
        guard let tag = OFXTag(rawValue: number), let parent = OFXTag(rawValue: parent) else { return false }
        switch parent {
        case .stmtrs, .ccstmtrs, .invstmtrs: return [.curdef, .bankacctfrom, .ccacctfrom, .invacctfrom, .ledgerbal].contains(tag)
        case .bankacctfrom, .ccacctfrom, .invacctfrom: return tag == .acctid
        case .ledgerbal: return tag == .balamt || tag == .dtasof
        default: return false
        }
    }
}

/// What `OFXReader` reads of an element: of libxml2's tree (`XMLElement`), or of a
/// statement's header or one transaction as the XML streams by (`OFXNode`).
protocol OFXElement {
    /// The line the element starts on.
    var line: Int { get }
    /// Whether it holds elements.
    var holdsElements: Bool { get }
    /// The first child named `tag`.
    func child(_ tag: OFXTag) -> Self?
    /// The trimmed text of the first child named `tag`, nil when absent or empty.
    func text(_ tag: OFXTag) -> String?
}

extension XMLElement: OFXElement {
    var holdsElements: Bool { !children.isEmpty }
    func child(_ tag: OFXTag) -> XMLElement? { child(tag.name) }
    func text(_ tag: OFXTag) -> String? { text(tag.name) }
}

/// An element kept from the stream: a statement's header elements, or a transaction and
/// everything in it. Its text is kept when it holds no elements and is one of `OFXTag`.
final class OFXNode: OFXElement {
    /// Its number in `OFXTag`, -1 when it is none of them.
    let tag: Int
    let line: Int
    var children: [OFXNode] = []
    /// The trimmed text (of an `OFXTag` element without children).
    var content = ""

    init(tag: Int, line: Int) {
        self.tag = tag
        self.line = line
    }

    var holdsElements: Bool { !children.isEmpty }

    func child(_ tag: OFXTag) -> OFXNode? {
        children.first { $0.tag == tag.rawValue }
    }

    func text(_ tag: OFXTag) -> String? {
        guard let value = child(tag)?.content, !value.isEmpty else { return nil }
        return value
    }
}

/// The first XML pass of a streamed OFX file: each statement's header elements (its
/// `CURDEF`, account and `LEDGERBAL`, which comes after the transactions), and whether the
/// file has a shape only the tree reads as before (`irregular`).
final class OFXOutline: XMLElementHandler {
    /// The statements in document order, each with the header elements read.
    private(set) var statements: [OFXNode] = []
    /// A statement in a statement, a transaction in a transaction, two statements on one
    /// line, an element in one whose text is read, a name that is not ASCII (the tree
    /// matches names as `String`s), or a line past the tree's exact ones.
    private(set) var irregular = false
    private var stack: [(tag: Int, node: OFXNode?)] = []
    private var statementDepth = -1
    private var transactionDepth = -1

    func start(_ tag: XMLStartTag) {
        if tag.name < 0, !Self.isASCII(tag.localName) { irregular = true }
        let parent = stack.last
        if let parent, OFXTag.holdsText(parent.tag) { irregular = true }
        var node: OFXNode?
        if OFXTag.isStatement(tag.name) {
            if statementDepth >= 0 { irregular = true }
            if let last = statements.last, last.line >= tag.line { irregular = true }
            statementDepth = stack.count
            let statement = OFXNode(tag: tag.name, line: tag.line)
            statements.append(statement)
            node = statement
        } else if tag.name == OFXTag.stmttrn.rawValue {
            if transactionDepth >= 0 { irregular = true }
            transactionDepth = stack.count
        } else if let parentNode = parent?.node, OFXTag.inHeader(tag.name, under: parentNode.tag), !parentNode.children.contains(where: { $0.tag == tag.name }) {
            let child = OFXNode(tag: tag.name, line: tag.line)
            parentNode.children.append(child)
            node = child
        }
        stack.append((tag.name, node))
    }

    func end(text: UnsafeBufferPointer<UInt8>) {
        let top = stack.removeLast()
        if let node = top.node, node.children.isEmpty { node.content = XMLName.trimmed(text) }
        if stack.count == statementDepth { statementDepth = -1 }
        if stack.count == transactionDepth { transactionDepth = -1 }
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

/// The second XML pass of a streamed OFX file: at each statement's start its header (from
/// the outline), and each transaction once its `STMTTRN` ends, queued in `events`.
final class OFXEmitter: XMLElementHandler {
    private let statements: [OFXNode]
    private let configuration: ReaderConfiguration
    private let displayName: String
    /// The warning that follows the first statement, if any.
    private let afterFirst: StatementEvent?
    /// The events read and not yet taken.
    private var events: [StatementEvent] = []
    private var next = 0
    private var currency: Currency
    private var statementDepth = -1
    /// Per open element: its node when it is in a transaction of a statement.
    private var stack: [OFXNode?] = []

    init(statements: [OFXNode], configuration: ReaderConfiguration, displayName: String, afterFirst: StatementEvent?) {
        self.statements = statements
        self.configuration = configuration
        self.displayName = displayName
        self.afterFirst = afterFirst
        currency = configuration.defaultCurrency
    }

    /// The events read since the last call.
    func take() -> [StatementEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    func start(_ tag: XMLStartTag) throws(PennyError) {
        var node: OFXNode?
        if OFXTag.isStatement(tag.name) {
            let statement = statements[next]
            next += 1
            statementDepth = stack.count
            currency = try OFXReader.header(of: statement, displayName: displayName, configuration: configuration) { events.append($0) }
        } else if let parent = stack.last ?? nil {
            let child = OFXNode(tag: tag.name, line: tag.line)
            parent.children.append(child)
            node = child
        } else if statementDepth >= 0, tag.name == OFXTag.stmttrn.rawValue {
            node = OFXNode(tag: tag.name, line: tag.line)
        }
        stack.append(node)
    }

    func end(text: UnsafeBufferPointer<UInt8>) throws(PennyError) {
        let node = stack.removeLast()
        if let node {
            if node.tag >= 0, node.children.isEmpty { node.content = XMLName.trimmed(text) }
            if node.tag == OFXTag.stmttrn.rawValue, (stack.last ?? nil) == nil {
                events.append(.transaction(try OFXReader.transaction(node, currency: currency, displayName: displayName)))
            }
        }
        if stack.count == statementDepth {
            statementDepth = -1
            if next == 1, let afterFirst { events.append(afterFirst) }
        }
    }
}

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

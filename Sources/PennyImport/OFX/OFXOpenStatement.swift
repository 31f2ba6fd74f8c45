import PennyCore

/// A statement while `OFXStatementStream` reads it: its header elements, where it is in
/// the element stack, and whether its header was sent.
final class OFXOpenStatement {
    /// The statement, with the header elements read so far.
    let node: OFXNode
    /// The element stack's depth outside it.
    let depth: Int
    /// The currency of its transactions (its header's, once sent).
    var currency: Currency
    /// Whether its header was queued.
    var headerSent = false

    init(node: OFXNode, depth: Int, currency: Currency) {
        self.node = node
        self.depth = depth
        self.currency = currency
    }

    /// Whether a first `tag` among the statement's children, after the header was sent,
    /// gives what the header took from elsewhere: a `CURDEF`, or an account element that
    /// comes before the one it took (`BANKACCTFROM`, then `CCACCTFROM`, then `INVACCTFROM`).
    func changesHeader(_ tag: Int) -> Bool {
        func has(_ tag: OFXTag) -> Bool { node.children.contains { $0.tag == tag.rawValue } }
        switch OFXTag(rawValue: tag) {
        case .curdef, .bankacctfrom: return true
        case .ccacctfrom: return !has(.bankacctfrom)
        case .invacctfrom: return !has(.bankacctfrom) && !has(.ccacctfrom)
        default: return false
        }
    }
}

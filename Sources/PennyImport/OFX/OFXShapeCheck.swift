/// What the normalizer's first pass (`OFXNormalizer.init`) tells of a file the one XML pass
/// (`OFXStatementStream`) cannot read as the tree does, from its tokens: two statements
/// starting on one line (the tree orders them by kind), or a statement's `CURDEF` or
/// account element after its first `STMTTRN` (its header goes out before its
/// transactions). Such a file is read as the tree from the start, as before; the check
/// errs toward the tree (a `CURDEF` anywhere in the statement after a transaction counts).
struct OFXShapeCheck {
    /// Whether the file is to be read as the tree.
    private(set) var needsTree = false
    /// Per tag number of the tokenizer: its `Role`, once looked up.
    private var roles: [Role?] = []
    private var line = 1
    private var lastStatementLine = 0
    private var inStatement = false
    /// Inside a statement, after its first transaction.
    private var pastFirstTransaction = false

    private enum Role {
        case statement, transaction, header, other
    }

    /// Takes the next token; `names` are the tokenizer's tag names.
    mutating func take(_ token: OFXTokenizer.Token, names: OFXTagNames) {
        switch token {
        case .newline:
            line += 1
        case .open(let name):
            switch role(name, names) {
            case .statement:
                if lastStatementLine == line { needsTree = true }
                lastStatementLine = line
                inStatement = true
                pastFirstTransaction = false
            case .transaction: pastFirstTransaction = inStatement
            case .header: if pastFirstTransaction { needsTree = true }
            case .other: break
            }
        case .close(let name):
            if role(name, names) == .statement {
                inStatement = false
                pastFirstTransaction = false
            }
        default:
            break
        }
    }

    private mutating func role(_ name: Int, _ names: OFXTagNames) -> Role {
        if name < roles.count, let role = roles[name] { return role }
        if name >= roles.count { roles += repeatElement(nil, count: name + 1 - roles.count) }
        let role: Role
        switch names.names[name] {
        case "STMTRS", "CCSTMTRS", "INVSTMTRS": role = .statement
        case "STMTTRN": role = .transaction
        case "CURDEF", "BANKACCTFROM", "CCACCTFROM", "INVACCTFROM": role = .header
        default: role = .other
        }
        roles[name] = role
        return role
    }
}

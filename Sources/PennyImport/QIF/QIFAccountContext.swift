/// An `!Account` block: the account's name (`N`) and, when given, the statement balance
/// (`$`) and its date (`/`), which KMyMoney writes and reads as the closing balance.
struct QIFAccountBlock {
    /// `N`: the account's name.
    let name: String
    /// The line of `N`.
    let line: Int
    /// `$`: the balance as written.
    var balance: QIFRecord.Field?
    /// `/`: the balance's date as written.
    var balanceDate: QIFRecord.Field?
}

/// Which account a QIF section belongs to: the `!Account` block before it. The account
/// list between `!Option:AutoSwitch` and `!Clear:AutoSwitch` names no section's account.
struct QIFAccountContext {
    /// The current account, when a block named one.
    private(set) var current: QIFAccountBlock?
    private var autoSwitch = false
    private var inBlock = false

    /// Follows a header (`lowered`: as written, in lower case).
    mutating func header(_ lowered: String) {
        inBlock = false
        if lowered.hasPrefix("!option:autoswitch") {
            autoSwitch = true
        } else if lowered.hasPrefix("!clear:autoswitch") {
            autoSwitch = false
            current = nil
        } else if lowered == "!account", !autoSwitch {
            inBlock = true
            current = nil
        }
    }

    /// Follows a line of an `!Account` block: its first `N` names the account, `$` and `/`
    /// give its balance and date.
    mutating func line(_ text: Substring, number: Int) {
        guard inBlock, let code = text.first else { return }
        let value = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        switch code {
        case "N" where current == nil: current = QIFAccountBlock(name: value, line: number)
        case "$" where current != nil: current!.balance = QIFRecord.Field(text: value, line: number)
        case "/" where current != nil: current!.balanceDate = QIFRecord.Field(text: value, line: number)
        case "^": inBlock = false
        default: break
        }
    }
}

/// Which account a QIF section belongs to: the name (`N`) of the `!Account` block before
/// it. The account list between `!Option:AutoSwitch` and `!Clear:AutoSwitch` names no
/// section's account.
struct QIFAccountContext {
    /// The current account's name and the line it is named on.
    private(set) var current: (name: String, line: Int)?
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

    /// Follows a line of an `!Account` block: its first `N` names the account.
    mutating func line(_ text: Substring, number: Int) {
        guard inBlock, current == nil, text.first == "N" else { return }
        current = (String(text.dropFirst()).trimmingCharacters(in: .whitespaces), number)
    }
}

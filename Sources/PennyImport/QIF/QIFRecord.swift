import PennyCore

/// One `^`-terminated QIF transaction as written: its fields' texts and lines.
struct QIFRecord {
    /// A field's text and the line it was on.
    struct Field {
        let text: String
        let line: Int
    }

    /// The line of the record's first field.
    var line: Int
    /// `D`: the date as written.
    var date: Field?
    /// `T` (or `U` when there is no `T`): the amount as written.
    var amount: Field?
    /// `P`: the payee.
    var payee: String?
    /// `M`: the memo.
    var memo: String?
    /// `L`: the category (or `[Account]` of a transfer).
    var category: String?
    /// `N`: the check number or a type word (`ATM`, `DEP`).
    var number: String?

    /// True when no field Penny reads was set (a bare `^`).
    var isEmpty: Bool { date == nil && amount == nil && payee == nil && memo == nil && category == nil && number == nil }
}

/// A `!Type:` section of transactions: one statement.
struct QIFSection {
    /// The header as written (`Bank`, `CCard`, ...).
    let type: String
    /// The header's line.
    let line: Int
    /// Its records in file order.
    var records: [QIFRecord] = []
    /// The `!Account` block before it, when there is one.
    var account: QIFAccountBlock?
}

/// A list section Penny skips but reports (`!Type:Memorized`): where it starts and how
/// many records it holds.
struct QIFSkippedList {
    /// The header as written.
    let header: String
    /// The header's line.
    let line: Int
    /// Its `^`-terminated records.
    var records = 0
}

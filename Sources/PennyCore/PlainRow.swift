/// A statement row lent by a reader for the moment of one `emit`: date, amount, a
/// description already clean, its line, the running balance if any, and the statement's
/// details (payee, memo, counterparty, IBAN, type, bank id) if any.
///
/// Most rows of a bank CSV are only these. A reader lends such a row instead of making a
/// `Transaction` (no `String`s, no copies): the importer folds, hashes, categorizes and
/// writes it straight from `description`'s bytes, and makes a `Transaction` (`transaction`)
/// only when it needs one (a rule reading other fields, a possible transfer). The bytes
/// are valid only during the `emit` call that lends them.
public struct PlainRow: @unchecked Sendable {
    /// The booking date.
    public var date: LocalDate
    /// The amount; negative leaves the account.
    public var amount: Money
    /// The description as UTF-8: trimmed, no line ends, nothing `TextSanitizer` would
    /// change (`isClean`), so it equals the `Transaction`'s description byte for byte.
    public var description: UnsafeBufferPointer<UInt8>
    /// The file as the user named it.
    public var file: String
    /// The 1-based line the row starts on.
    public var line: Int
    /// The running balance after this row, when the statement gives one.
    public var balance: Money?
    /// The description folded by `TextKey.fold`, when the reader's thread folded it
    /// already (`EventPipe`); nil for the importer to fold.
    public var foldedDescription: UnsafeBufferPointer<UInt8>?
    /// Whether the journal writes the description unchanged (`JournalWriter.writesAsIs`),
    /// when the reader's thread found it; nil for the writer to look.
    public var descriptionAsIs: Bool?
    /// The details' bytes, one after another (`RowDetails`), and their lengths: kept as
    /// they lie so that loading a row without any copies little.
    public var detailBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The lengths of the fields in `detailBytes`; all zero when the row has none.
    public var detailLengths = RowDetailLengths.none

    /// Lends a row; `description` must satisfy `isClean`.
    public init(
        date: LocalDate, amount: Money, description: UnsafeBufferPointer<UInt8>, file: String, line: Int, balance: Money?,
        details: (bytes: UnsafeBufferPointer<UInt8>, lengths: RowDetailLengths)? = nil
    ) {
        self.date = date
        self.amount = amount
        self.description = description
        self.file = file
        self.line = line
        self.balance = balance
        if let details { (detailBytes, detailLengths) = details }
    }

    /// The statement's details beyond the description; nil when the row has none.
    public var details: RowDetails? { detailLengths.isEmpty ? nil : RowDetails(detailBytes, lengths: detailLengths) }

    /// The bank id's bytes (the last detail); empty when the row has none.
    public var bankID: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: detailBytes[(detailBytes.count - Int(detailLengths.bankID))...])
    }

    /// Where the row was read.
    public var location: SourceLocation { SourceLocation(file: file, line: line) }

    /// The same row as a `Transaction` (owned copies of the description and details).
    public func transaction() -> Transaction {
        let text = RowDetails.text
        let details = self.details
        return Transaction(
            date: date, amount: amount, description: String(decoding: description, as: UTF8.self), location: location,
            payee: details.flatMap { text($0.payee) }, memo: details.flatMap { text($0.memo) }, counterpartyName: details.flatMap { text($0.counterparty) },
            counterpartyIBAN: details.flatMap { text($0.iban) }, bankID: details.flatMap { text($0.bankID) }, type: details.flatMap { text($0.type) },
            balance: balance)
    }

    /// The longest description a plain row has (`Transaction.maximumFieldBytes`; a longer
    /// one is lent as a `Transaction`, whose check words the error).
    public static let maximumDescriptionBytes = Transaction.maximumFieldBytes

    /// True when `bytes` can be a row's description: what `TextSanitizer` leaves as it is
    /// (no controls, no bidirectional overrides, no byte-order mark) and no line end.
    public static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !TextSanitizer.mayChange(bytes, keepingLineBreaks: false)
    }
}

/// Consecutive plain rows of one statement, lent together for the moment of one `emit`
/// (`StatementEvent.rows`): the importer files them in one loop instead of one call each.
public struct PlainRows: @unchecked Sendable {
    /// One row's fields; its texts are ranges of `text`.
    public struct Item: Sendable {
        /// The booking date.
        public var date: LocalDate
        /// The amount in minor units of `PlainRows.currency`.
        public var minorUnits: Int64
        /// The running balance in minor units, if any.
        public var balance: Int64?
        /// The description's bytes; the details' follow them.
        public var description: Range<Int>
        /// The lengths of the details after the description (`RowDetails`).
        public var details: RowDetailLengths
        /// The folded description's bytes, when the reader's thread folded it.
        public var folded: Range<Int>?
        /// The 1-based line the row starts on.
        public var line: Int
        /// The rules' account-free verdict when the reader's thread found one.
        public var verdict: PackedVerdict
        /// Whether the journal writes the description unchanged, when the reader's thread
        /// found it (`PlainRow.descriptionAsIs`).
        public var descriptionAsIs: Bool?

        /// Makes an item.
        public init(
            date: LocalDate, minorUnits: Int64, balance: Int64?, description: Range<Int>, details: RowDetailLengths = .none, folded: Range<Int>?, line: Int,
            verdict: RowVerdict? = nil
        ) {
            self.date = date
            self.minorUnits = minorUnits
            self.balance = balance
            self.description = description
            self.details = details
            self.folded = folded
            self.line = line
            self.verdict = PackedVerdict(verdict)
        }
    }

    /// The file the rows are from.
    public let file: String
    /// The currency of every row's amount and balance.
    public let currency: Currency
    /// The rows.
    public let items: UnsafeBufferPointer<Item>
    /// The bytes `items`' ranges point into.
    public let text: UnsafeBufferPointer<UInt8>
    /// The own account whose content keys the reader's thread hashed for the rows, or nil
    /// (none hashed): then `keys[i]` is row `i`'s whenever that row has a folded description.
    public let keyedAccount: String?
    /// The rows' content keys, one per row (empty when `keyedAccount` is nil).
    public let keys: UnsafeBufferPointer<RowContentKey>

    /// Lends `items` over `text`, with their content keys for `keyedAccount` if hashed.
    public init(
        file: String, currency: Currency, items: UnsafeBufferPointer<Item>, text: UnsafeBufferPointer<UInt8>, keyedAccount: String? = nil,
        keys: UnsafeBufferPointer<RowContentKey> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        precondition(keyedAccount == nil || keys.count == items.count, "a keyed run has a key per row")
        self.file = file
        self.currency = currency
        self.items = items
        self.text = text
        self.keyedAccount = keyedAccount
        self.keys = keys
    }

    /// How many rows.
    public var count: Int { items.count }

    /// Row `index`, lent like the batch.
    public subscript(index: Int) -> PlainRow {
        var row = PlainRow(
            date: LocalDate(dayNumber: 0), amount: Money(minorUnits: 0, currency: currency), description: UnsafeBufferPointer(start: nil, count: 0), file: file,
            line: 0, balance: nil)
        load(index, into: &row)
        return row
    }

    /// Row `index`'s description bytes.
    @inline(__always)
    public func description(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[items[index].description]) }

    /// Row `index`'s folded description, when the reader's thread folded it.
    @inline(__always)
    public func foldedDescription(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        items[index].folded.map { UnsafeBufferPointer(rebasing: text[$0]) }
    }

    /// Row `index`'s bank id bytes (the last of its details; empty when it has none), as
    /// `PlainRow.bankID` of the loaded row.
    @inline(__always)
    public func bankID(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let item = items[index]
        let end = item.description.upperBound + item.details.total
        return UnsafeBufferPointer(rebasing: text[(end - Int(item.details.bankID))..<end])
    }

    /// The account-free verdict the reader's thread found for row `index`, if any
    /// (`Categorizer.accountFreeVerdict`).
    public func verdict(_ index: Int) -> RowVerdict? { items[index].verdict.verdict }

    /// Overwrites `row`'s fields with row `index`'s, all but the file (a loop over the
    /// rows reuses one `PlainRow` made for the batch's file).
    public func load(_ index: Int, into row: inout PlainRow) {
        let item = items[index]
        row.date = item.date
        row.amount = Money(minorUnits: item.minorUnits, currency: currency)
        row.description = UnsafeBufferPointer(rebasing: text[item.description])
        row.line = item.line
        row.balance = item.balance.map { Money(minorUnits: $0, currency: currency) }
        row.foldedDescription = item.folded.map { UnsafeBufferPointer(rebasing: text[$0]) }
        row.descriptionAsIs = item.descriptionAsIs
        row.detailLengths = item.details
        if !item.details.isEmpty {
            let end = item.description.upperBound
            row.detailBytes = UnsafeBufferPointer(rebasing: text[end..<end + item.details.total])
        }
    }
}

/// A row's dedup content key and the id it has as its key's first occurrence, both as the
/// importer would hash them (`DedupID.contentKey`, `DedupID.content(key:occurrence: 1)`).
public struct RowContentKey: Sendable, Equatable {
    /// The content key.
    public var key: UInt64
    /// The first occurrence's id.
    public var first: UInt64

    /// A key and first id.
    public init(key: UInt64, first: UInt64) {
        self.key = key
        self.first = first
    }
}

/// A `RowVerdict?` in four bytes, as the rows lent in bulk carry it: a rule's index, or one
/// of two marks below zero (no verdict, the default). A `.decision` is carried as none.
public struct PackedVerdict: Sendable, Equatable {
    private let code: Int32

    /// No verdict found.
    public static let none = PackedVerdict(code: -1)
    /// The default category.
    public static let byDefault = PackedVerdict(code: -2)

    private init(code: Int32) { self.code = code }

    /// `verdict` packed.
    public init(_ verdict: RowVerdict?) {
        switch verdict {
        case .rule(let index)?: code = Int32(index)
        case .byDefault?: code = Self.byDefault.code
        // A decision in full is not packed: the row is decided again on its turn.
        case .decision?, nil: code = Self.none.code
        }
    }

    /// The verdict unpacked.
    public var verdict: RowVerdict? {
        code >= 0 ? .rule(Int(code)) : self == .byDefault ? .byDefault : nil
    }
}

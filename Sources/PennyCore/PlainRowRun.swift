/// Plain rows a reader gathers and lends together as one `.rows` event (`PlainRows`): the
/// rows of a bank CSV reach the importer a few hundred at a time instead of one event,
/// one `PlainRow` and one file-name retain each.
public struct PlainRowRun {
    /// The rows' file.
    public let file: String
    /// The currency of every row's amount and balance.
    public let currency: Currency
    private var items: [PlainRows.Item] = []
    private var text: [UInt8] = []

    /// Rows gathered before the reader lends them.
    public static let capacity = 512

    /// An empty run of `file`'s rows in `currency`.
    public init(file: String, currency: Currency) {
        self.file = file
        self.currency = currency
        items.reserveCapacity(Self.capacity)
        text.reserveCapacity(Self.capacity * 64)
    }

    /// How many rows are gathered.
    public var count: Int { items.count }

    /// True once the run should be lent.
    public var isFull: Bool { items.count >= Self.capacity }

    /// The last row gathered.
    public var last: PlainRows.Item? { items.last }

    /// Gathers a row (`description` as `PlainRow.description` requires: clean).
    public mutating func append(date: LocalDate, minorUnits: Int64, balance: Int64?, description: UnsafeBufferPointer<UInt8>, line: Int) {
        let start = text.count
        text.append(contentsOf: description)
        items.append(PlainRows.Item(date: date, minorUnits: minorUnits, balance: balance, description: start..<text.count, folded: nil, line: line))
    }

    /// Gathers a row with details: their bytes one after another (`RowDetails`) follow
    /// the description's.
    public mutating func append(
        date: LocalDate, minorUnits: Int64, balance: Int64?, description: UnsafeBufferPointer<UInt8>,
        details: (bytes: UnsafeBufferPointer<UInt8>, lengths: RowDetailLengths), line: Int
    ) {
        let start = text.count
        text.append(contentsOf: description)
        let end = text.count
        text.append(contentsOf: details.bytes)
        items.append(PlainRows.Item(date: date, minorUnits: minorUnits, balance: balance, description: start..<end, details: details.lengths, folded: nil, line: line))
    }

    /// Lends the gathered rows to `body`, then empties the run (also when `body` throws).
    public mutating func lend(_ body: (PlainRows) throws(PennyError) -> Void) throws(PennyError) {
        guard !items.isEmpty else { return }
        defer {
            items.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
        }
        let file = self.file, currency = self.currency
        try items.withUnsafeBufferPointer { (items) throws(PennyError) in
            try text.withUnsafeBufferPointer { (text) throws(PennyError) in
                try body(PlainRows(file: file, currency: currency, items: items, text: text))
            }
        }
    }
}

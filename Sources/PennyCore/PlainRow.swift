/// A statement row lent by a reader for the moment of one `emit`: date, amount, a
/// description already clean, its line, and the running balance if any — nothing else.
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

    /// Lends a row; `description` must satisfy `isClean`.
    public init(date: LocalDate, amount: Money, description: UnsafeBufferPointer<UInt8>, file: String, line: Int, balance: Money?) {
        self.date = date
        self.amount = amount
        self.description = description
        self.file = file
        self.line = line
        self.balance = balance
    }

    /// Where the row was read.
    public var location: SourceLocation { SourceLocation(file: file, line: line) }

    /// The same row as a `Transaction` (an owned copy of the description).
    public func transaction() -> Transaction {
        Transaction(
            date: date, amount: amount, description: String(decoding: description, as: UTF8.self), location: location, balance: balance)
    }

    /// The longest description a plain row has (`StatementImporter`'s limit on any field;
    /// a longer one is lent as a `Transaction`, whose check words the error).
    public static let maximumDescriptionBytes = 4096

    /// True when `bytes` can be a row's description: what `TextSanitizer` leaves as it is
    /// (no controls, no bidirectional overrides, no byte-order mark) and no line end.
    public static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !TextSanitizer.mayChange(bytes, keepingLineBreaks: false)
    }
}

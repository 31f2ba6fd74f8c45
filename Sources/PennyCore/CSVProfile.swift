/// How to read one bank's CSV export: a column map, never a subclass.
///
/// Declared in the rules as a `csv NAME` block; the CSV reader applies it.
public struct CSVProfile: Sendable {
    /// A column by 1-based position or by header name (compared as `TextKey`).
    public enum Column: Sendable, Hashable, CustomStringConvertible {
        case index(Int)
        case header(String)

        /// `5` or `"Valor"`.
        public var description: String {
            switch self {
            case .index(let i): String(i)
            case .header(let name): "\"\(name)\""
            }
        }
    }

    /// Character encodings the reader decodes.
    public enum Encoding: String, Sendable, CaseIterable {
        case utf8 = "utf-8"
        case latin1
        case windows1252 = "windows-1252"
        case utf16 = "utf-16"
    }

    /// Where the amount comes from.
    public enum AmountColumns: Sendable {
        /// One signed amount column.
        case signed(Column)
        /// Money out in one column, money in in another.
        case debitCredit(debit: Column, credit: Column)
    }

    /// The profile's name from `csv NAME`.
    public var name: String
    /// File-name globs (`*montepio*.csv`) that select this profile.
    public var fileGlobs: [String] = []
    /// Texts the first line must contain (case ignored) to select this profile.
    public var headerMatches: [String] = []
    /// The own account the file belongs to.
    public var account: String?
    /// The field delimiter byte.
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// The file's encoding.
    public var encoding: Encoding = .utf8
    /// Lines before the data; the last of them holds the column names.
    public var headerLines: Int = 1
    /// The date column.
    public var dateColumn: Column?
    /// The date pattern.
    public var dateFormat: DateFormat = .iso
    /// Description columns, joined with one space.
    public var descriptionColumns: [Column] = []
    /// The amount column(s).
    public var amount: AmountColumns?
    /// How numbers are written.
    public var amountFormat = AmountFormat()
    /// Flip every amount's sign (card exports that show purchases as positive).
    public var negate = false
    /// Running balance column.
    public var balanceColumn: Column?
    /// The bank's transaction id column.
    public var idColumn: Column?
    /// Per-row currency code column.
    public var currencyColumn: Column?
    /// Payee column.
    public var payeeColumn: Column?
    /// Memo column.
    public var memoColumn: Column?
    /// Where the block starts in the rules.
    public var location: SourceLocation

    /// Makes an empty profile.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// How to read one bank's CSV export: a column map, never a subclass.
///
/// Declared in the rules as a `csv NAME` block; the CSV reader applies it.
public struct CSVProfile: Sendable {
    /// A column by 1-based position or by header name (compared as `TextKey`).
    public enum Column: Sendable, Hashable, CustomStringConvertible {
        case index(Int)
        case header(String)

        /// `5` or `"Valor"`, as the rules write it (quotes, backslashes and control
        /// characters escaped, so any header round-trips).
        public var description: String {
            switch self {
            case .index(let i): String(i)
            case .header(let name): RulesString.quoted(name)
            }
        }
    }

    /// Character encodings the reader decodes.
    public enum Encoding: String, Sendable, CaseIterable {
        case utf8 = "utf-8"
        case latin1
        case windows1252 = "windows-1252"
        /// Cyrillic (Russian, Ukrainian, Belarusian, Bulgarian, Serbian) exports, cp1251.
        case windows1251 = "windows-1251"
        case utf16 = "utf-16"

        /// True for the encodings of one byte per character that keep ASCII as it is
        /// (Latin-1, Windows-1252, Windows-1251): the parser reads their bytes unchanged.
        public var isSingleByte: Bool { self == .latin1 || self == .windows1252 || self == .windows1251 }
    }

    /// Where the amount comes from.
    public enum AmountColumns: Sendable, Equatable {
        /// One signed amount column.
        case signed(Column)
        /// Money out in one column, money in in another.
        case debitCredit(debit: Column, credit: Column)
    }

    /// Where a debit/credit indicator is written when amounts are unsigned.
    public enum Indicator: Sendable, Equatable {
        /// A column of its own (`D`/`C`, `Af`/`Bij`, `S`/`H`).
        case column(Column)
        /// A word after the number in the amount cell (`12.00 CR`, `5,00 D`).
        case afterAmount
    }

    /// How quotes inside quoted fields are written.
    public enum Quoting: String, Sendable, CaseIterable {
        /// RFC 4180: a quote inside a quoted field is doubled; anything else is an error.
        case strict
        /// A quote that does not close the field (`"UAB "Naktida""`) is read as text, with a warning.
        case lenient
        /// Inside quoted fields `\"` is a quote and `\\` a backslash (some N26 exports).
        case backslash
    }

    /// A test on a row's raw text, for rows that are not transactions.
    public struct RowPattern: Sendable, Equatable {
        /// How the text is compared (case, accents and spacing ignored).
        public enum Test: String, Sendable, CaseIterable {
            case `is`, contains
            case startsWith = "starts-with"
        }
        /// The column tested; nil tests every field.
        public var column: Column?
        /// The comparison.
        public var test: Test
        /// The text compared with.
        public var text: String
        /// Where the line is in the rules.
        public var location: SourceLocation

        /// Makes a pattern.
        public init(column: Column?, test: Test, text: String, location: SourceLocation) {
            self.column = column
            self.test = test
            self.text = text
            self.location = location
        }
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
    /// The other party's IBAN column.
    public var ibanColumn: Column?
    /// The other party's name column.
    public var counterpartyColumn: Column?
    /// The bank's transaction type column.
    public var typeColumn: Column?
    /// A debit/credit indicator for unsigned amounts.
    public var indicator: Indicator?
    /// Indicator words meaning money out (compared ignoring case).
    public var debitMarks: [String] = CSVProfile.defaultDebitMarks
    /// Indicator words meaning money in (compared ignoring case).
    public var creditMarks: [String] = CSVProfile.defaultCreditMarks
    /// Rows skipped before they are parsed (`skip-row`).
    public var skipRows: [RowPattern] = []
    /// Rows where the data ends (`end-row`); that row and everything after it are not read.
    public var endRows: [RowPattern] = []
    /// The data ends at the first blank line after the header (`end-at-blank-line`).
    public var endsAtBlankLine = false
    /// A row with no date and no amount continues the transaction above it: its text is added
    /// to that transaction (`detail-rows join`).
    public var joinsDetailRows = false
    /// Rows wider than the header are read by the named columns (`extra-fields ignore`).
    public var ignoresExtraFields = false
    /// How quotes inside quoted fields are written.
    public var quoting: Quoting = .strict
    /// Where the block starts in the rules.
    public var location: SourceLocation

    /// Debit indicators in the banks' own words: en, nl (`Af`), de (`S`, `Soll`), pt/es (`Débito`), fr.
    public static let defaultDebitMarks = ["D", "DR", "DB", "DBIT", "DEBIT", "AF", "S", "SOLL", "DEBITO", "DÉBITO", "-", "DEBET", "DEEBET"]
    /// Credit indicators: en, nl (`Bij`), de (`H`, `Haben`), pt/es (`Crédito`), fr.
    public static let defaultCreditMarks = ["C", "CR", "CRDT", "CREDIT", "BIJ", "H", "HABEN", "CREDITO", "CRÉDITO", "+", "K", "KREDIT", "KREEDIT"]

    /// Makes an empty profile.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

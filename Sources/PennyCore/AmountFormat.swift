/// How a source writes numbers: which character marks decimals and which groups thousands.
public struct AmountFormat: Hashable, Sendable {
    /// The decimal mark, `.` or `,`.
    public var decimalMark: Character { didSet { decimalByte = decimalMark.asciiValue ?? UInt8(ascii: ".") } }
    /// The thousands separator (`,`, `.`, space or `'`), or nil when the source never groups.
    public var thousandsSeparator: Character? { didSet { separatorByte = thousandsSeparator?.asciiValue } }
    /// The mark as the parser compares it (a byte per amount, not a `Character`).
    private(set) var decimalByte: UInt8 = UInt8(ascii: ".")
    /// The separator as the parser compares it.
    private(set) var separatorByte: UInt8?
    /// A unit the source writes before or after each amount (`kr`, `USD` in `0.01USD`),
    /// read over like `$` or `€` (`amount-unit`); nil when it writes none.
    public var unit: String? { didSet { unitBytes = unit.map { Array($0.utf8) } } }
    /// The unit as the parser compares it (ASCII case ignored).
    private(set) var unitBytes: [UInt8]?

    /// Makes a format; the separator defaults to the mark's usual partner (`.` with `,`, `,` with `.`).
    public init(decimalMark: Character = ".", thousandsSeparator: Character?? = .none) {
        self.decimalMark = decimalMark
        switch thousandsSeparator {
        case .some(let explicit): self.thousandsSeparator = explicit
        case .none: self.thousandsSeparator = decimalMark == "," ? "." : ","
        }
        decimalByte = decimalMark.asciiValue ?? UInt8(ascii: ".")
        separatorByte = self.thousandsSeparator?.asciiValue
    }

    /// `1,234.56`: the format of rules files, OFX, CAMT and JSON.
    public static let standard = AmountFormat(decimalMark: ".", thousandsSeparator: .some(nil))
}

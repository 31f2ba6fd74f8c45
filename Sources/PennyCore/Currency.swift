/// An ISO 4217 currency: its three-letter code and how many minor-unit digits it has.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// The code's three upper-case ASCII letters in one word, the first in the lowest byte:
    /// a currency, and so every `Money`, is copied without reference counting (a `String`
    /// code was retained and released with each amount a row made).
    private let packed: UInt32
    /// Digits after the decimal mark: EUR 2, JPY 0, BHD 3.
    public let exponent: Int

    /// The upper-case ISO 4217 code, e.g. `EUR`.
    public var code: String { withCodeBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the code's three bytes.
    public func withCodeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: packed.littleEndian) { try body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[0..<3])) }
    }

    /// Currencies whose minor unit is not the usual two digits (ISO 4217 table A.1).
    private static let unusualExponents: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
        "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
        "XPF": 0, "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "CLF": 4, "UYW": 4,
    ]

    /// Makes a currency from its code, or nil when the text is not three ASCII letters.
    ///
    /// Lower-case codes are accepted and upper-cased (`eur` is EUR).
    public init?(code text: some StringProtocol) {
        let upper = text.uppercased()
        guard upper.utf8.count == 3, upper.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            return nil
        }
        self.packed = upper.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        self.exponent = Self.unusualExponents[upper] ?? 2
    }

    /// The euro, the default currency of a new Penny set-up.
    public static let euro = Currency(code: "EUR")!

    /// The code, e.g. `EUR`.
    public var description: String { code }
}

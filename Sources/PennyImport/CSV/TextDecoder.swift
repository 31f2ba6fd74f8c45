import PennyCore

/// Turns a field's bytes into text according to a profile's encoding.
///
/// UTF-16 files are transcoded to UTF-8 before parsing, so they decode as UTF-8 here.
struct TextDecoder {
    let encoding: CSVProfile.Encoding

    /// The text, or nil when the bytes are not valid in the encoding (only UTF-8 can fail).
    func decode(_ bytes: some Collection<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        switch encoding {
        case .utf8, .utf16:
            return String(validating: bytes, as: UTF8.self)
        case .latin1:
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case .windows1252:
            return String(String.UnicodeScalarView(bytes.map(Self.windows1252Scalar)))
        }
    }

    /// Windows-1252 differs from Latin-1 only in 0x80...0x9F (€, curly quotes, dashes).
    private static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard byte >= 0x80, byte <= 0x9F else { return Unicode.Scalar(byte) }
        let value = windows1252High[Int(byte - 0x80)]
        return Unicode.Scalar(value) ?? Unicode.Scalar(byte)
    }

    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}

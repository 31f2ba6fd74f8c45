import PennyCore

/// Turns a field's bytes into text according to a profile's encoding.
///
/// UTF-16 files are transcoded to UTF-8 before parsing, so they decode as UTF-8 here. The
/// single-byte encodings keep ASCII as it is, so the parser reads their bytes unchanged and
/// each field is decoded here.
struct TextDecoder {
    let encoding: CSVProfile.Encoding

    /// The text, or nil when the bytes are not valid in the encoding (only UTF-8 can fail).
    func decode(_ bytes: some Collection<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard encoding.isSingleByte else { return String(validating: bytes, as: UTF8.self) }
        let encoding = encoding
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar(Self.scalar($0, encoding)) ?? Unicode.Scalar($0) }))
    }

    /// The code point of `byte` in a single-byte encoding (UTF-8 and UTF-16 read as Latin-1).
    ///
    /// Windows-1252 differs from Latin-1 only in 0x80...0x9F (€, curly quotes, dashes);
    /// Windows-1251 has its own 0x80...0xBF and А...я in 0xC0...0xFF. A byte either leaves
    /// undefined (0x81 in 1252, 0x98 in 1251) reads as the C1 control of the same number,
    /// as Foundation's decoders do.
    static func scalar(_ byte: UInt8, _ encoding: CSVProfile.Encoding) -> UInt32 {
        guard byte >= 0x80 else { return UInt32(byte) }
        switch encoding {
        case .windows1252: return byte <= 0x9F ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
        case .windows1251: return byte >= 0xC0 ? 0x0410 + UInt32(byte - 0xC0) : windows1251High[Int(byte - 0x80)]
        case .utf8, .utf16, .latin1: return UInt32(byte)
        }
    }

    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// Windows-1251's 0x80...0xBF: Serbian, Macedonian, Ukrainian and Belarusian letters, Ё/ё,
    /// punctuation, № (0xB9).
    static let windows1251High: [UInt32] = [
        0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
        0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
        0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x98, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
        0xA0, 0x040E, 0x045E, 0x0408, 0xA4, 0x0490, 0xA6, 0xA7,
        0x0401, 0xA9, 0x0404, 0xAB, 0xAC, 0xAD, 0xAE, 0x0407,
        0xB0, 0xB1, 0x0406, 0x0456, 0x0491, 0xB5, 0xB6, 0xB7,
        0x0451, 0x2116, 0x0454, 0xBB, 0x0458, 0x0405, 0x0455, 0x0457,
    ]
}

import PennyCore

/// How an OFX file's bytes become its UTF-8 text, exactly as `TextEncodings.decode` reads
/// them (a UTF-8 byte-order mark dropped; UTF-8 when a single-byte charset is declared but
/// the bytes are UTF-8 with accented letters, or when nothing is declared and they are
/// valid UTF-8; else the declared single-byte charset, or Windows-1252), without making a
/// `String`: the bytes are taken as they are, or mapped one by one.
struct OFXCharset {
    /// What is known of a file's bytes once all of them were looked at.
    struct Evidence {
        /// A byte of 0x80 or more, byte-order mark included.
        var fileHasHigh = false
        /// A byte of 0x80 or more after the byte-order mark.
        var bodyHasHigh = false
        /// The bytes are valid UTF-8 (with or without the mark: it is a whole character).
        var isValidUTF8 = true
    }

    /// The single-byte charset read, nil when the text is the bytes (UTF-8).
    let singleByte: CSVProfile.Encoding?
    /// The file declares a single-byte charset but its bytes are UTF-8 with accented letters.
    let isMislabelledUTF8: Bool

    /// The reading of a file that declares `declared`, of bytes as `evidence` says.
    init(declared: CSVProfile.Encoding?, evidence: Evidence) {
        let declaredSingle = declared?.isSingleByte == true
        isMislabelledUTF8 = declaredSingle && evidence.fileHasHigh && evidence.isValidUTF8
        if let declared, declaredSingle {
            singleByte = evidence.bodyHasHigh && evidence.isValidUTF8 ? nil : declared
        } else {
            singleByte = evidence.isValidUTF8 ? nil : .windows1252
        }
    }

    /// Whether `bytes` start with a UTF-8 byte-order mark.
    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Appends the text of `bytes` (a part of the file after its byte-order mark) to `out`.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout OFXByteBuffer) {
        guard let singleByte else { return out.append(bytes) }
        var start = 0
        for (index, byte) in bytes.enumerated() where byte >= 0x80 {
            out.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            Self.appendUTF8(TextDecoder.scalar(byte, singleByte), to: &out)
            start = index + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// A code point below U+10000 (what a single-byte charset maps to) as UTF-8.
    private static func appendUTF8(_ scalar: UInt32, to out: inout OFXByteBuffer) {
        if scalar < 0x80 {
            out.append(UInt8(scalar))
        } else if scalar < 0x800 {
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}

import PennyCore

/// Decides a file's encoding from its first bytes and gives them as UTF-8.
///
/// A byte-order mark decides (UTF-8, UTF-16 LE/BE); otherwise bytes that are valid UTF-8
/// are UTF-8; anything else is Windows-1251 when its words are clearly Cyrillic
/// (`SniffCyrillic`), else Windows-1252 (a superset of Latin-1's printable range).
enum SniffEncoding {
    struct Result {
        var encoding: CSVProfile.Encoding
        var text: [UInt8]
        var decision: CSVSniff.Decision
    }

    /// - Complexity: O(n) in the prefix's length.
    static func decide(_ bytes: [UInt8], isWholeFile: Bool) -> Result {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Result(encoding: .utf8, text: Array(bytes.dropFirst(3)), decision: .init("encoding", "utf-8", because: "the file starts with a UTF-8 byte-order mark"))
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            let text = Array(String(decoding: units, as: UTF16.self).utf8)
            return Result(
                encoding: .utf16, text: text, decision: .init("encoding", "utf-16", because: "the file starts with a UTF-16 \(little ? "little" : "big")-endian byte-order mark"))
        }
        var checked = bytes[...]
        // A prefix may end inside a multi-byte character: drop at most three trailing bytes of it.
        if !isWholeFile, let lead = checked.lastIndex(where: { $0 & 0xC0 != 0x80 }), checked.endIndex - lead <= 3, checked[lead] >= 0xC0 {
            checked = checked[..<lead]
        }
        if String(validating: checked, as: UTF8.self) != nil {
            let ascii = checked.allSatisfy { $0 < 0x80 }
            return Result(encoding: .utf8, text: bytes, decision: .init("encoding", "utf-8", because: ascii ? "every byte is ASCII" : "every byte sequence is valid UTF-8"))
        }
        let bad = firstInvalidUTF8(bytes)
        let line = bytes[..<bad].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let hex = String(bytes[bad], radix: 16, uppercase: true)
        let notUTF8 = "byte 0x\(hex) on line \(line) is not UTF-8 and there is no byte-order mark"
        if let cyrillic = SniffCyrillic.evidence(bytes) {
            return Result(
                encoding: .windows1251, text: utf8(bytes, from: .windows1251), decision: .init("encoding", "windows-1251", because: notUTF8 + "; " + cyrillic.reason))
        }
        return Result(encoding: .windows1252, text: utf8(bytes, from: .windows1252), decision: .init("encoding", "windows-1252", because: notUTF8))
    }

    /// `bytes` of a single-byte encoding as UTF-8.
    static func utf8(_ bytes: some Collection<UInt8>, from encoding: CSVProfile.Encoding) -> [UInt8] {
        Array((TextDecoder(encoding: encoding).decode(bytes) ?? "").utf8)
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0
            guard length > 0, i + length <= bytes.count, String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil else { return i }
            i += length
        }
        return 0
    }
}

import Foundation

/// An OFX text's way into the normalized XML: trimmed, then escaped, on the bytes when
/// that gives what the `String` reading gives, else by the `String` reading itself.
///
/// The bytes suffice when the trimmed text starts and ends with ASCII (Foundation's
/// `.whitespaces` holds only space and tab of ASCII) and, to escape it, when it has no `&`,
/// `<` or `>` or is all ASCII (a `Character` may join one of them to a combining mark).
enum OFXText {
    /// A text token, trimmed of `.whitespaces` and CR.
    enum Trimmed {
        /// The bytes of the file in this range.
        case bytes(Range<Int>)
        /// A text the bytes could not trim alone.
        case string(String)
    }

    private static let textTrim = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\r"))

    /// The text of `range` trimmed; nil when blank.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Trimmed? {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, isTrimmed(bytes[start]) { start += 1 }
        while end > start, isTrimmed(bytes[end - 1]) { end -= 1 }
        if start == end { return nil }
        if bytes[start] < 0x80, bytes[end - 1] < 0x80 { return .bytes(start..<end) }
        let value = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: textTrim)
        return value.isEmpty ? nil : .string(value)
    }

    /// Character data (line ends dropped) trimmed of `.whitespaces`; nil when blank.
    static func cdata(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        let value = String(decoding: bytes[range].lazy.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    private static func isTrimmed(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Appends the text, XML-escaped (`&name;` and `&#n;` entities kept), to `out`.
    static func appendEscaped(_ text: Trimmed, of bytes: [UInt8], to out: inout [UInt8]) {
        switch text {
        case .string(let value): out += escape(value).utf8
        case .bytes(let range):
            var special = false
            var ascii = true
            for byte in bytes[range] {
                if byte == UInt8(ascii: "&") || byte == .lt || byte == .gt { special = true }
                if byte >= 0x80 { ascii = false }
            }
            if !special {
                out += bytes[range]
            } else if ascii {
                appendEscapedASCII(bytes[range], to: &out)
            } else {
                out += escape(String(decoding: bytes[range], as: UTF8.self)).utf8
            }
        }
    }

    /// `escape` of an ASCII text, on its bytes.
    private static func appendEscapedASCII(_ text: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var i = text.startIndex
        while i < text.endIndex {
            let byte = text[i]
            switch byte {
            case .lt: out += "&lt;".utf8
            case .gt: out += "&gt;".utf8
            case UInt8(ascii: "&"):
                var j = i + 1
                while j < text.endIndex, j - i <= 10, isEntityByte(text[j]) { j += 1 }
                if j < text.endIndex, text[j] == UInt8(ascii: ";"), isKnownEntity(text[(i + 1)..<j]) {
                    out += text[i...j]
                    i = j
                } else {
                    out += "&amp;".utf8
                }
            default: out.append(byte)
            }
            i += 1
        }
    }

    private static func isEntityByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#")
    }

    private static func isKnownEntity(_ name: ArraySlice<UInt8>) -> Bool {
        isKnownEntity(String(decoding: name, as: UTF8.self))
    }

    private static func isKnownEntity(_ entity: String) -> Bool {
        ["amp", "lt", "gt", "quot", "apos"].contains(entity)
            || (entity.hasPrefix("#") && entity.count > 1
                && (Int(entity.dropFirst()) != nil || (entity.dropFirst().first == "x" && Int(entity.dropFirst(2), radix: 16) != nil)))
    }

    /// Every `&`, `<` and `>` escaped (CDATA content is literal).
    static func escapeAll(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// XML-escaped text; `&name;` and `&#n;` entities are kept as they are.
    static func escape(_ value: String) -> String {
        var out = ""
        let chars = Array(value)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&":
                var j = i + 1
                while j < chars.count, j - i <= 10, chars[j].isLetter || chars[j].isNumber || chars[j] == "#" { j += 1 }
                let entity = String(chars[(i + 1)..<min(j, chars.count)])
                if j < chars.count, chars[j] == ";", isKnownEntity(entity) {
                    out += "&" + entity + ";"
                    i = j
                } else {
                    out += "&amp;"
                }
            default: out.append(c)
            }
            i += 1
        }
        return out
    }
}

extension UInt8 {
    fileprivate static let lt = UInt8(ascii: "<")
    fileprivate static let gt = UInt8(ascii: ">")
}

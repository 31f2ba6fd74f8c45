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
        /// These bytes of the text.
        case bytes(UnsafeBufferPointer<UInt8>)
        /// A text the bytes could not trim alone.
        case string(String)
    }

    private static let textTrim = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\r"))

    /// The text trimmed; nil when blank.
    static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> Trimmed? {
        var start = 0
        var end = text.count
        while start < end, isTrimmed(text[start]) { start += 1 }
        while end > start, isTrimmed(text[end - 1]) { end -= 1 }
        if start == end { return nil }
        if text[start] < 0x80, text[end - 1] < 0x80 { return .bytes(UnsafeBufferPointer(rebasing: text[start..<end])) }
        let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: textTrim)
        return value.isEmpty ? nil : .string(value)
    }

    /// Character data (line ends dropped) trimmed of `.whitespaces`; nil when blank.
    static func cdata(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        let value = String(decoding: text.lazy.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    private static func isTrimmed(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Appends the text, XML-escaped (`&name;` and `&#n;` entities kept), to `out`.
    static func appendEscaped(_ text: Trimmed, to out: inout OFXByteBuffer) {
        switch text {
        case .string(let value): out.append(escape(value))
        case .bytes(let bytes):
            var special = false
            var ascii = true
            for byte in bytes {
                if byte == UInt8(ascii: "&") || byte == .lt || byte == .gt { special = true }
                if byte >= 0x80 { ascii = false }
            }
            if !special {
                out.append(bytes)
            } else if ascii {
                appendEscapedASCII(bytes, to: &out)
            } else {
                out.append(escape(String(decoding: bytes, as: UTF8.self)))
            }
        }
    }

    /// `escape` of an ASCII text, on its bytes.
    private static func appendEscapedASCII(_ text: UnsafeBufferPointer<UInt8>, to out: inout OFXByteBuffer) {
        var i = 0
        while i < text.count {
            let byte = text[i]
            switch byte {
            case .lt: out.append("&lt;")
            case .gt: out.append("&gt;")
            case UInt8(ascii: "&"):
                var j = i + 1
                while j < text.count, j - i <= 10, isEntityByte(text[j]) { j += 1 }
                if j < text.count, text[j] == UInt8(ascii: ";"), isKnownEntity(String(decoding: UnsafeBufferPointer(rebasing: text[(i + 1)..<j]), as: UTF8.self)) {
                    out.append(UnsafeBufferPointer(rebasing: text[i...j]))
                    i = j
                } else {
                    out.append("&amp;")
                }
            default: out.append(byte)
            }
            i += 1
        }
    }

    private static func isEntityByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#")
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

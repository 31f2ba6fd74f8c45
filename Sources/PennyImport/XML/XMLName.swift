import Foundation

/// libxml2's strings read as `XMLElement` reads them, on their bytes where that gives
/// what the `String` reading gives.
enum XMLName {
    /// Whether the element name `node` is `name`, as `String` equality has it (which
    /// matches a name of other bytes only when one of them is not ASCII: a Kelvin sign
    /// `K` is a `K`).
    static func matches(_ node: UnsafePointer<UInt8>, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { wanted in
            for i in wanted.indices where node[i] != wanted[i] {
                // A node's name ends in 0, which no name's byte is: a shorter name differs here.
                return differentBytesMatch(node, wanted)
            }
            return node[wanted.count] == 0 || differentBytesMatch(node, wanted)
        }
    }

    /// Whether two names of different bytes are equal `String`s: never when both are ASCII.
    private static func differentBytesMatch(_ node: UnsafePointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in wanted where byte >= 0x80 { ascii = false }
        var i = 0
        while ascii, node[i] != 0 {
            ascii = node[i] < 0x80
            i += 1
        }
        return !ascii && String(cString: node) == String(decoding: wanted, as: UTF8.self)
    }

    /// The text, trimmed of `.whitespacesAndNewlines` (of ASCII: space, tab, LF, VT, FF, CR).
    static func trimmed(_ content: UnsafePointer<UInt8>) -> String {
        let count = strlen(UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self))
        var start = 0
        var end = count
        while start < end, isSpace(content[start]) { start += 1 }
        while end > start, isSpace(content[end - 1]) { end -= 1 }
        if start == end { return "" }
        if content[start] < 0x80, content[end - 1] < 0x80 {
            return String(decoding: UnsafeBufferPointer(start: content + start, count: end - start), as: UTF8.self)
        }
        return String(cString: content).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Text of the given bytes (no NUL among them), trimmed as `trimmed(_:)` trims.
    static func trimmed(_ content: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = content.count
        while start < end, isSpace(content[start]) { start += 1 }
        while end > start, isSpace(content[end - 1]) { end -= 1 }
        if start == end { return "" }
        if content[start] < 0x80, content[end - 1] < 0x80 {
            return String(decoding: UnsafeBufferPointer(rebasing: content[start..<end]), as: UTF8.self)
        }
        return String(decoding: content, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}

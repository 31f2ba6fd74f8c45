/// `MT940Fields.readText` for an ASCII line without SOH or ETX, read as bytes: in such a
/// line every character is one byte, so the two readings agree byte for byte (a test
/// checks them against each other).
enum MT940FieldBytes {
    /// What the line is.
    static func read(_ b: UnsafeBufferPointer<UInt8>) -> MT940Fields.Reading {
        let n = b.count
        var line = envelopeEnd(b)
        var first = line
        while first < n && isWhitespace(b[first]) { first += 1 }
        guard first < n else { return .skip }
        var last = n - 1
        while isWhitespace(b[last]) { last -= 1 }
        if b[first] == UInt8(ascii: "-") && (first == last || b[first + 1] == UInt8(ascii: "}")) { return .skip }
        // `-:61:...`: the message end written on the next tag's line.
        if n - line >= 2, b[line] == UInt8(ascii: "-"), b[line + 1] == UInt8(ascii: ":"), tag(b, at: line + 1) != nil { line += 1 }
        // An indented statement line or balance is still one.
        var indented = line
        while indented < n && (b[indented] == 0x20 || b[indented] == 0x09) { indented += 1 }
        if indented != line, let (tag, _) = tag(b, at: indented), MT940Fields.structural.contains(tag) { line = indented }
        if let (tag, rest) = tag(b, at: line) { return .tag(tag, .bytes(UnsafeBufferPointer(rebasing: b[rest..<n]))) }
        return .continuation(.bytes(UnsafeBufferPointer(rebasing: b[line..<n])))
    }

    /// The tag at `start` (`:61:`, `:60F:`, `:NS:`) and where the rest begins.
    static func tag(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        let count = b.count - start
        guard count >= 4, b[start] == UInt8(ascii: ":") else { return nil }
        if b[start + 1] == UInt8(ascii: "N"), b[start + 2] == UInt8(ascii: "S"), b[start + 3] == UInt8(ascii: ":") { return ("NS", start + 4) }
        guard isDigit(b[start + 1]), isDigit(b[start + 2]) else { return nil }
        if b[start + 3] == UInt8(ascii: ":") { return (String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<(start + 3)]), as: UTF8.self), start + 4) }
        guard count >= 5, b[start + 3] >= UInt8(ascii: "A"), b[start + 3] <= UInt8(ascii: "Z"), b[start + 4] == UInt8(ascii: ":") else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<(start + 4)]), as: UTF8.self), start + 5)
    }

    /// Where the line goes on after its leading `{n:...}` blocks and `{4:` opening (the
    /// line's end when a block is left open).
    static func envelopeEnd(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = b.count
        var i = 0
        while i < n && b[i] == UInt8(ascii: "{") {
            if n - i >= 3, b[i + 1] == UInt8(ascii: "4"), b[i + 2] == UInt8(ascii: ":") {
                i += 3
                continue
            }
            var depth = 0
            var end = n
            for j in i..<n {
                if b[j] == UInt8(ascii: "{") { depth += 1 }
                if b[j] == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 {
                        end = j + 1
                        break
                    }
                }
            }
            if end == n && depth != 0 { return n }
            i = end
        }
        return i
    }

    /// ASCII white space as `Character.isWhitespace` has it: tab, LF, VT, FF, CR, space.
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}

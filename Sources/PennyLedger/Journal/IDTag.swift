/// The `    ; id: 0123456789abcdef` tag line Penny writes under each entry: one reading for the
/// copy pass's id scan, the transaction scanner (round-ups, transfers, reports) and
/// recategorize's refiling, so an id one of them sees is an id all of them see (hex
/// digits in either case: a hand-copied entry may have upper-case ones).
public enum IDTag {
    /// The id on an indented `; id:` line, or nil for any other line.
    @inline(__always)
    public static func value(_ line: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard line.count >= 21, line[0] == 0x20 || line[0] == 0x09 else { return nil }
        var i = 1
        while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        guard line.count - i >= 21, line[i] == UInt8(ascii: ";"), line[i + 1] == 0x20, line[i + 2] == UInt8(ascii: "i"), line[i + 3] == UInt8(ascii: "d"),
            line[i + 4] == UInt8(ascii: ":")
        else { return nil }
        i += 5
        while i < line.count, line[i] == 0x20 { i += 1 }
        guard line.count - i >= 16 else { return nil }
        var value: UInt64 = 0
        for b in line[i..<(i + 16)] {
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x61...0x66: digit = b - 0x61 + 10
            case 0x41...0x46: digit = b - 0x41 + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// The same for a line held as text.
    public static func value(_ line: String) -> UInt64? {
        var line = line
        return line.withUTF8 { value($0) }
    }
}

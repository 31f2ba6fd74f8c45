import PennyCore

/// `MT940StatementLine(lines:currency:at:)` for an ASCII `:61:` field that reads, read as
/// bytes in place: only the values kept become strings (a test checks the two readings
/// against each other).
enum MT940StatementLineBytes {
    /// The statement line; nil when a byte is not ASCII or the line does not read (the
    /// reference reading then words the error).
    static func read(_ text: MT940FieldText, _ field: MT940Field, currency: Currency) -> MT940StatementLine? {
        guard text.isASCII(field) else { return nil }
        let b = text.line(field.lines.lowerBound)
        let n = b.count
        guard let value = MT940Values.date(b) else { return nil }
        var i = 6
        var entry: LocalDate?
        if n >= 10, isDigit(b[6]), isDigit(b[7]), isDigit(b[8]), isDigit(b[9]) {
            guard let nearest = MT940StatementLine.entryDate(month: pair(b, 6), day: pair(b, 8), near: value) else { return nil }
            entry = nearest
            i = 10
        }
        guard i < n else { return nil }
        let sign: Int64
        if n - i >= 2, b[i] == UInt8(ascii: "R"), b[i + 1] == UInt8(ascii: "C") || b[i + 1] == UInt8(ascii: "D") {
            sign = b[i + 1] == UInt8(ascii: "C") ? -1 : 1
            i += 2
        } else if b[i] == UInt8(ascii: "C") || b[i] == UInt8(ascii: "D") {
            sign = b[i] == UInt8(ascii: "C") ? 1 : -1
            i += 1
        } else {
            return nil
        }
        // A funds code.
        if i < n, (b[i] | 0x20) >= 0x61, (b[i] | 0x20) <= 0x7A { i += 1 }
        let amountStart = i
        var hasComma = false
        while i < n, isDigit(b[i]) || b[i] == UInt8(ascii: ",") {
            if b[i] == UInt8(ascii: ",") { hasComma = true }
            i += 1
        }
        let amount = UnsafeBufferPointer(rebasing: b[amountStart..<i])
        guard let units = MT940Values.amount(bytes: amount, currency, wholeUnits: !hasComma) else { return nil }
        guard n - i >= 4, b[i] == UInt8(ascii: "N") || b[i] == UInt8(ascii: "F") || b[i] == UInt8(ascii: "S") else { return nil }
        let (customer, bank) = references(UnsafeBufferPointer(rebasing: b[(i + 4)..<n]))
        return MT940StatementLine(
            valueDate: value, entryDate: entry, minorUnits: sign * units, typeCode: string(UnsafeBufferPointer(rebasing: b[i..<(i + 4)])),
            customerReference: customer, bankReference: bank, supplementary: supplementary(text, field))
    }

    /// The owner's reference and the bank's (after `//`), trimmed; `NONREF` as the bank's
    /// is none.
    private static func references(_ rest: UnsafeBufferPointer<UInt8>) -> (customer: String, bank: String?) {
        let n = rest.count
        var i = 0
        while i < n, rest[i] != UInt8(ascii: "/") || i + 1 == n || rest[i + 1] != UInt8(ascii: "/") { i += 1 }
        guard i < n else { return (string(trimmed(rest)), nil) }
        let bank = trimmed(UnsafeBufferPointer(rebasing: rest[(i + 2)..<n]))
        let customer = string(trimmed(UnsafeBufferPointer(rebasing: rest[0..<i])))
        return (customer, bank.isEmpty || isNonref(bank) ? nil : string(bank))
    }

    /// The lines after the first, each trimmed of spaces and tabs, the empty ones left out,
    /// joined with a space; nil when none is left.
    private static func supplementary(_ text: MT940FieldText, _ field: MT940Field) -> String? {
        var capacity = 0
        for k in field.lines.dropFirst() { capacity += text.line(k).count + 1 }
        guard capacity > 0 else { return nil }
        let joined = String(unsafeUninitializedCapacity: capacity) { out in
            var count = 0
            for k in field.lines.dropFirst() {
                let line = text.line(k)
                var start = 0, end = line.count
                while start < end && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
                while end > start && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
                guard end > start else { continue }
                if count > 0 {
                    out[count] = 0x20
                    count += 1
                }
                for j in start..<end {
                    out[count] = line[j]
                    count += 1
                }
            }
            return count
        }
        return joined.isEmpty ? nil : joined
    }

    /// True for `NONREF` in any case.
    static func isNonref(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 6 && zip(bytes, "NONREF".utf8).allSatisfy { ($0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0) == $1 }
    }

    /// Without leading and trailing white space (`Character.isWhitespace` in ASCII).
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end && MT940FieldBytes.isWhitespace(bytes[start]) { start += 1 }
        while end > start && MT940FieldBytes.isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private static func pair(_ b: UnsafeBufferPointer<UInt8>, _ k: Int) -> Int { Int(b[k] - 0x30) * 10 + Int(b[k + 1] - 0x30) }
}

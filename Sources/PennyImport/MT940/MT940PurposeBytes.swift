/// `MT940Purpose(lines:)` read as bytes in place for a structured `:86:` field (in any
/// text: its separators are ASCII) and for ASCII free text: only the values kept become
/// strings (a test checks the two readings against each other).
enum MT940PurposeBytes {
    /// A structured field's subfield: its code and where its text lies.
    private struct Piece {
        let code: Int
        let start: Int
        let end: Int
    }

    /// The purpose of a `:61:` line's `:86:` fields; nil for free text that is not ASCII.
    static func read(_ text: MT940FieldText, _ details: ArraySlice<MT940Field>) -> MT940Purpose? {
        // One field's lines lie one after another: they are their own joining.
        if details.count == 1 { return read(text, details, joined: text.joined(details[details.startIndex])) }
        // Several fields: each one's lines joined with a space, then all of them.
        var joined: [UInt8] = []
        for field in details {
            for k in field.lines {
                if k != field.lines.lowerBound { joined.append(0x20) }
                joined.append(contentsOf: text.line(k))
            }
        }
        return joined.withUnsafeBufferPointer { read(text, details, joined: $0) }
    }

    /// A structured field's subfields are cut at ASCII separators, in any text; free text
    /// is read as bytes when ASCII.
    private static func read(_ text: MT940FieldText, _ details: ArraySlice<MT940Field>, joined: UnsafeBufferPointer<UInt8>) -> MT940Purpose? {
        if MT940Purpose.isStructured(joined) { return structured(joined) }
        return joined.allSatisfy { $0 < 0x80 } ? freeText(text, details) : nil
    }

    /// Free text: every line trimmed, joined with a space, white space squeezed; in ASCII
    /// a line's end is white space like the spaces and tabs trimmed at it.
    private static func freeText(_ text: MT940FieldText, _ details: ArraySlice<MT940Field>) -> MT940Purpose {
        var capacity = 0
        for field in details { for k in field.lines { capacity += text.line(k).count + 1 } }
        let joined = String(unsafeUninitializedCapacity: capacity) { out in
            var squeeze = MT940Squeeze(out: out)
            for field in details {
                for k in field.lines {
                    squeeze.add(text.line(k))
                    squeeze.space()
                }
            }
            return squeeze.count
        }
        return MT940Purpose(text: joined, postingText: nil, counterpartyName: nil, counterpartyIBAN: nil)
    }

    /// A structured field (`166?00GUTSCHRIFT?20...`): the subfields after each separator,
    /// by their two-digit code, each code's in order.
    private static func structured(_ bytes: UnsafeBufferPointer<UInt8>) -> MT940Purpose {
        let separator = bytes[3]
        // A subfield takes two digits and a separator: at most a third of the bytes.
        return withUnsafeTemporaryAllocation(of: Piece.self, capacity: bytes.count / 3 + 1) { buffer in
            var count = 0
            var i = 4
            while i < bytes.count {
                var end = i
                while end < bytes.count && bytes[end] != separator { end += 1 }
                if end - i >= 2, MT940FieldBytes.isDigit(bytes[i]), MT940FieldBytes.isDigit(bytes[i + 1]) {
                    buffer.initializeElement(at: count, to: Piece(code: Int(bytes[i] - 0x30) * 10 + Int(bytes[i + 1] - 0x30), start: i + 2, end: end))
                    count += 1
                }
                i = end + 1
            }
            let pieces = UnsafeBufferPointer(rebasing: buffer[0..<count])
            defer { buffer.baseAddress!.deinitialize(count: count) }
            return purpose(bytes, pieces)
        }
    }

    /// `?20`–`?29` and `?60`–`?63`: the remittance text.
    private static let remittanceCodes = Array(20...29) + Array(60...63)
    /// `?00`: the posting text.
    private static let postingCodes = [0]
    /// `?32` and `?33`: the other party's name.
    private static let nameCodes = [32, 33]

    /// The values of a structured field's subfields.
    private static func purpose(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: UnsafeBufferPointer<Piece>) -> MT940Purpose {
        let posting = pieces.contains { $0.code == 0 } ? squeezed(bytes, pieces, codes: postingCodes) : nil
        let hasRemittance = pieces.contains { $0.end > $0.start && remittanceCodes.contains($0.code) }
        // Text that is not ASCII is squeezed by characters, and squeezed once more as the
        // remittance text when there is none.
        let text = hasRemittance ? squeezed(bytes, pieces, codes: remittanceCodes) : posting.map { $0.utf8.allSatisfy { $0 < 0x80 } ? $0 : MT940Purpose.squeeze($0) } ?? ""
        let name = squeezed(bytes, pieces, codes: nameCodes)
        return MT940Purpose(
            text: text, postingText: posting.flatMap { $0.isEmpty ? nil : $0 }, counterpartyName: name.isEmpty ? nil : name,
            counterpartyIBAN: iban(bytes, pieces))
    }

    /// The subfields of `codes`, in that order, joined and squeezed (by characters, as
    /// `MT940Purpose.squeeze`, when not ASCII).
    private static func squeezed(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: UnsafeBufferPointer<Piece>, codes: [Int]) -> String {
        var capacity = 0
        var isASCII = true
        for piece in pieces where codes.contains(piece.code) {
            capacity += piece.end - piece.start
            if isASCII { isASCII = bytes[piece.start..<piece.end].allSatisfy { $0 < 0x80 } }
        }
        guard capacity > 0 else { return "" }
        let joined = String(unsafeUninitializedCapacity: capacity) { out in
            var squeeze = MT940Squeeze(out: out, squeezing: isASCII)
            for code in codes {
                for piece in pieces where piece.code == code { squeeze.add(UnsafeBufferPointer(rebasing: bytes[piece.start..<piece.end])) }
            }
            return squeeze.count
        }
        return isASCII ? joined : MT940Purpose.squeeze(joined)
    }

    /// `?31` without its spaces, when it looks like an IBAN: 15 characters or more, two
    /// letters and two digits first (`MT940Purpose.iban` for text that is not ASCII).
    private static func iban(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: UnsafeBufferPointer<Piece>) -> String? {
        var account: [UInt8] = []
        for piece in pieces where piece.code == 31 { account += bytes[piece.start..<piece.end] }
        guard account.allSatisfy({ $0 < 0x80 }) else { return MT940Purpose.iban(String(decoding: account, as: UTF8.self)) }
        account.removeAll { $0 == 0x20 }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        guard account.count >= 15, isLetter(account[0]), isLetter(account[1]), MT940FieldBytes.isDigit(account[2]), MT940FieldBytes.isDigit(account[3]) else {
            return nil
        }
        return String(decoding: account, as: UTF8.self)
    }
}

/// Runs of ASCII white space as one space, trimmed (`MT940Purpose.squeeze`), written
/// into a buffer as large as the bytes given plus one for each `space()`; or, not
/// `squeezing`, the bytes as they are.
struct MT940Squeeze {
    /// Where the squeezed text goes.
    let out: UnsafeMutableBufferPointer<UInt8>
    /// False to copy the bytes as they come.
    let squeezing: Bool
    /// The bytes written.
    private(set) var count = 0
    private var pendingSpace = false

    /// Writes into `out`.
    init(out: UnsafeMutableBufferPointer<UInt8>, squeezing: Bool = true) {
        self.out = out
        self.squeezing = squeezing
    }

    /// Takes more text, right after the text before.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard squeezing else {
            for byte in bytes {
                out[count] = byte
                count += 1
            }
            return
        }
        for byte in bytes {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = count > 0
            } else {
                if pendingSpace {
                    out[count] = 0x20
                    count += 1
                }
                pendingSpace = false
                out[count] = byte
                count += 1
            }
        }
    }

    /// Takes white space (where two lines meet).
    mutating func space() { pendingSpace = count > 0 }
}

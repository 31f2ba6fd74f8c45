/// A `:86:` information field: German structured (`166?00text?20purpose...?32name`) or
/// free text.
struct MT940Purpose {
    /// The remittance text: `?20`–`?29` and `?60`–`?63` joined, or the free text.
    let text: String
    /// `?00`: the posting text (`SEPA-UEBERW`, `GUTSCHRIFT`).
    let postingText: String?
    /// `?32` and `?33`: the other party's name.
    let counterpartyName: String?
    /// `?31` when it is an IBAN.
    let counterpartyIBAN: String?

    /// The values as they are.
    init(text: String, postingText: String?, counterpartyName: String?, counterpartyIBAN: String?) {
        self.text = text
        self.postingText = postingText
        self.counterpartyName = counterpartyName
        self.counterpartyIBAN = counterpartyIBAN
    }

    /// Reads the field's lines. Structured subfields are cut at fixed widths, so their
    /// lines are joined as they are; free-text lines are joined with a space.
    ///
    /// This is the reading of a field that is not ASCII, and the reference the byte
    /// reading of an ASCII field (`MT940PurposeBytes`) is checked against.
    init(lines: [String]) {
        let joined = lines.joined()
        let bytes = Array(joined.utf8)
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard bytes.withUnsafeBufferPointer(Self.isStructured) else {
            text = Self.squeeze(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
            postingText = nil
            counterpartyName = nil
            counterpartyIBAN = nil
            return
        }
        var subfields: [Int: String] = [:]
        for piece in bytes.dropFirst(4).split(separator: bytes[3], omittingEmptySubsequences: true) {
            guard piece.count >= 2, isDigit(piece[piece.startIndex]), isDigit(piece[piece.startIndex + 1]) else { continue }
            let code = Int(piece[piece.startIndex] - 0x30) * 10 + Int(piece[piece.startIndex + 1] - 0x30)
            subfields[code, default: ""] += String(decoding: piece.dropFirst(2), as: UTF8.self)
        }
        let purpose = (Array(20...29) + Array(60...63)).compactMap { subfields[$0] }.joined()
        let posting = subfields[0].map(Self.squeeze)
        text = Self.squeeze(purpose.isEmpty ? (posting ?? "") : purpose)
        postingText = posting.flatMap { $0.isEmpty ? nil : $0 }
        let name = Self.squeeze((subfields[32] ?? "") + (subfields[33] ?? ""))
        counterpartyName = name.isEmpty ? nil : name
        counterpartyIBAN = Self.iban(subfields[31] ?? "")
    }

    /// True for a structured field (`166?00`): three digits, a separator that is ASCII
    /// but no space, digit or letter, and two digits (read as bytes).
    static func isStructured(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        return bytes.count >= 6 && isDigit(bytes[0]) && isDigit(bytes[1]) && isDigit(bytes[2]) && bytes[3] < 0x80 && bytes[3] != 0x20 && !isDigit(bytes[3])
            && !((bytes[3] | 0x20) >= 0x61 && (bytes[3] | 0x20) <= 0x7A) && isDigit(bytes[4]) && isDigit(bytes[5])
    }

    /// `?31` without its spaces, when it looks like an IBAN: 15 characters or more, two
    /// letters and two digits first.
    static func iban(_ subfield: String) -> String? {
        let account = subfield.filter { $0 != " " }
        let looksIBAN = account.count >= 15 && account.prefix(2).allSatisfy(\.isLetter) && account.dropFirst(2).prefix(2).allSatisfy(\.isNumber)
        return looksIBAN ? account : nil
    }

    /// Runs of white space as one space, trimmed.
    static func squeeze(_ text: String) -> String {
        // ASCII text (most of it) without looking up Unicode properties per character.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

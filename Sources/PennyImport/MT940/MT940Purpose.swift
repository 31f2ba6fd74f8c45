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

    /// Reads the field's lines. Structured subfields are cut at fixed widths, so their
    /// lines are joined as they are; free-text lines are joined with a space.
    init(lines: [String]) {
        let joined = lines.joined()
        let chars = Array(joined.prefix(6))
        let structured =
            chars.count == 6 && chars[0...2].allSatisfy { $0.isASCII && $0.isNumber } && !chars[3].isLetter && !chars[3].isNumber
            && chars[3] != " " && chars[4...5].allSatisfy { $0.isASCII && $0.isNumber }
        guard structured else {
            text = Self.squeeze(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
            postingText = nil
            counterpartyName = nil
            counterpartyIBAN = nil
            return
        }
        var subfields: [Int: String] = [:]
        for piece in joined.dropFirst(4).split(separator: chars[3], omittingEmptySubsequences: true) {
            guard piece.count >= 2, let code = Int(piece.prefix(2)) else { continue }
            subfields[code, default: ""] += piece.dropFirst(2)
        }
        let purpose = (Array(20...29) + Array(60...63)).compactMap { subfields[$0] }.joined()
        let posting = subfields[0].map(Self.squeeze)
        text = Self.squeeze(purpose.isEmpty ? (posting ?? "") : purpose)
        postingText = posting.flatMap { $0.isEmpty ? nil : $0 }
        let name = Self.squeeze((subfields[32] ?? "") + (subfields[33] ?? ""))
        counterpartyName = name.isEmpty ? nil : name
        let account = (subfields[31] ?? "").filter { $0 != " " }
        let looksIBAN = account.count >= 15 && account.prefix(2).allSatisfy(\.isLetter) && account.dropFirst(2).prefix(2).allSatisfy(\.isNumber)
        counterpartyIBAN = looksIBAN ? account : nil
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

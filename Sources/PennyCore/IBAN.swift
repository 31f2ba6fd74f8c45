/// The International Bank Account Number's shape and check digits (ISO 13616).
public enum IBAN {
    /// True when `text` (spaces and case already ignored by the caller or not) is an IBAN
    /// whose check digits hold: two letters, two digits, 11 to 30 letters or digits, and
    /// the number mod 97 equal to 1.
    ///
    /// - Complexity: O(n) in the text's length.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8.filter { $0 != UInt8(ascii: " ") }).map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
        guard bytes.count >= 15, bytes.count <= 34 else { return false }
        guard isLetter(bytes[0]), isLetter(bytes[1]), isDigit(bytes[2]), isDigit(bytes[3]) else { return false }
        guard bytes.allSatisfy({ isLetter($0) || isDigit($0) }) else { return false }
        var remainder = 0
        for byte in bytes[4...] + bytes[..<4] {
            if isDigit(byte) {
                remainder = (remainder * 10 + Int(byte - 48)) % 97
            } else {
                remainder = (remainder * 100 + Int(byte - 55)) % 97
            }
        }
        return remainder == 1
    }

    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}

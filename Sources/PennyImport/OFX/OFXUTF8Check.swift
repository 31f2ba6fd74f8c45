/// Whether bytes handed over in parts are valid UTF-8, as `String(validating:)` finds the
/// whole: each part is validated up to its last whole character and the rest carried to the
/// next part. Valid UTF-8 splits only between characters, so the whole is valid exactly
/// when every piece cut there is.
struct OFXUTF8Check {
    /// False once a piece was not valid UTF-8.
    private(set) var isValid = true
    /// The start of a character the last part ended in (at most 3 bytes).
    private var carry: [UInt8] = []

    /// Looks at the next part.
    mutating func add(_ part: UnsafeBufferPointer<UInt8>) {
        guard isValid else { return }
        var start = 0
        if let lead = carry.first {
            let needed = Self.length(lead) - carry.count
            guard part.count >= needed else { return carry += part }
            carry += part[0..<needed]
            isValid = carry.withUnsafeBufferPointer { Self.validates($0) }
            carry = []
            start = needed
            guard isValid else { return }
        }
        // A character that starts in the last 3 bytes and does not end in them is carried.
        var cut = part.count
        var j = part.count - 1
        while j >= start, j >= part.count - 3, part[j] >= 0x80 {
            if part[j] >= 0xC0 {
                if j + Self.length(part[j]) > part.count { cut = j }
                break
            }
            j -= 1
        }
        isValid = Self.validates(UnsafeBufferPointer(rebasing: part[start..<cut]))
        carry = Array(part[cut...])
    }

    /// Whether all the parts were valid UTF-8, ending with a whole character.
    func finish() -> Bool { isValid && carry.isEmpty }

    /// The bytes a character of this first byte (0xC0 or more) takes.
    private static func length(_ lead: UInt8) -> Int { lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2 }

    private static func validates(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 >= 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }
}

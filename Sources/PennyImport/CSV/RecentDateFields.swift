import PennyCore

/// Date fields' bytes (up to 16) and the dates read from them: the last field seen for each
/// of 1,024 hashes of the bytes (direct-mapped). A day's rows repeat one field; an unordered
/// file's rows come back to a year's few hundred, which were parsed again for every row (a
/// twentieth of a shuffled file's reading).
struct RecentDateFields {
    private struct Slot {
        var words: (UInt64, UInt64) = (0, 0)
        var count = -1
        var value = LocalDate(dayNumber: 0)
    }

    private static let slotBits = 10
    private var slots = [Slot](repeating: Slot(), count: 1 << RecentDateFields.slotBits)

    /// The field's bytes as two words (zero past its end) and its slot; nil for a field
    /// longer than 16 bytes.
    @inline(__always)
    private static func key(_ field: UnsafeBufferPointer<UInt8>) -> (words: (UInt64, UInt64), slot: Int)? {
        guard field.count <= 16, let base = field.baseAddress else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: field.count) }
        let mixed = (words.0 ^ (words.1 &* 0xD6E8_FEB8_6659_FD93) ^ UInt64(field.count)) &* 0x9E37_79B9_7F4A_7C15
        return (words, Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits)))
    }

    /// The date remembered for exactly these bytes, if any.
    func date(of field: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard let (words, slot) = Self.key(field) else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let kept = slots[slot]
            return kept.count == field.count && kept.words == words ? kept.value : nil
        }
    }

    /// Remembers `date` as read from `field` (a field longer than 16 bytes is not kept).
    mutating func remember(_ field: UnsafeBufferPointer<UInt8>, _ date: LocalDate) {
        guard let (words, slot) = Self.key(field) else { return }
        slots[slot] = Slot(words: words, count: field.count, value: date)
    }
}

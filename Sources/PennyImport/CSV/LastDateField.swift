import PennyCore

/// A date field's bytes (up to 16) and the date read from them.
struct LastDateField {
    private var bytes: (UInt64, UInt64) = (0, 0)
    private var count = -1
    private var value = LocalDate(dayNumber: 0)

    /// The date remembered for exactly these bytes, if any.
    func date(of field: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard field.count == count else { return nil }
        return withUnsafeBytes(of: bytes) { kept in
            for i in 0..<count where kept[i] != field[i] { return nil }
            return value
        }
    }

    /// Remembers `date` as read from `field` (a field longer than 16 bytes is not kept).
    mutating func remember(_ field: UnsafeBufferPointer<UInt8>, _ date: LocalDate) {
        guard field.count <= 16, let base = field.baseAddress else { return }
        bytes = (0, 0)
        withUnsafeMutableBytes(of: &bytes) { $0.baseAddress!.copyMemory(from: base, byteCount: field.count) }
        count = field.count
        value = date
    }
}

/// A number's decimal digits kept from one call to the next: a row's source line is
/// usually the last row's plus one, and its digits are then counted up in place (a carry
/// through trailing nines) instead of divided out again.
struct CountingDigits {
    /// Up to 24 digits, right-aligned (the last byte is the units digit).
    private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// How many digits `storage` holds (0 before the first number).
    private var count = 0
    /// The number the digits spell.
    private var value = 0

    /// Makes `number` (not negative) the current one.
    mutating func set(_ number: Int) {
        precondition(number >= 0, "a line number is not negative")
        if count > 0 && number == value &+ 1 {
            value = number
            withUnsafeMutableBytes(of: &storage) { b in
                var at = 23
                while at >= 24 - count && b[at] == UInt8(ascii: "9") {
                    b[at] = UInt8(ascii: "0")
                    at -= 1
                }
                if at < 24 - count {
                    b[at] = UInt8(ascii: "1")
                    count += 1
                } else {
                    b[at] += 1
                }
            }
            return
        }
        value = number
        var rest = number
        count = 0
        withUnsafeMutableBytes(of: &storage) { b in
            repeat {
                count += 1
                b[24 - count] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            } while rest > 0
        }
    }

    /// Calls `body` with the current number's digits.
    mutating func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let count = self.count
        return withUnsafeBytes(of: &storage) { body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[(24 - count)...])) }
    }
}

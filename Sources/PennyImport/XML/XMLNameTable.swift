/// The element names a reader cares about, found by the address libxml2 interned them at.
///
/// libxml2's parser keeps every element name once in its dictionary, so a name is known by
/// its pointer: one multiplicative hash and a compare per element instead of making a
/// `String` and comparing text. The slots are one allocation, freed in `deinit`.
final class XMLNameTable {
    /// Slots in the open-addressing table: a power of two well above the names it holds.
    private static let slotBits = 10
    private static let mask = (1 << slotBits) - 1
    private let keys: UnsafeMutablePointer<UnsafeRawPointer?>
    private let values: UnsafeMutablePointer<Int32>

    /// A table of `pointers[i] → i`; nil pointers are left out.
    init(pointers: [UnsafeRawPointer?]) {
        precondition(pointers.count < (1 << Self.slotBits) / 4, "too many names for the table")
        keys = .allocate(capacity: 1 << Self.slotBits)
        keys.initialize(repeating: nil, count: 1 << Self.slotBits)
        values = .allocate(capacity: 1 << Self.slotBits)
        values.initialize(repeating: -1, count: 1 << Self.slotBits)
        for (index, pointer) in pointers.enumerated() {
            guard let pointer else { continue }
            var slot = Self.slot(of: pointer)
            while let key = keys[slot], key != pointer { slot = (slot + 1) & Self.mask }
            keys[slot] = pointer
            values[slot] = Int32(index)
        }
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// The index of the interned name at `pointer`, or -1 when it is none of the table's.
    func index(of pointer: UnsafeRawPointer) -> Int {
        var slot = Self.slot(of: pointer)
        while true {
            guard let key = keys[slot] else { return -1 }
            if key == pointer { return Int(values[slot]) }
            slot = (slot + 1) & Self.mask
        }
    }

    private static func slot(of pointer: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: pointer) &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - slotBits))
    }
}

/// The member names a parse has made, by a hash of their bytes: the entries of a list
/// spell the same names over and over, and a name found here is not made again (nor, past
/// fifteen bytes, allocated again). Names longer than `longest` bytes are always made.
struct JSONNameCache {
    private static let slotCount = 64
    private static let longest = 48
    private var names = [String](repeating: "", count: slotCount)
    /// Each slot's name's bytes, `longest` bytes a slot.
    private var bytes = [UInt8](repeating: 0, count: slotCount * longest)
    private var counts = [Int](repeating: -1, count: slotCount)

    /// The name whose bytes (well-formed UTF-8, without escapes) are `name`.
    mutating func name(_ name: UnsafeBufferPointer<UInt8>) -> String {
        let count = name.count
        guard let base = name.baseAddress, count > 0, count <= Self.longest else { return String(decoding: name, as: UTF8.self) }
        let slot = (count &* 31 &+ Int(base[0]) &* 7 &+ Int(base[count - 1]) &* 3 &+ Int(base[count / 2])) & (Self.slotCount - 1)
        if counts[slot] == count, bytes.withUnsafeBufferPointer({ Self.equal($0.baseAddress! + slot * Self.longest, base, count) }) {
            return names[slot]
        }
        let made = String(decoding: name, as: UTF8.self)
        names[slot] = made
        counts[slot] = count
        bytes.withUnsafeMutableBufferPointer { ($0.baseAddress! + slot * Self.longest).update(from: base, count: count) }
        return made
    }

    /// True when the `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        while count - k >= 8 {
            if UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self) { return false }
            k += 8
        }
        while k < count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }
}

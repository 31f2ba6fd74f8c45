import Foundation

/// The tags of an OFX file, each distinct tag read once: what lies between `<` and `>`
/// (its bytes) to what it is, with the names upper-cased and numbered.
///
/// A tag's reading is exactly the one of a `String`: trimmed of `.whitespaces`, a leading
/// `/` for an end tag, a trailing `/` for an empty element, and a name of letters (any
/// script), digits, `.`, `_` and `-`; the bytes only pick the cached reading. The table of
/// short tags is one allocation of plain values (freed in `deinit`): a tag read again costs
/// one hash and one compare, with no reference counting.
final class OFXTagNames {
    /// What a tag is.
    enum Reading: Equatable {
        case open(Int), close(Int), empty(Int)
        /// Not a name (`malformedName` gives it as written, for the error).
        case malformed
    }

    /// Up to 24 bytes of a tag, packed, with its length.
    private struct Key: Equatable {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, count = 0

        /// A slot of a table of `mask + 1` slots.
        func slot(_ mask: Int) -> Int {
            let mixed = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (c &* 0x1656_67B1_9E37_79F9) ^ UInt64(count)
            return Int(truncatingIfNeeded: mixed ^ (mixed >> 29)) & mask
        }
    }

    private struct Entry {
        var key = Key()
        var reading = Reading.malformed
        var used = false
    }

    /// The names, upper-cased, by number.
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]
    private var entries: UnsafeMutablePointer<Entry>
    private var slotCount = 256
    private var used = 0
    private var long: [String: Reading] = [:]

    /// An empty table.
    init() {
        entries = .allocate(capacity: slotCount)
        entries.initialize(repeating: Entry(), count: slotCount)
    }

    deinit { entries.deallocate() }

    /// What the tag of these bytes (between `<` and `>`) is.
    func read(_ tag: UnsafeBufferPointer<UInt8>) -> Reading {
        guard tag.count <= 24 else { return readLong(tag) }
        var key = Key(count: tag.count)
        if let base = tag.baseAddress {
            // The bytes fill `a`, `b`, `c` in order (their layout); the rest stays 0.
            withUnsafeMutablePointer(to: &key) { UnsafeMutableRawPointer($0).copyMemory(from: base, byteCount: tag.count) }
        }
        let mask = slotCount - 1
        var slot = key.slot(mask)
        while entries[slot].used {
            if entries[slot].key == key { return entries[slot].reading }
            slot = (slot + 1) & mask
        }
        let reading = Self.reading(String(decoding: tag, as: UTF8.self), number: { number($0) })
        if reading != .malformed { remember(key, reading) }
        return reading
    }

    /// The name of a malformed tag as written: trimmed, without the `/` of an end tag.
    static func malformedName(_ tag: UnsafeBufferPointer<UInt8>) -> String {
        var name = String(decoding: tag, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("/") { name.removeFirst() }
        return name
    }

    private func readLong(_ tag: UnsafeBufferPointer<UInt8>) -> Reading {
        let text = String(decoding: tag, as: UTF8.self)
        if let known = long[text] { return known }
        let reading = Self.reading(text, number: { number($0) })
        if reading != .malformed { long[text] = reading }
        return reading
    }

    private func remember(_ key: Key, _ reading: Reading) {
        used += 1
        if used * 2 > slotCount {
            let old = entries
            let oldCount = slotCount
            slotCount *= 2
            entries = .allocate(capacity: slotCount)
            entries.initialize(repeating: Entry(), count: slotCount)
            for index in 0..<oldCount where old[index].used { place(old[index]) }
            old.deallocate()
        }
        place(Entry(key: key, reading: reading, used: true))
    }

    private func place(_ entry: Entry) {
        let mask = slotCount - 1
        var slot = entry.key.slot(mask)
        while entries[slot].used { slot = (slot + 1) & mask }
        entries[slot] = entry
    }

    private func number(_ name: String) -> Int {
        if let known = numbers[name] { return known }
        names.append(name)
        numbers[name] = names.count - 1
        return names.count - 1
    }

    /// The reading of a tag's text.
    private static func reading(_ text: String, number: (String) -> Int) -> Reading {
        var name = text.trimmingCharacters(in: .whitespaces)
        let isClose = name.hasPrefix("/")
        if isClose { name.removeFirst() }
        if name.hasSuffix("/") {
            name.removeLast()
            return .empty(number(name.uppercased()))
        }
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-" })
        else { return .malformed }
        return isClose ? .close(number(name.uppercased())) : .open(number(name.uppercased()))
    }
}

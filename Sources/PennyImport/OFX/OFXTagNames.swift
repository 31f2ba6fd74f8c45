import Foundation

/// The tags of an OFX file, each distinct tag read once: what lies between `<` and `>`
/// (its bytes) to what it is, with the names upper-cased and numbered.
///
/// A tag's reading is exactly the one of a `String`: trimmed of `.whitespaces`, a leading
/// `/` for an end tag, a trailing `/` for an empty element, and a name of letters (any
/// script), digits, `.`, `_` and `-`; the bytes only pick the cached reading.
struct OFXTagNames {
    /// What a tag is.
    enum Reading {
        case open(Int), close(Int), empty(Int)
        /// Not a name: the name as written (trimmed, without the `/` of an end tag).
        case malformed(String)
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

    /// The names, upper-cased, by number.
    private(set) var names: [String] = []
    /// Each name's UTF-8 bytes, by number.
    private(set) var bytes: [[UInt8]] = []
    private var numbers: [String: Int] = [:]
    /// Short tags read so far, and an open-addressing table of their indexes (-1: empty).
    private var shortTags: [(key: Key, reading: Reading)] = []
    private var slots = [Int](repeating: -1, count: 256)
    private var long: [String: Reading] = [:]

    /// What the tag of these bytes (between `<` and `>`) is.
    mutating func read(_ tag: ArraySlice<UInt8>) -> Reading {
        guard tag.count <= 24 else {
            let text = String(decoding: tag, as: UTF8.self)
            if let known = long[text] { return known }
            let reading = Self.reading(text, number: { number($0) })
            if case .malformed = reading {} else { long[text] = reading }
            return reading
        }
        var key = Key(count: tag.count)
        var shift: UInt64 = 0
        var word = 0
        for byte in tag {
            let value = UInt64(byte) << shift
            switch word {
            case 0: key.a |= value
            case 1: key.b |= value
            default: key.c |= value
            }
            shift += 8
            if shift == 64 {
                shift = 0
                word += 1
            }
        }
        var slot = key.slot(slots.count - 1)
        while slots[slot] >= 0 {
            if shortTags[slots[slot]].key == key { return shortTags[slots[slot]].reading }
            slot = (slot + 1) & (slots.count - 1)
        }
        let reading = Self.reading(String(decoding: tag, as: UTF8.self), number: { number($0) })
        if case .malformed = reading {} else { remember(key, reading) }
        return reading
    }

    private mutating func remember(_ key: Key, _ reading: Reading) {
        shortTags.append((key, reading))
        if shortTags.count * 2 > slots.count {
            slots = [Int](repeating: -1, count: slots.count * 2)
            for index in shortTags.indices { place(index) }
        } else {
            place(shortTags.count - 1)
        }
    }

    private mutating func place(_ index: Int) {
        var slot = shortTags[index].key.slot(slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = index
    }

    private mutating func number(_ name: String) -> Int {
        if let known = numbers[name] { return known }
        names.append(name)
        bytes.append(Array(name.utf8))
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
        else { return .malformed(name) }
        return isClose ? .close(number(name.uppercased())) : .open(number(name.uppercased()))
    }
}

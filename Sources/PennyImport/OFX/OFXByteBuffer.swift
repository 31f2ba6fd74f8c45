import Foundation

/// A growing run of bytes in one allocation, reused (freed in `deinit`): what the OFX
/// normalizer writes its XML into, with no uniqueness check or reference count per byte
/// (not copyable, so it lives inside its owner and is never shared).
struct OFXByteBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are held.
    private(set) var count = 0

    /// An empty buffer of `capacity` bytes (it grows past them).
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer holding `bytes`.
    init(copying bytes: [UInt8]) {
        capacity = max(bytes.count, 64)
        let target = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bytes.withUnsafeBufferPointer { if let source = $0.baseAddress { target.update(from: source, count: $0.count) } }
        base = target
        count = bytes.count
    }

    deinit { base.deallocate() }

    /// The bytes held, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Adds one byte.
    @inline(__always) mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        base[count] = byte
        count += 1
    }

    /// Adds `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Adds an ASCII literal.
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Adds a text's UTF-8 bytes.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Forgets the first `dropped` bytes, moving the rest to the start.
    mutating func removeFirst(_ dropped: Int) {
        guard dropped > 0 else { return }
        memmove(base, base + dropped, count - dropped)
        count -= dropped
    }

    /// Forgets the bytes, keeping the allocation.
    mutating func removeAll() { count = 0 }

    private mutating func grow(_ added: Int) {
        let grown = max(capacity * 2, count + added)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}

import Foundation

/// What identifies one version of a ledger file for its index sidecar: its `FileIdentity`
/// (device, inode, size, modification time), its change time in nanoseconds, and a hash of
/// its first and last 4 KiB.
///
/// A rename gives a new inode; an edit in place changes the times (and `touch` cannot set
/// the change time back); the hash catches a tool that restores both size and times.
/// The round-ups' sidecar (`roundups.state`) records the same stamp, as a line. Stamps are
/// equal when their words are: the file's type is not recorded.
public struct LedgerStamp: Equatable, Sendable {
    var identity: FileIdentity
    var changed: Int64 = 0
    var contentHash: UInt64 = 0

    /// The words of the stamp, in the index header's order.
    var words: [UInt64] {
        [identity.device, identity.inode, UInt64(bitPattern: identity.size), UInt64(bitPattern: identity.modified), UInt64(bitPattern: changed), contentHash]
    }

    /// Stamps of the same words.
    public static func == (a: LedgerStamp, b: LedgerStamp) -> Bool { a.words == b.words }

    /// Reads a stamp back from its words (all zero when there are not six).
    init(words: some Collection<UInt64>) {
        let w = Array(words)
        guard w.count == 6 else {
            identity = FileIdentity(device: 0, inode: 0, size: 0, modified: 0, kind: .regular)
            return
        }
        identity = FileIdentity(device: w[0], inode: w[1], size: Int64(bitPattern: w[2]), modified: Int64(bitPattern: w[3]), kind: .regular)
        (changed, contentHash) = (Int64(bitPattern: w[4]), w[5])
    }

    /// The ledger at `path` as it is now; nil when it cannot be read, or it changed while
    /// its stamp was taken.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let stamp = LedgerStamp(descriptor: descriptor), let after = FileIdentity(descriptor: descriptor),
            after.size == stamp.identity.size, after.modified == stamp.identity.modified
        else { return nil }
        self = stamp
    }

    /// The stamp as one line of text: `ledger` and its six words in hex.
    public var line: String { (["ledger"] + words.map { String($0, radix: 16) }).joined(separator: " ") }

    /// A stamp read back from `line`; nil when it is not one.
    public init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 7, parts[0] == "ledger" else { return nil }
        let words = parts.dropFirst().compactMap { UInt64($0, radix: 16) }
        guard words.count == 6 else { return nil }
        self.init(words: words)
    }

    /// The stamp of the open file `descriptor` (one `fstat`, then its edges); nil when it
    /// cannot be read.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        identity = FileIdentity(status)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        guard let hash = Self.edgeHash(descriptor, size: Int(identity.size)) else { return nil }
        contentHash = hash
    }

    /// The hash of the first and last 4 KiB (the whole file when smaller).
    private static func edgeHash(_ descriptor: Int32, size: Int) -> UInt64? {
        let edge = 4096
        var bytes = [UInt8](repeating: 0, count: min(size, 2 * edge))
        let ranges = size <= 2 * edge ? [(0, size)] : [(0, edge), (size - edge, edge)]
        var filled = 0
        for (start, length) in ranges {
            var done = 0
            while done < length {
                let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled + done, length - done, off_t(start + done)) }
                guard n > 0 else { return nil }
                done += n
            }
            filled += length
        }
        var checksum = Checksum64()
        bytes.withUnsafeBytes { checksum.add($0) }
        return checksum.value
    }
}

/// A fast 64-bit checksum of bytes (four multiply–rotate lanes over 8-byte words): not
/// cryptographic, it tells a torn or damaged index from a whole one.
struct Checksum64 {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89)
    private var length: UInt64 = 0
    private var tail: [UInt8] = []

    @inline(__always) private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let x = (lane ^ word) &* 0x9FB2_1C65_1E98_DF25
        return (x << 29) | (x >> 35)
    }

    /// Adds bytes (any length; whole 32-byte groups are mixed as they come).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var i = 0
        if !tail.isEmpty {
            while i < bytes.count && tail.count < 32 {
                tail.append(bytes[i])
                i += 1
            }
            if tail.count == 32 {
                let copy = tail
                copy.withUnsafeBytes { mixGroups($0.baseAddress!, 1) }
                tail.removeAll(keepingCapacity: true)
            }
        }
        let groups = (bytes.count - i) / 32
        if groups > 0 { mixGroups(base + i, groups) }
        i += groups * 32
        if i < bytes.count { tail.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[i...])) }
    }

    private mutating func mixGroups(_ base: UnsafeRawPointer, _ groups: Int) {
        var (a, b, c, d) = lanes
        for g in 0..<groups {
            let p = base + g * 32
            a = Self.mix(a, p.loadUnaligned(as: UInt64.self))
            b = Self.mix(b, p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            c = Self.mix(c, p.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            d = Self.mix(d, p.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        }
        lanes = (a, b, c, d)
    }

    /// The checksum of everything added.
    var value: UInt64 {
        var (a, b, c, d) = lanes
        for (i, byte) in tail.enumerated() {
            switch i & 3 {
            case 0: a = Self.mix(a, UInt64(byte) | UInt64(i) << 8)
            case 1: b = Self.mix(b, UInt64(byte) | UInt64(i) << 8)
            case 2: c = Self.mix(c, UInt64(byte) | UInt64(i) << 8)
            default: d = Self.mix(d, UInt64(byte) | UInt64(i) << 8)
            }
        }
        var h = Self.mix(Self.mix(a, b), Self.mix(c, d)) ^ length
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 33)
    }
}

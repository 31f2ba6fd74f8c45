import Foundation
import PennyCore

/// A ledger version's identity as the round-ups' sidecar records it: device, inode, size,
/// modification time and a hash of the last 4 KiB. Penny replaces the ledger by renaming
/// a new file over it, so each version it writes is a new inode; an editor that keeps the
/// inode changes the time, and almost surely the size or the last bytes.
struct RoundUpLedgerStamp: Equatable {
    /// The stamp's text, one line: `ledger DEV INO SIZE SEC.NSEC TAILHASH`.
    let line: String

    /// The ledger at `path` as it is now; nil when it cannot be read.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        let count = min(size, 4096)
        var tail = [UInt8](repeating: 0, count: count)
        let n = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(size - count)) }
        guard n == count else { return nil }
        // A write between the stat and the read would leave a size that does not match.
        var after = stat()
        guard fstat(descriptor, &after) == 0, after.st_size == status.st_size, after.st_mtim.tv_nsec == status.st_mtim.tv_nsec,
            after.st_mtim.tv_sec == status.st_mtim.tv_sec
        else { return nil }
        var hash = StableHash()
        hash.combine(bytes: tail)
        line = "ledger \(status.st_dev) \(status.st_ino) \(size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(StableHash.hex(hash.value))"
    }

    /// A stamp read back from the sidecar.
    init(line: String) { self.line = line }
}

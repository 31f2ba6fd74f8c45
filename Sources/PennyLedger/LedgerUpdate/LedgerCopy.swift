internal import CPennySupport
import Foundation
import PennyCore

/// The ledger as an update read it: its version and length, read once at the start (ids,
/// balances, the check) and copied into the temporary file only at commit, after checking
/// that nothing else changed it meanwhile.
struct LedgerCopy {
    /// What reading the ledger found about its bytes.
    struct Read {
        /// The ledger's last byte (a line end when it is empty).
        let lastByte: UInt8
        /// True when its first line ends with CRLF.
        let crlf: Bool
        /// The version read, for an index of it; nil when something wrote to it meanwhile.
        let stamp: LedgerStamp?
    }

    /// The ledger.
    let ledgerPath: String
    /// The version of the ledger that was read (nil: none was).
    private(set) var identity: FileIdentity?
    /// The ledger's length as read: the temporary file's first bytes once copied.
    private(set) var length = 0

    /// Nothing read yet of the ledger at `ledgerPath`.
    init(ledgerPath: String) {
        self.ledgerPath = ledgerPath
    }

    /// Records the version `status` describes as read (its index was used instead).
    mutating func adopt(_ status: stat) {
        identity = FileIdentity(status)
        length = Int(status.st_size)
    }

    /// Reads the ledger through `scanner` (ids, balances, the check), a megabyte at a time.
    mutating func read(into scanner: inout LedgerIDScanner) throws(PennyError) -> Read {
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw unreadable }
        defer { close(input) }
        let identityBefore = FileIdentity(descriptor: input)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lastByte: UInt8 = 0x0A
        var firstLineEnd: Bool?
        var length = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress, $0.count) }
            if n < 0 { throw unreadable }
            if n == 0 { break }
            let slice = chunk[0..<n]
            scanner.scan(slice)
            try refuseFailure(of: scanner)
            if firstLineEnd == nil, let newline = slice.firstIndex(of: 0x0A) { firstLineEnd = newline > slice.startIndex && slice[newline - 1] == 0x0D }
            lastByte = slice[slice.endIndex - 1]
            length += n
        }
        scanner.finish()
        try refuseFailure(of: scanner)
        guard let now = FileIdentity(descriptor: input) else { throw unreadable }
        identity = now
        self.length = length
        // Stamped for an index only if nothing wrote to it while it was read.
        let stamp = Int(now.size) == length && identityBefore == now ? LedgerStamp(descriptor: input) : nil
        return Read(lastByte: lastByte, crlf: firstLineEnd ?? false, stamp: stamp)
    }

    /// Copies the ledger read into the hole before the appended text of `temporaryPath`
    /// (open as `descriptor`), after checking that nothing else changed the ledger
    /// meanwhile (the lock keeps Penny's own runs out; an editor ignores it).
    /// (From `start` on: the bytes before it are in the file already, a kept `LedgerBase`.)
    func copy(into descriptor: Int32, temporaryPath: String, from start: Int = 0) throws(PennyError) {
        guard length > start, let identity else { return }
        let input = open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw unreadable }
        defer { close(input) }
        guard FileIdentity(descriptor: input) == identity else {
            throw unwritable("the ledger changed while Penny was importing (a program that does not take Penny's lock wrote to it); nothing was written: run the import again")
        }
        try Self.copyRange(from: input, to: descriptor, range: start..<length) { (failure: RangeFailure) -> PennyError in
            failure == .read ? unreadable : unwritable("cannot write \(temporaryPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Which side of `copyRange` failed.
    enum RangeFailure { case read, write }

    /// Copies `range` of `input` to the same offsets of `output`: inside the kernel where it
    /// can (`copyInKernel`), the rest a megabyte at a time; `failed` words an error.
    static func copyRange(from input: Int32, to output: Int32, range: Range<Int>, failed: (RangeFailure) -> PennyError) throws(PennyError) {
        var at = range.lowerBound + copyInKernel(from: input, to: output, range: range)
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, max(range.upperBound - at, 1)))
        while at < range.upperBound {
            let n = chunk.withUnsafeMutableBytes { pread(input, $0.baseAddress, min($0.count, range.upperBound - at), off_t(at)) }
            guard n > 0 else { throw failed(.read) }
            var written = 0
            while written < n {
                let w = chunk.withUnsafeBytes { pwrite(output, $0.baseAddress! + written, n - written, off_t(at + written)) }
                if w <= 0 { throw failed(.write) }
                written += w
            }
            at += n
        }
    }

    /// Copies `range` of `input` to the same offsets of `output` inside the kernel
    /// (`copy_file_range`: no trip through this process's memory, half the copying of a read
    /// and a write); returns how many bytes it copied, which is short (0 on a kernel or file
    /// system that cannot) when the caller must copy the rest itself.
    static func copyInKernel(from input: Int32, to output: Int32, range: Range<Int>) -> Int {
        var from = Int64(range.lowerBound), to = Int64(range.lowerBound)
        while Int(from) < range.upperBound {
            let n = penny_copy_file_range(input, &from, output, &to, UInt(range.upperBound - Int(from)))
            if n <= 0 { break }
        }
        return Int(from) - range.lowerBound
    }

    /// Throws the check's refusal, or a balance past 64 bits at its line.
    private func refuseFailure(of scanner: LedgerIDScanner) throws(PennyError) {
        if let failure = scanner.check?.failure { throw LedgerCheck.refusal(failure) }
        if let line = scanner.overflowLine { throw LedgerUpdate.balanceOverflow(at: SourceLocation(file: ledgerPath, line: line)) }
    }

    private var unreadable: PennyError { unwritable("cannot read the ledger") }

    private func unwritable(_ message: String) -> PennyError {
        PennyError(.ledgerUnavailable, message, at: SourceLocation(file: ledgerPath))
    }
}

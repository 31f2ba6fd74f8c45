import Foundation
import PennyCore

/// The ledger's previous version, kept beside it (`.NAME.penny-base`) once the ledger is
/// large, so that a commit writes what changed instead of copying the whole ledger.
///
/// A commit puts its new version in place by swapping names with the old one
/// (`FileReplacement.commit(exchanging:)`), so the old version is not deleted but kept as
/// the base, and a state file (`.NAME.penny-base.state`) records both files as they were
/// then. The next commit, when the ledger is still the one recorded (nothing else wrote to
/// it) and the base too, writes into the base: the bytes the ledger gained since the base
/// was the ledger, then the appended text, and swaps again. The base is the old version
/// only until then; readers see the old ledger or the new one, never a mix, as with a
/// rename, and a run killed at any instant leaves one or the other.
///
/// Derived, like the index: deleting the base and its state is always safe (the next commit
/// copies the whole ledger again). Anything that does not check out — a hand edit, another
/// command's rewrite, a refiled entry, a base with another link, a different mode, its first
/// or last bytes not the ledger's — and the commit copies the whole ledger as before.
struct LedgerBase {
    /// The base, open for reading and writing.
    let descriptor: Int32
    /// Its length: the ledger's first `length` bytes, as they were.
    let length: Int
    /// Its path.
    let path: String

    /// Ledgers shorter than this are copied whole (a copy of 64 MiB takes a few
    /// hundredths of a second, and the base would double the ledger's room on disk for
    /// nothing). Debug builds read `PENNY_LEDGER_BASE_MINIMUM` (bytes) for the tests.
    static var minimumLength: Int {
        #if DEBUG
            if let text = ProcessInfo.processInfo.environment["PENNY_LEDGER_BASE_MINIMUM"], let bytes = Int(text) { return bytes }
        #endif
        return 64 << 20
    }

    /// `.NAME.penny-base` beside the ledger.
    static func path(for ledgerPath: String) -> String { LedgerPath.hiddenSibling(of: ledgerPath, suffix: "penny-base") }

    /// `.NAME.penny-base.state` beside the ledger.
    static func statePath(for ledgerPath: String) -> String { LedgerPath.hiddenSibling(of: ledgerPath, suffix: "penny-base.state") }

    /// The base to write into when the state names the ledger as the update read it
    /// (`read`, which must still be the ledger now) and the base as it is, the base has no
    /// other link and the ledger's mode, and its first and last 4 KiB are the ledger's at
    /// the same places; nil otherwise. The stamps hold the change times, which no tool can
    /// set back, so any write to either file since the state was recorded is seen.
    static func open(ledgerPath: String, read: LedgerStamp) -> LedgerBase? {
        guard let state = State(path: statePath(for: ledgerPath)), state.ledger == read, state.base.identity.size <= read.identity.size else { return nil }
        // The ledger is asked through one descriptor: its stamp, mode and bytes are one file's.
        let ledger = Foundation.open(ledgerPath, O_RDONLY | O_CLOEXEC)
        guard ledger >= 0 else { return nil }
        defer { close(ledger) }
        let path = path(for: ledgerPath)
        let descriptor = Foundation.open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat(), ledgerStatus = stat()
        guard LedgerStamp(descriptor: ledger) == read, fstat(ledger, &ledgerStatus) == 0, fstat(descriptor, &status) == 0,
            LedgerStamp(descriptor: descriptor) == state.base, status.st_nlink == 1, status.st_mode == ledgerStatus.st_mode,
            status.st_dev == ledgerStatus.st_dev, endsMatch(base: descriptor, ledger: ledger, length: Int(state.base.identity.size))
        else {
            close(descriptor)
            return nil
        }
        return LedgerBase(descriptor: descriptor, length: Int(state.base.identity.size), path: path)
    }

    /// True when the base's first and last 4 KiB are the ledger's bytes at the same places
    /// (a guard behind the identities: the base is the ledger's start).
    private static func endsMatch(base: Int32, ledger: Int32, length: Int) -> Bool {
        let span = min(4096, length)
        for offset in Set([0, length - span]) {
            var a = [UInt8](repeating: 0, count: span), b = [UInt8](repeating: 0, count: span)
            let readA = a.withUnsafeMutableBytes { pread(base, $0.baseAddress, span, off_t(offset)) }
            let readB = b.withUnsafeMutableBytes { pread(ledger, $0.baseAddress, span, off_t(offset)) }
            guard readA == span, readB == span, a == b else { return false }
        }
        return true
    }

    /// Records the ledger as just committed (`ledger`, its stamp after the swap) and the
    /// base now kept (the old ledger). A state that cannot be written only costs the next
    /// commit a whole copy.
    static func record(ledgerPath: String, ledger: LedgerStamp) {
        let basePath = path(for: ledgerPath)
        guard FileIdentity(path: basePath)?.kind == .regular, let base = LedgerStamp(path: basePath) else { return forget(ledgerPath: ledgerPath) }
        let state = statePath(for: ledgerPath)
        let temporary = state + ".penny-tmp"
        let written = (try? State(ledger: ledger, base: base).text.write(toFile: temporary, atomically: false, encoding: .utf8)) != nil
        if !written || rename(temporary, state) != 0 {
            unlink(temporary)
            forget(ledgerPath: ledgerPath)
        }
    }

    /// Removes the base and its state (the next large commit copies the whole ledger).
    static func forget(ledgerPath: String) {
        unlink(statePath(for: ledgerPath))
        unlink(path(for: ledgerPath))
    }

    /// What the state file records: the ledger as committed, the base as kept.
    struct State: Equatable {
        let ledger: LedgerStamp
        let base: LedgerStamp

        init(ledger: LedgerStamp, base: LedgerStamp) {
            (self.ledger, self.base) = (ledger, base)
        }

        /// `penny-base 2`, then the ledger's stamp and the base's, a line each (`LedgerStamp.line`).
        var text: String { "penny-base 2\n\(ledger.line)\n\(base.line)\n" }

        /// The state at `path`, or nil when there is none or it does not read.
        init?(path: String) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            let lines = text.split(separator: "\n").map(String.init)
            guard lines.count == 3, lines[0] == "penny-base 2", let ledger = LedgerStamp(line: lines[1]), let base = LedgerStamp(line: lines[2]) else { return nil }
            self.init(ledger: ledger, base: base)
        }
    }
}

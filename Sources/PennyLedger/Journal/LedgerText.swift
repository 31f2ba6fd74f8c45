import Foundation
import PennyCore

/// Whether a journal's bytes are text Penny can read line by line: UTF-8 (or ASCII) with
/// LF or CRLF line ends. A journal an editor saved as UTF-16, or with carriage returns
/// alone, would otherwise read as one line or as nothing — and the next import would add
/// every statement again. Such a file is refused with what to do.
public enum LedgerText {
    /// Why the file at `path` cannot be read as a journal, nil when it can (or is absent).
    /// Looks at its first 64 KiB.
    public static func problem(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return "the file is saved as UTF-16; Penny, hledger and ledger-cli read UTF-8: save it as UTF-8 and run again"
        }
        if head.contains(0) {
            return "the file holds NUL bytes (UTF-16 without a byte order mark, or not text): save it as UTF-8 and run again"
        }
        if head.contains(0x0D) && !head.contains(0x0A) {
            return "the file's lines end with a carriage return alone (an old Mac format): save it with LF or CRLF line ends and run again"
        }
        return nil
    }

    /// Throws the problem of the file at `path` as an error at its first line.
    static func check(_ path: String) throws(PennyError) {
        guard let problem = problem(path) else { return }
        throw .badInput(problem, at: SourceLocation(file: path, line: 1))
    }
}

import Foundation
public import PennyLedger

/// Batch mode's wait for a file still being written (`--settle`).
extension FileIdentity {
    /// Whole seconds since the last modification, when that is under `settle` seconds (or
    /// the time is up to `settle` seconds ahead of the clock); nil when the file has settled.
    public func settling(now: Date, settle: Int) -> Int? {
        let age = (Int64(now.timeIntervalSince1970 * 1_000_000_000) - modified) / 1_000_000_000
        return abs(age) < Int64(settle) ? Int(max(age, 0)) : nil
    }
}

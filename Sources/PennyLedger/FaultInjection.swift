import Foundation

/// Failures the tests can ask for, in debug builds only: `PENNY_FAULT_WRITE=SUFFIX` makes
/// every write to a file whose path ends in SUFFIX fail as a full disk would.
enum FaultInjection {
    /// The simulated error for writing `path`, or nil.
    static func writeError(for path: String) -> String? {
        #if DEBUG
            if let suffix = ProcessInfo.processInfo.environment["PENNY_FAULT_WRITE"], !suffix.isEmpty, path.hasSuffix(suffix) {
                return String(cString: strerror(ENOSPC))
            }
        #endif
        return nil
    }
}

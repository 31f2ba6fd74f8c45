import Foundation

/// A step of a write that the tests can make fail (`PENNY_FAULT=STEP` or `STEP@N`).
public enum FaultStep: String, Sendable, CaseIterable {
    /// Creating the temporary copy beside the file.
    case create
    /// Writing to the temporary copy (the old content, then what is appended).
    case write
    /// Syncing the temporary copy.
    case fsync
    /// Renaming the copy over the file.
    case rename
    /// Syncing the folder after the rename (the change is visible; is it durable?).
    case dirsync
    /// Moving a statement to the archive or the quarantine.
    case move
    /// Writing a quarantined statement's `NAME.error.txt`.
    case note
    /// Appending the run's line to `--log FILE`.
    case log
    /// Writing the ledger's index sidecar (after the ledger is committed).
    case index
}

/// Failures the tests can ask for, in debug builds only.
///
/// `PENNY_FAULT_WRITE=SUFFIX` makes every write to a file whose path ends in SUFFIX fail
/// as a full disk would. `PENNY_FAULT=STEP[@N]` makes the Nth time (default the first) a
/// `FaultStep` is reached in this process fail with the error a full disk (or, for the
/// syncs, a failing device) gives, whichever file it is.
public enum FaultInjection {
    /// The simulated error for writing `path`, or nil.
    static func writeError(for path: String) -> String? {
        #if DEBUG
            if let suffix = ProcessInfo.processInfo.environment["PENNY_FAULT_WRITE"], !suffix.isEmpty, path.hasSuffix(suffix) {
                return String(cString: strerror(ENOSPC))
            }
        #endif
        return nil
    }

    /// True when this step is to fail now; `errno` then holds the simulated error.
    public static func fails(_ step: FaultStep) -> Bool {
        #if DEBUG
            guard (FaultPlan.simulated ?? FaultPlan.shared).reaches(step) else { return false }
            errno = step == .fsync || step == .dirsync ? EIO : ENOSPC
            return true
        #else
            return false
        #endif
    }

    #if DEBUG
        /// Runs `body` with the `occurrence`th time `step` is reached failing, in this task
        /// alone and whatever `PENNY_FAULT` says (the unit tests' way to the same failures;
        /// threads the task starts do not see it).
        @discardableResult
        static func simulating<T>(_ step: FaultStep, occurrence: Int = 1, _ body: () throws -> T) rethrows -> T {
            try FaultPlan.$simulated.withValue(FaultPlan(step: step, occurrence: occurrence)) { try body() }
        }
    #endif
}

#if DEBUG
    /// The step `PENNY_FAULT` names and how many times it has been reached.
    private final class FaultPlan: @unchecked Sendable {
        static let shared = FaultPlan()
        /// The plan of `FaultInjection.simulating`, in the task that runs it.
        @TaskLocal static var simulated: FaultPlan?
        private let step: FaultStep?
        private let occurrence: Int
        private var reached = 0
        private let lock = NSLock()

        init() {
            let value = ProcessInfo.processInfo.environment["PENNY_FAULT"] ?? ""
            let parts = value.split(separator: "@", maxSplits: 1)
            step = parts.first.flatMap { FaultStep(rawValue: String($0)) }
            occurrence = parts.count == 2 ? Int(parts[1]) ?? 1 : 1
        }

        init(step: FaultStep, occurrence: Int) {
            self.step = step
            self.occurrence = occurrence
        }

        func reaches(_ step: FaultStep) -> Bool {
            guard step == self.step else { return false }
            return lock.withLock {
                reached += 1
                return reached == occurrence
            }
        }
    }
#endif

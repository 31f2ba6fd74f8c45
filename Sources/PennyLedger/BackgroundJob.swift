import Foundation

/// One piece of work run on a thread of its own while the caller does something else;
/// `wait` returns its result. The caller must not touch what the work reads until then.
final class BackgroundJob<Result>: @unchecked Sendable {
    private let work: () -> Result
    private let finished = DispatchSemaphore(value: 0)
    private var result: Result?
    private var waited = false

    /// Starts `work` at once.
    init(_ work: @escaping () -> Result) {
        self.work = work
        let thread = Thread { self.run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func run() {
        result = work()
        finished.signal()
    }

    /// Waits for the work to end and gives its result (from the thread that made the job;
    /// later calls give the same result at once).
    func wait() -> Result {
        if !waited {
            finished.wait()
            waited = true
        }
        return result!
    }
}

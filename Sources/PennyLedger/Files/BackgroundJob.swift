import Foundation

/// One piece of work run on a thread of its own while the caller does something else;
/// `take` waits for it and hands over its result. The caller must not touch what the work
/// reads until then.
final class BackgroundJob<Result>: @unchecked Sendable {
    /// The work, dropped once done (so nothing it captured outlives it here).
    private var work: (() -> Result)?
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
        result = work?()
        work = nil
        finished.signal()
    }

    /// Waits for the work to end and hands over its result: the first call gets it, later
    /// ones nil (call from the thread that made the job).
    func take() -> Result? {
        if !waited {
            finished.wait()
            waited = true
        }
        defer { result = nil }
        return result
    }
}

import Synchronization

/// The own account the importer is filing a file's rows into, published for the reader's
/// thread (`EventPipe`), which hashes the rows' content keys for it ahead of their turn
/// (`PlainRows.keyedAccount`). The importer takes a run's keys only when they were hashed
/// for the account it files the run into, so a stale value costs time, never an id.
public final class FilingAccount: Sendable {
    private let account = Mutex<String?>(nil)

    /// No account yet.
    public init() {}

    /// The account last set, if any.
    public var value: String? { account.withLock { $0 } }

    /// Publishes `name` as the account being filed into.
    public func set(_ name: String) {
        account.withLock { $0 = name }
    }
}

import Foundation

/// One scratch folder per test process (`$TMPDIR/penny-tests-PID-UUID`), removed when the
/// process exits: tests write their temporary ledgers, statements and workspaces under it,
/// and leave nothing behind in /tmp.
public enum TestScratch {
    /// The folder, created on first use.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("penny-tests-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removal = url.path
        atexit { if let path = TestScratch.removal { try? FileManager.default.removeItem(atPath: path) } }
        return url
    }()

    /// What the exit handler removes (a C function pointer cannot capture it).
    nonisolated(unsafe) private static var removal: String?
}

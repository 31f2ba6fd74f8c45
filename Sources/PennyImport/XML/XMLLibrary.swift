internal import CLibXML2

/// libxml2's process-wide set-up, done on the main thread before any reader parses XML
/// on another one (libxml2 asks for `xmlInitParser` to be called so; `EventPipe` runs
/// readers on a thread of their own).
public enum XMLLibrary {
    /// Initializes libxml2 once; later calls do nothing.
    public static func initialize() {
        _ = initialized
    }

    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()
}

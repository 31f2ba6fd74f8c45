/// A domain error: what kind of failure, a message for a person, and where in the input.
///
/// Printed as `file:line:col: error: message`, then the offending text with a caret
/// under the bad column when the reader knows it.
public struct PennyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure; decides the exit code.
    public enum Kind: Sendable, Equatable {
        /// A statement file could not be read (exit 1).
        case badInput
        /// Rules or options are wrong (exit 2).
        case configuration
        /// The ledger is locked by another run or cannot be written (exit 3).
        case ledgerUnavailable
    }

    /// The kind of failure.
    public let kind: Kind
    /// What went wrong and what was expected, without the location.
    public let message: String
    /// Where, when the input has a place for it.
    public let location: SourceLocation?
    /// The offending record or line, shown under the message.
    public let excerpt: String?
    /// 1-based column of `excerpt` to mark with a caret.
    public let caretColumn: Int?

    /// Makes an error.
    public init(
        _ kind: Kind, _ message: String, at location: SourceLocation? = nil,
        excerpt: String? = nil, caretColumn: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.location = location
        self.excerpt = excerpt
        self.caretColumn = caretColumn
    }

    /// A statement-file error.
    public static func badInput(_ message: String, at location: SourceLocation? = nil, excerpt: String? = nil, caretColumn: Int? = nil) -> PennyError {
        PennyError(.badInput, message, at: location, excerpt: excerpt, caretColumn: caretColumn)
    }

    /// A rules or options error.
    public static func configuration(_ message: String, at location: SourceLocation? = nil, excerpt: String? = nil, caretColumn: Int? = nil) -> PennyError {
        PennyError(.configuration, message, at: location, excerpt: excerpt, caretColumn: caretColumn)
    }

    /// The first line as printed: `file:line:col: error: message`.
    public var headline: String {
        if let location { return "\(location): error: \(message)" }
        return "error: \(message)"
    }

    /// The same line for something to check rather than a failure: `file:line: warning: message`.
    public var warningHeadline: String {
        TextSanitizer.clean(location.map { "\($0): warning: \(message)" } ?? "warning: \(message)")
    }

    /// The headline, then the excerpt and a caret when known; text from the input is shown
    /// without control characters, so a hostile file cannot drive the terminal.
    public var description: String {
        var text = TextSanitizer.clean(headline, keepingLineBreaks: true)
        if let excerpt {
            text += "\n    " + TextSanitizer.clean(excerpt)
            if let caretColumn, caretColumn > 0 {
                text += "\n    " + String(repeating: " ", count: caretColumn - 1) + "^"
            }
        }
        return text
    }
}

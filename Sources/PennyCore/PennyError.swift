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

    /// A stable, machine-readable name for what went wrong, for scripts, monitors and the
    /// run log (`penny import --log`): the kind's own (`input`, `config`, `ledger`) or a
    /// finer one under it (`ledger.locked`, `input.unrecognized`...). Messages may be
    /// reworded; codes are not renamed.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as written: lowercase words and dots.
        public let rawValue: String

        /// A code from its text.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A statement file could not be read.
        public static let input = Code(rawValue: "input")
        /// An inbox entry batch mode will not read (a link, an unsafe name, a special file).
        public static let refused = Code(rawValue: "input.refused")
        /// No reader recognizes the file.
        public static let unrecognized = Code(rawValue: "input.unrecognized")
        /// A CSV no profile claims and the sniffer cannot read one way.
        public static let csvAmbiguous = Code(rawValue: "input.csv-ambiguous")
        /// A statement names no declared account, or names one two declarations claim.
        public static let account = Code(rawValue: "input.account")
        /// Rules or options are wrong.
        public static let configuration = Code(rawValue: "config")
        /// An error in a rules file.
        public static let rules = Code(rawValue: "config.rules")
        /// The ledger cannot be used.
        public static let ledger = Code(rawValue: "ledger")
        /// Another penny run holds the ledger's lock.
        public static let locked = Code(rawValue: "ledger.locked")
        /// The ledger (or a file Penny reads with it) has a line it cannot read.
        public static let ledgerSyntax = Code(rawValue: "ledger.syntax")

        /// Every code Penny gives, for the documentation and the test that none is renamed.
        public static let all: [Code] = [.input, .refused, .unrecognized, .csvAmbiguous, .account, .configuration, .rules, .ledger, .locked, .ledgerSyntax]

        /// The code as written.
        public var description: String { rawValue }

        /// The code every error of `kind` has unless a finer one is given.
        public static func of(_ kind: Kind) -> Code {
            switch kind {
            case .badInput: .input
            case .configuration: .configuration
            case .ledgerUnavailable: .ledger
            }
        }
    }

    /// The kind of failure.
    public let kind: Kind
    /// The stable name of the failure (`PennyError.Code`).
    public private(set) var code: Code
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
        self.code = .of(kind)
        self.message = message
        self.location = location
        self.excerpt = excerpt
        self.caretColumn = caretColumn
    }

    /// The same error with a finer code.
    public func coded(_ code: Code) -> PennyError {
        var copy = self
        copy.code = code
        return copy
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

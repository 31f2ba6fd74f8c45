import PennyCore

/// Groups an MT940 file's fields into statements as they come, and reads each statement
/// once the next one starts (or the file ends).
///
/// A statement starts at `:20:`, or, after a closing balance, at the next statement's
/// `:25:`, `:28C:`, opening balance or first `:61:` (a bank that leaves out `:20:`, or all
/// but the lines and the closing balance). Fields before the first `:20:` (a bank's
/// preamble) are dropped; a `:61:` among them is refused.
struct MT940StatementStream {
    /// The fields that open a statement when they follow a closing balance without a `:20:`
    /// (such a statement continues the one before: `MT940StatementBuilder`).
    static let startsStatement: Set<String> = ["25", "28C", "28", "60F", "60M", "61"]

    let fileName: String
    let defaultCurrency: Currency
    private var fields = MT940Fields.Assembler()
    private var statement = MT940FieldStore()
    private var started = false
    private var closed = false
    private var strayLine: Int?
    private var previous: StatementHeader?

    init(fileName: String, defaultCurrency: Currency) {
        self.fileName = fileName
        self.defaultCurrency = defaultCurrency
    }

    /// Takes a line of the text.
    mutating func add(_ line: MT940Line, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        switch MT940Fields.read(line) {
        case .skip:
            break
        case .tag(let tag, let rest):
            if !fields.current.isEmpty { try take(emit: emit) }
            fields.begin(tag: tag, line: line.number, rest: rest)
        case .continuation(let text):
            fields.continueField(text)
        }
    }

    /// Reads the last statement; refuses a text with none.
    mutating func finish(emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        if !fields.current.isEmpty { try take(emit: emit) }
        fields.clear()
        guard started else {
            throw .badInput("no statement in this MT940 file: expected a :20: field", at: SourceLocation(file: fileName, line: 1))
        }
        try flush(emit: emit)
    }

    /// Takes the field the assembler holds, which is complete.
    private mutating func take(emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let field = fields.current.fields[0]
        guard started || field.tag == "20" else {
            if field.tag == "61", strayLine == nil { strayLine = field.line }
            return
        }
        if !started, let strayLine { throw .badInput(":61: before the first :20:", at: SourceLocation(file: fileName, line: strayLine)) }
        if field.tag == "20" || (closed && Self.startsStatement.contains(field.tag)) {
            try flush(emit: emit)
            started = true
            closed = false
        }
        statement.append(fields.current)
        if field.tag == "62F" || field.tag == "62M" { closed = true }
    }

    private mutating func flush(emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        guard !statement.isEmpty else { return }
        previous = try MT940StatementBuilder(fileName: fileName, defaultCurrency: defaultCurrency).read(statement, after: previous, emit: emit)
        statement.removeAll()
    }
}

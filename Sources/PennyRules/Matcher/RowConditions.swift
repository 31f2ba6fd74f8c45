import PennyCore

/// Decides a rule's conditions for a plain row from its bytes, as `ConditionEvaluator`
/// decides them for the row's `Transaction`: amount and date, and text tests (`contains`,
/// `starts-with`, `is`, negated or not) on the description, payee, memo, counterparty,
/// IBAN, type and currency, each field folded as `RulesParser.key` folds it. Nil whenever
/// the bytes cannot settle it the same way — a regular expression, the account (it needs
/// the own account), a field `TextKey.foldLatin` cannot fold, a description that folds to
/// other than ASCII — and the `Transaction` path decides. A folded field is ASCII, so
/// comparing bytes is comparing `String`s (an ASCII text never holds a non-ASCII value).
enum RowConditions {
    /// True when `condition` may be decided from a row's bytes (`holds` can still answer
    /// nil for a row whose field cannot be folded from them).
    static func isReadFromRow(_ condition: Condition) -> Bool {
        switch condition.test {
        case .amount, .amountBetween, .date, .dateBetween: true
        case .matches: false
        case .text: field(condition.field) != nil
        }
    }

    /// Whether every one of `checks` holds for `row` (in order, stopping at the first that
    /// does not, as `categorize` does); nil when one the bytes cannot settle comes first.
    static func allHold(_ checks: [Condition], _ row: PlainRow, folded: UnsafeBufferPointer<UInt8>, keys: inout RowFieldKeys) -> Bool? {
        // By index: a `for` loop copied each condition out, retaining its strings and arrays.
        for k in checks.indices {
            guard let holds = holds(checks[k], row, folded: folded, keys: &keys) else { return nil }
            if !holds { return false }
        }
        return true
    }

    /// Whether `condition` holds for `row`, whose description folds to `folded`; nil when
    /// the bytes cannot settle it. `keys` keeps the row's folded fields.
    static func holds(_ condition: Condition, _ row: PlainRow, folded: UnsafeBufferPointer<UInt8>, keys: inout RowFieldKeys) -> Bool? {
        guard case .text(let op, let values) = condition.test else { return ConditionEvaluator.holds(condition, amount: row.amount, date: row.date) }
        guard let field = field(condition.field) else { return nil }
        let found: Bool? = keys.withKey(field, of: row, folded: folded) { text in
            values.contains { value in
                var value = value
                return value.withUTF8 { value in
                    switch op {
                    case .contains: ByteSearch.contains(text, value)
                    case .startsWith: text.count >= value.count && text[..<value.count].elementsEqual(value)
                    case .isEqual: text.elementsEqual(value)
                    }
                }
            }
        }
        return found.map { $0 != condition.isNegated }
    }

    /// The field's place in `RowFieldKeys`, nil for one the row's bytes do not give.
    private static func field(_ field: Condition.Field) -> RowFieldKeys.Field? {
        switch field {
        case .description: .description
        case .payee: .payee
        case .memo: .memo
        case .counterparty: .counterparty
        case .iban: .iban
        case .type: .type
        case .currency: .currency
        case .account, .amount, .date: nil
        }
    }
}

/// A plain row's fields folded as `FieldValues.key` folds them, each on first use, in
/// storage reused from row to row (`Categorizer.MatchScratch`).
public struct RowFieldKeys {
    enum Field: Int, CaseIterable { case description, payee, memo, counterparty, iban, type, currency }

    private var text: [UInt8] = []
    /// Per field: not folded yet (nil), cannot be folded from its bytes (an empty range
    /// at -1), or where its key is in `text`.
    private var ranges = [Range<Int>?](repeating: nil, count: Field.allCases.count)
    /// True once a field of the row was folded (most rows fold none: their reset is a test).
    private var holdsKeys = false

    /// No fields folded.
    public init() {}

    /// Forgets the last row's fields.
    mutating func reset() {
        guard holdsKeys else { return }
        holdsKeys = false
        text.removeAll(keepingCapacity: true)
        for i in ranges.indices { ranges[i] = nil }
    }

    /// `body` of the field's key, or nil when it cannot be folded from its bytes (or, for
    /// the description, folds to other than ASCII).
    mutating func withKey<R>(_ field: Field, of row: PlainRow, folded: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        if field == .description {
            return folded.allSatisfy({ $0 < 0x80 }) ? body(folded) : nil
        }
        if ranges[field.rawValue] == nil {
            ranges[field.rawValue] = fold(field, of: row)
            holdsKeys = true
        }
        let range = ranges[field.rawValue]!
        guard range.lowerBound >= 0 else { return nil }
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Folds the field into `text`: where its key is, or `-1..<-1` when it cannot be
    /// folded from its bytes.
    private mutating func fold(_ field: Field, of row: PlainRow) -> Range<Int> {
        let details = row.details
        switch field {
        case .currency: return row.amount.currency.withCodeBytes { fold($0, removingSpaces: false) }
        case .payee: return fold(details?.payee, removingSpaces: false)
        case .memo: return fold(details?.memo, removingSpaces: false)
        case .counterparty: return fold(details?.counterparty, removingSpaces: false)
        case .iban: return fold(details?.iban, removingSpaces: true)
        case .type: return fold(details?.type, removingSpaces: false)
        case .description: preconditionFailure("the description comes folded")
        }
    }

    private mutating func fold(_ bytes: UnsafeBufferPointer<UInt8>?, removingSpaces: Bool) -> Range<Int> {
        let start = text.count
        guard let bytes, !bytes.isEmpty else { return start..<start }
        text.append(contentsOf: repeatElement(0, count: bytes.count))
        let length = text.withUnsafeMutableBufferPointer { TextKey.foldLatin(bytes, into: $0.baseAddress! + start) }
        guard let length else {
            text.removeLast(bytes.count)
            return -1..<(-1)
        }
        text.removeLast(bytes.count - length)
        // An IBAN's key has no spaces (`RulesParser.key`).
        if removingSpaces {
            var kept = start
            for i in start..<text.count where text[i] != 0x20 {
                text[kept] = text[i]
                kept += 1
            }
            text.removeLast(text.count - kept)
        }
        assert(text[start...].allSatisfy { $0 < 0x80 }, "foldLatin folds to ASCII")
        return start..<text.count
    }
}

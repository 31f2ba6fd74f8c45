import PennyCore

extension ExactJSONParser {
    /// An entry after its list's first, as an outline reads it: checked, and only what
    /// `JSONEntrySummary` holds kept.
    mutating func skimEntry(depth: Int) throws(PennyError) -> JSONEntrySummary {
        guard depth < 512 else { throw failure("nested too deeply") }
        try skipSpace()
        guard try peek() == UInt8(ascii: "{") else {
            _ = try parseValue(depth: depth, path: .elsewhere, build: false)
            return JSONEntrySummary()
        }
        var summary = JSONEntrySummary(line: line)
        var found: UInt8 = 0
        i += 1
        try skipSpace()
        if try peek() == UInt8(ascii: "}") {
            i += 1
            return summary
        }
        while true {
            try skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let key = try summaryKey()
            try skipSpace()
            guard try peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            i += 1
            // Only a name's first member counts, as `ExactJSON`'s subscript reads it.
            if let key, found & key.rawValue == 0 {
                found |= key.rawValue
                summary.take(key, try parseValue(depth: depth + 1, path: .elsewhere, build: true))
            } else {
                _ = try parseValue(depth: depth + 1, path: .elsewhere, build: false)
            }
            if try endOfMember(closer: UInt8(ascii: "}")) { return summary }
        }
    }

    /// A member name from its opening quote, checked as `parseString` checks it: the
    /// summary's key it is, if any.
    private mutating func summaryKey() throws(PennyError) -> JSONEntrySummary.Key? {
        let scanned = try scanString()
        if scanned.inScratch {
            if scanned.needsCheck, !UTF8Validation.isValid(scratch) { throw failure("a string is not valid UTF-8") }
            return scratch.withUnsafeBufferPointer { JSONEntrySummary.Key(name: $0) }
        }
        let name = bytes(of: scanned)
        if scanned.needsCheck, !UTF8Validation.isValid(name) { throw failure("a string is not valid UTF-8") }
        return JSONEntrySummary.Key(name: name)
    }
}

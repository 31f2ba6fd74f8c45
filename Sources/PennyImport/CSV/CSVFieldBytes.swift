import PennyCore

/// The byte-level row path: date, amount, balance and description read from a record's
/// bytes in place when they are plain (ASCII numbers, a description without line ends or
/// non-ASCII white space at its ends). Anything else takes `CSVRowMapper`'s String path,
/// which also words every error, so both paths give the same transaction or the same error.
///
/// Static functions, not the mapper's methods: a method called from the mutating row path
/// was handed a copy of the whole mapper.
enum CSVFieldBytes {
    /// The field's bytes when the record has it and they are all ASCII.
    @inline(__always)
    static func ascii<R>(_ record: CSVRecord, _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R? {
        guard index < record.count else { return nil }
        let bytes = record.field(index)
        for b in bytes where b >= 0x80 { return nil }
        return body(bytes)
    }

    /// A space, tab or line end.
    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// `bytes` without the spaces, tabs and line ends at either end.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The date, read in place; nil to take the String path.
    @inline(__always)
    static func date(_ record: CSVRecord, _ index: Int, _ format: DateFormat) -> LocalDate? {
        ascii(record, index) { format.parse(utf8: $0) }
    }

    /// An amount field read in place; nil to take the String path (blank, not ASCII, or
    /// not readable: that path words the error).
    @inline(__always)
    static func amount(_ record: CSVRecord, _ index: Int, _ currency: Currency, _ format: AmountFormat) -> Int64? {
        guard index < record.count else { return nil }
        // The common shape first: it is ASCII and never blank, and reads as `parse` would.
        if let value = AmountParser.plain(utf8: record.field(index), format: format, exponent: currency.exponent) { return value }
        return ascii(record, index) { bytes in
            guard bytes.contains(where: { !isSpace($0) }) else { return nil }
            return try? AmountParser.parse(utf8: bytes, format: format, exponent: currency.exponent)
        }
    }

    /// True when the balance field is there, ASCII and blank.
    @inline(__always)
    static func isBlank(_ record: CSVRecord, _ index: Int) -> Bool {
        ascii(record, index) { bytes in bytes.allSatisfy(isSpace) ? true : nil } ?? false
    }
}

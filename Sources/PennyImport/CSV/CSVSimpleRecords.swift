import Foundation

/// Reads the common CSV records without libcsv, giving the collector exactly the fields and
/// line ends libcsv would (`CSVSimpleRecordsTests` compares the two on random input).
///
/// A simple record is one whose fields are unquoted (no quote inside), or quoted with no
/// quote inside and only spaces or tabs after the closing quote. Like libcsv, spaces and
/// tabs around an unquoted field and after a closing quote are dropped, and a CR and an LF
/// each end a record. Any other record (a doubled quote, a quote inside an unquoted field,
/// text after a closing quote, or a record that goes on past the bytes at hand) is left
/// whole to libcsv: this reader stops at its start.
struct CSVSimpleRecords {
    private let delimiter: UInt8
    /// The delimiter in each of a word's eight bytes.
    private let delimiterLanes: UInt64

    /// The delimiter, quote, CR and LF in each of a vector's sixteen bytes (kept here, not
    /// in statics, which a call would ask whether they are made yet).
    private let delimiterVector: SIMD16<UInt8>
    private let quoteVector = SIMD16<UInt8>(repeating: CSVSimpleRecords.quote)
    private let carriageReturnVector = SIMD16<UInt8>(repeating: CSVSimpleRecords.carriageReturn)
    private let lineFeedVector = SIMD16<UInt8>(repeating: CSVSimpleRecords.lineFeed)

    init(delimiter: UInt8) {
        self.delimiter = delimiter
        delimiterLanes = 0x0101_0101_0101_0101 &* UInt64(delimiter)
        delimiterVector = SIMD16(repeating: delimiter)
    }

    private static let quote: UInt8 = 0x22
    private static let carriageReturn: UInt8 = 0x0D
    private static let lineFeed: UInt8 = 0x0A

    /// Hands `collector` the simple records of `bytes` from `start`, which must be where a
    /// record starts (libcsv holds nothing); returns where it stopped: the end of the bytes or
    /// the start of a record it leaves to libcsv.
    func take(_ bytes: UnsafeRawBufferPointer, from start: Int, into collector: CSVRecordCollector) -> Int {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return start }
        var position = start
        while position < bytes.count {
            guard let next = record(base, from: position, end: bytes.count, into: collector) else {
                collector.discardOpenRecord()
                return position
            }
            position = next
        }
        return position
    }

    /// Reads one record from `start`; returns the position after its line end, or nil when
    /// the record is not simple or does not end within the bytes.
    @inline(__always)
    private func record(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, into collector: CSVRecordCollector) -> Int? {
        var position = start
        var begun = false
        while true {
            while position < end, isBlank(base[position]) { position += 1 }
            guard position < end else { return nil }
            let byte = base[position]
            if byte == Self.carriageReturn || byte == Self.lineFeed {
                // A line end before any field is a bare line end; after a delimiter, it ends
                // an empty last field.
                if begun { collector.appendField(UnsafeRawBufferPointer(start: nil, count: 0), mayHoldLineEnd: false) }
                collector.endRecord(terminator: Int32(byte))
                return position + 1
            }
            begun = true
            let fieldEnd: Int
            if byte == Self.quote {
                guard let (contentEnd, after) = quotedField(base, from: position, end: end) else { return nil }
                collector.appendField(UnsafeRawBufferPointer(start: base + position + 1, count: contentEnd - position - 1))
                position = after
                fieldEnd = after
            } else {
                let fieldStart = position
                position = firstStop(base, from: position, end: end)
                guard position < end, base[position] != Self.quote else { return nil }
                var last = position
                while last > fieldStart, isBlank(base[last - 1]) { last -= 1 }
                collector.appendField(UnsafeRawBufferPointer(start: base + fieldStart, count: last - fieldStart), mayHoldLineEnd: false)
                fieldEnd = position
            }
            let separator = base[fieldEnd]
            if separator != delimiter {
                collector.endRecord(terminator: Int32(separator))
                return fieldEnd + 1
            }
            position = fieldEnd + 1
        }
    }

    /// The first delimiter, quote, CR or LF at or after `start` (`end` when there is none):
    /// sixteen bytes at a time while sixteen remain (vector compares), then eight (byte
    /// lanes of a word), then byte by byte.
    @inline(__always)
    private func firstStop(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        var position = start
        while position + 16 <= end {
            let bytes = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
            let stops = (bytes .== delimiterVector) .| (bytes .== quoteVector) .| (bytes .== carriageReturnVector) .| (bytes .== lineFeedVector)
            if any(stops) {
                let marked = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: stops)
                let (low, high) = unsafeBitCast(marked, to: (UInt64, UInt64).self)
                let first = low != 0 ? low.littleEndian.trailingZeroBitCount / 8 : 8 + high.littleEndian.trailingZeroBitCount / 8
                return position + first
            }
            position += 16
        }
        while position + 8 <= end {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let found =
                Self.zeroBytes(word ^ delimiterLanes) | Self.zeroBytes(word ^ Self.quoteLanes)
                | Self.zeroBytes(word ^ Self.carriageReturnLanes) | Self.zeroBytes(word ^ Self.lineFeedLanes)
            if found != 0 { return position + found.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < end, !isStop(base[position]) { position += 1 }
        return position
    }

    /// A byte that ends an unquoted field or starts a quoted one.
    @inline(__always)
    private func isStop(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == Self.quote || byte == Self.carriageReturn || byte == Self.lineFeed
    }

    /// The high bit of each zero byte of `x`; bytes above the first zero byte may be marked
    /// wrongly (a borrow), so only the lowest mark is exact.
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    private static let quoteLanes = 0x0101_0101_0101_0101 &* UInt64(quote)
    private static let carriageReturnLanes = 0x0101_0101_0101_0101 &* UInt64(carriageReturn)
    private static let lineFeedLanes = 0x0101_0101_0101_0101 &* UInt64(lineFeed)

    /// The quoted field opening at `open`: where its content ends (the closing quote) and
    /// where the delimiter or line end after it is; nil unless that is all that follows.
    @inline(__always)
    private func quotedField(_ base: UnsafePointer<UInt8>, from open: Int, end: Int) -> (Int, Int)? {
        let contentStart = open + 1
        guard contentStart < end, let found = memchr(base + contentStart, Int32(Self.quote), end - contentStart) else { return nil }
        let close = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        var after = close + 1
        while after < end, isBlank(base[after]) { after += 1 }
        guard after < end else { return nil }
        let byte = base[after]
        guard byte == delimiter || byte == Self.carriageReturn || byte == Self.lineFeed else { return nil }
        return (close, after)
    }

    /// A space or tab that is not the delimiter: libcsv drops these around unquoted fields.
    @inline(__always)
    private func isBlank(_ byte: UInt8) -> Bool {
        (byte == 0x20 || byte == 0x09) && byte != delimiter
    }
}

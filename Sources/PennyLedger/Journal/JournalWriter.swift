import PennyCore

/// Renders journal text that hledger (1.25+) and ledger-cli (3.x) both read.
///
/// Each transaction: `DATE * DESCRIPTION`, tag comment lines (`; id: …`, `; source: …`,
/// `; rule: …`), then two postings with explicit amounts and the commodity after the
/// number (`-23.47 EUR`). Rendering appends bytes to a buffer: it runs once per imported
/// row, so it avoids building intermediate strings.
public enum JournalWriter {
    /// The first lines of a new ledger.
    public static let header = """
        ; Penny ledger. `penny import` appends transactions here; hledger and ledger-cli read it.
        ; Each transaction keeps its dedup id, source and deciding rule as tags. Hand edits are kept.

        """

    /// The text of one entry, with a blank line before it.
    public static func render(_ entry: JournalEntry) -> String {
        var bytes: [UInt8] = []
        render(entry, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one entry, with a blank line before it, to `out`.
    ///
    /// The entry's longest possible text is reserved at the end of `out` and written
    /// through a pointer, then the rest is cut: no per-byte growth checks.
    /// - Complexity: O(length of the entry's text).
    public static func render(_ entry: JournalEntry, into out: inout [UInt8]) {
        var bound = 64 + 2 * postingBound + max(14, entry.description.utf8.count) + entry.category.utf8.count + entry.account.utf8.count
        bound += 48 + (entry.source?.utf8.count ?? 0) + (entry.rule?.utf8.count ?? 0) + (entry.note?.utf8.count ?? 0) + 24
        for tag in entry.tags { bound += 9 + tag.name.utf8.count + (tag.value?.utf8.count ?? 3) }
        write(bound, into: &out) { w in
            w.put(0x0A)
            w.date(entry.date)
            w.put(" * ")
            w.sanitized(entry.description)
            w.put("\n    ; id: ")
            w.hex(entry.id.value)
            w.put(0x0A)
            if let source = entry.source {
                w.put("    ; source: ")
                w.tagValue(source)
                if let line = entry.sourceLine {
                    w.put(UInt8(ascii: ":"))
                    w.decimal(Int64(line), exponent: 0)
                }
                w.put(0x0A)
            }
            w.tagLines(rule: entry.rule, note: entry.note, excludesRoundUp: entry.excludesRoundUp, tags: entry.tags)
            // Exact: no amount is Int64.min (AmountParser's range is symmetric, and an import
            // refuses an amount whose magnitude does not fit), so the negation cannot overflow.
            w.posting(entry.category, minorUnits: -entry.amount.minorUnits, entry.amount.currency)
            w.posting(entry.account, minorUnits: entry.amount.minorUnits, entry.amount.currency)
        }
    }

    /// The `; rule:`, `; note:`, `; no-roundup:` and tag lines `render` writes for them.
    static func tagLines(rule: String?, note: String?, excludesRoundUp: Bool, tags: [Tag]) -> [UInt8] {
        var bound = 64 + (rule?.utf8.count ?? 0) + (note?.utf8.count ?? 0)
        for tag in tags { bound += 9 + tag.name.utf8.count + (tag.value?.utf8.count ?? 3) }
        var out: [UInt8] = []
        write(bound, into: &out) { $0.tagLines(rule: rule, note: note, excludesRoundUp: excludesRoundUp, tags: tags) }
        return out
    }

    /// `    ; source: FILE:` as `render` writes it before a source line's number.
    static func sourcePrefix(_ file: String) -> [UInt8] {
        var out: [UInt8] = []
        write(16 + file.utf8.count, into: &out) { w in
            w.put("    ; source: ")
            w.tagValue(file)
            w.put(UInt8(ascii: ":"))
        }
        return out
    }

    /// A transaction with any number of postings (round-up sweeps), tags on comment lines.
    public static func render(date: LocalDate, description: String, tags: [Tag], postings: [(account: String, amount: Money)], into out: inout [UInt8]) {
        var bound = 32 + max(14, description.utf8.count)
        for tag in tags { bound += 9 + tag.name.utf8.count + (tag.value?.utf8.count ?? 3) }
        for posting in postings { bound += postingBound + posting.account.utf8.count }
        write(bound, into: &out) { w in
            w.put(0x0A)
            w.date(date)
            w.put(" * ")
            w.sanitized(description)
            w.put(0x0A)
            for tag in tags { w.tag(tag) }
            for posting in postings { w.posting(posting.account, minorUnits: posting.amount.minorUnits, posting.amount.currency) }
        }
    }

    /// One posting line without its line end, with a total cost (`@@ 92.50 EUR`) when
    /// given: how an exchange between own accounts in two currencies is written.
    public static func postingLine(_ account: String, _ amount: Money, cost: Money? = nil) -> String {
        var out: [UInt8] = []
        write(postingBound + account.utf8.count + 48, into: &out) { w in
            w.posting(account, minorUnits: amount.minorUnits, amount.currency)
        }
        out.removeLast()
        if let cost {
            write(48, into: &out) { w in
                w.put(" @@ ")
                w.decimal(cost.minorUnits, exponent: cost.currency.exponent)
                w.put(0x20)
                w.put(string: cost.currency.code)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when the journal writes `description` unchanged (`sanitized`: not empty, no
    /// `;`, tab or line end, no space at either end or next to another, no leading `(`).
    public static func writesAsIs(_ description: UnsafeBufferPointer<UInt8>) -> Bool { ByteWriter.isWrittenAsIs(description) }

    /// A posting line's bytes beyond its account: indent, padding, number, code, line end.
    static let postingBound = 4 + 52 + 24 + 8 + 1

    /// Reserves `bound` bytes at the end of `out`, lets `body` write at most that many,
    /// and keeps what it wrote.
    @inline(__always)
    static func write(_ bound: Int, into out: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        out.appendWritten(upTo: bound) { start in
            var writer = ByteWriter(base: start, capacity: bound)
            body(&writer)
            return writer.count
        }
    }

    /// The description as `render` writes it (for tests and previews).
    static func sanitize(_ description: String) -> String {
        var out: [UInt8] = []
        write(max(14, description.utf8.count), into: &out) { $0.sanitized(description) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// An amount's decimal text, made in one pass on the stack (`ByteWriter.decimal` and the
/// postings write it).
struct DecimalDigits {
    /// Up to 24 bytes, filled from byte 24 back; the 16 after them are room for `write`'s
    /// loads.
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    /// How many bytes the text has.
    private(set) var count = 0

    /// The text of `minorUnits` with `exponent` digits after the point.
    init(_ minorUnits: Int64, exponent: Int) {
        self.init(minorUnits.magnitude, negative: minorUnits < 0, exponent: exponent)
    }

    /// The text of a magnitude without a sign (`-` is written by the caller).
    init(_ magnitude: UInt64, exponent: Int) {
        self.init(magnitude, negative: false, exponent: exponent)
    }

    private init(_ magnitude: UInt64, negative: Bool, exponent: Int) {
        precondition((0...18).contains(exponent), "a currency exponent beyond ISO 4217's")
        var magnitude = magnitude
        var at = 24
        withUnsafeMutableBytes(of: &storage) { b in
            // Two digits a division: the decimals (exactly `exponent`), the point, then
            // the whole part (at least one digit).
            func pair(_ value: UInt64) {
                at -= 2
                b.storeBytes(of: Self.pairBytes(Int(truncatingIfNeeded: value)), toByteOffset: at, as: UInt16.self)
            }
            if exponent > 0 {
                var left = exponent
                while left >= 2 {
                    pair(magnitude % 100)
                    magnitude /= 100
                    left -= 2
                }
                if left == 1 {
                    at -= 1
                    b[at] = UInt8(truncatingIfNeeded: 0x30 + magnitude % 10)
                    magnitude /= 10
                }
                at -= 1
                b[at] = UInt8(ascii: ".")
            }
            while magnitude >= 100 {
                pair(magnitude % 100)
                magnitude /= 100
            }
            if magnitude >= 10 {
                pair(magnitude)
            } else {
                at -= 1
                b[at] = UInt8(truncatingIfNeeded: 0x30 + magnitude)
            }
            if negative {
                at -= 1
                b[at] = UInt8(ascii: "-")
            }
        }
        count = 24 - at
    }

    /// The two ASCII digits of `value` (0...99) as they lie in memory, tens first.
    @inline(__always)
    static func pairBytes(_ value: Int) -> UInt16 {
        let tens = (value &* 103) >> 10  // value / 10 for every value below 179
        let ones = value &- tens &* 10
        return (UInt16(truncatingIfNeeded: 0x30 &+ tens) | UInt16(truncatingIfNeeded: 0x30 &+ ones) << 8).littleEndian
    }

    /// Writes the text at `out`, which has room for `room` bytes (at least `count`): as two
    /// eight-byte stores when the text and the room allow (the bytes stored past the text
    /// are the writer's to overwrite), else a byte at a time. A call to copy so few bytes
    /// cost more than the copy.
    @inline(__always)
    mutating func write(to out: UnsafeMutablePointer<UInt8>, room: Int) {
        let count = self.count
        withUnsafeBytes(of: &storage) { b in
            if count <= 16 && room >= 16 {
                let raw = UnsafeMutableRawPointer(out)
                raw.storeBytes(of: b.loadUnaligned(fromByteOffset: 24 - count, as: UInt64.self), as: UInt64.self)
                raw.storeBytes(of: b.loadUnaligned(fromByteOffset: 32 - count, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            } else {
                for i in 0..<count { out[i] = b[24 - count + i] }
            }
        }
    }

    /// Calls `body` with the text.
    mutating func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let count = self.count
        withUnsafeBytes(of: &storage) { body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[(24 - count)..<24])) }
    }
}

/// Writes journal text into memory reserved for it (`JournalWriter.write`).
struct ByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        precondition(count < capacity, "journal entry longer than reserved")
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + bytes.count <= capacity, "journal entry longer than reserved")
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string's UTF-8 (labelled, so that a literal picks the `StaticString` one: through
    /// this one it was made a `String` per entry).
    mutating func put(string text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// `YYYY-MM-DD`.
    mutating func date(_ date: LocalDate) {
        precondition(count + 10 <= capacity, "journal entry longer than reserved")
        date.writeISOBytes(to: base + count)
        count += 10
    }

    /// 16 lower-case hex digits.
    @inline(__always)
    mutating func hex(_ value: UInt64) {
        precondition(count + 16 <= capacity, "journal entry longer than reserved")
        let out = UnsafeMutableRawPointer(base + count)
        out.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: value >> 32)), toByteOffset: 0, as: UInt64.self)
        out.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: value)), toByteOffset: 8, as: UInt64.self)
        count += 16
    }

    /// The eight lower-case hex digits of `x` as they lie in memory, computed a byte lane
    /// each (no table: a table's lookups and its lazy start cost more than the arithmetic).
    @inline(__always)
    static func hexDigits(_ x: UInt32) -> UInt64 {
        // One nibble a byte, the most significant in the highest byte.
        var v = UInt64(x)
        v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF
        v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF
        v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        // 1 in the lanes of nibbles 10...15, which become `a`...`f` (0x27 past `0` + 10).
        let letters = ((v &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        v = v &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
        return v.bigEndian
    }

    /// `; NAME: VALUE` on its own indented line.
    mutating func tag(_ tag: Tag) {
        put("    ; ")
        put(string: tag.name)
        put(": ")
        tagValue(tag.value ?? "yes")
        put(0x0A)
    }

    /// The `; rule:`, `; note:`, `; no-roundup:` and tag lines of an entry.
    mutating func tagLines(rule: String?, note: String?, excludesRoundUp: Bool, tags: [Tag]) {
        if let rule {
            put("    ; rule: ")
            tagValue(rule)
            put(0x0A)
        }
        if let note {
            put("    ; note: ")
            tagValue(note)
            put(0x0A)
        }
        if excludesRoundUp { put("    ; no-roundup: yes\n") }
        for tag in tags { self.tag(tag) }
    }

    /// `    ACCOUNT  AMOUNT CODE`, the amount's end at column 52 or two spaces after the account.
    mutating func posting(_ account: String, minorUnits: Int64, _ currency: Currency) {
        put("    ")
        var scalars = 0  // code points, without String's scalar walk
        var account = account
        account.withUTF8 { bytes in
            put(bytes)
            for b in bytes where b & 0xC0 != 0x80 { scalars += 1 }
        }
        amount(afterScalars: scalars, minorUnits: minorUnits, currency)
    }

    /// A posting's padding, amount, code and line end after an account of `scalars` code points.
    private mutating func amount(afterScalars scalars: Int, minorUnits: Int64, _ currency: Currency) {
        var digits = DecimalDigits(minorUnits.magnitude, exponent: currency.exponent)
        currency.withCodeBytes { amount(afterScalars: scalars, negative: minorUnits < 0, digits: &digits, code: $0) }
    }

    /// The two postings of an entry: `first` (which may begin with the entry's tag lines:
    /// its posting start is its last line) gets the amount negated, `second` the amount;
    /// the digits are made once for both.
    mutating func postingPair(
        first: UnsafeBufferPointer<UInt8>, firstScalars: Int, second: UnsafeBufferPointer<UInt8>, secondScalars: Int, minorUnits: Int64, _ currency: Currency
    ) {
        var digits = DecimalDigits(minorUnits.magnitude, exponent: currency.exponent)
        currency.withCodeBytes { code in
            let tail = Self.codeTail(code)
            put(first)
            amount(afterScalars: firstScalars, negative: minorUnits > 0, digits: &digits, code: code, tail: tail)
            put(second)
            amount(afterScalars: secondScalars, negative: minorUnits < 0, digits: &digits, code: code, tail: tail)
        }
    }

    /// ` CODE` and the line end as one word, when the code has at most six bytes.
    @inline(__always)
    private static func codeTail(_ code: UnsafeBufferPointer<UInt8>) -> (word: UInt64, count: Int)? {
        guard code.count <= 6 else { return nil }
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { b in
            b[0] = 0x20
            for i in 0..<code.count { b[1 + i] = code[i] }
            b[1 + code.count] = 0x0A
        }
        return (word, code.count + 2)
    }

    /// Padding, `-` when `negative`, the digits, the code and the line end.
    private mutating func amount(
        afterScalars scalars: Int, negative: Bool, digits: inout DecimalDigits, code: UnsafeBufferPointer<UInt8>, tail: (word: UInt64, count: Int)? = nil
    ) {
        let numberLength = digits.count + (negative ? 1 : 0) + 1 + code.count
        let padding = max(2, 52 - scalars - numberLength)
        precondition(count + padding + numberLength + 1 <= capacity, "journal entry longer than reserved")
        spaces(padding)
        if negative {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        digits.write(to: base + count, room: capacity - count)
        count += digits.count
        if let tail, count + 8 <= capacity {
            UnsafeMutableRawPointer(base + count).storeBytes(of: tail.word, as: UInt64.self)
            count += tail.count
            return
        }
        put(0x20)
        put(code)
        put(0x0A)
    }

    /// `n` spaces (room checked by the caller): eight at a store where the room allows
    /// the last store to reach past them (what follows overwrites it).
    @inline(__always)
    private mutating func spaces(_ n: Int) {
        if count + n + 8 <= capacity {
            let raw = UnsafeMutableRawPointer(base + count)
            var i = 0
            while i < n {
                raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: i, as: UInt64.self)
                i += 8
            }
        } else {
            (base + count).initialize(repeating: 0x20, count: n)
        }
        count += n
    }

    /// Minor units as a decimal with `exponent` digits after the point.
    mutating func decimal(_ minorUnits: Int64, exponent: Int) {
        var digits = DecimalDigits(minorUnits, exponent: exponent)
        digits.withBytes { put($0) }
    }

    /// One line, no `;` (a comment in both tools), no leading `(` (a transaction code),
    /// white space runs as one space, `no description` when empty.
    mutating func sanitized(_ description: String) {
        var description = description
        description.withUTF8 { sanitized(payee: nil, text: $0) }
    }

    /// `sanitized` of `PAYEE | TEXT` (or of `TEXT` alone), written from the parts; `asIs`
    /// is `isWrittenAsIs(text)` when the caller knows it already.
    mutating func sanitized(payee: UnsafeBufferPointer<UInt8>?, text: UnsafeBufferPointer<UInt8>, asIs: Bool? = nil) {
        if payee == nil, asIs ?? Self.isWrittenAsIs(text) {
            put(text)
            return
        }
        let start = count
        var pendingSpace = false
        if let payee {
            sanitizedRun(payee, start: start, pendingSpace: &pendingSpace)
            let bar: StaticString = " | "
            sanitizedRun(UnsafeBufferPointer(start: bar.utf8Start, count: bar.utf8CodeUnitCount), start: start, pendingSpace: &pendingSpace)
        }
        sanitizedRun(text, start: start, pendingSpace: &pendingSpace)
        if count == start { put("no description") }
    }

    /// True when `sanitized` writes `text` unchanged: not empty, no `;`, tab or line end,
    /// no space at either end or next to another, no leading `(` (most bank texts). Sixteen
    /// bytes at a time (`ByteVectors`) in texts of 17 or more, else eight (`ByteLanes`).
    static func isWrittenAsIs(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, let last = text.last, first != 0x20, first != UInt8(ascii: "("), last != 0x20 else { return false }
        if text.count >= 17, let base = text.baseAddress {
            return ByteVectors.isSingleSpaced(base, count: text.count) { ByteVectors.lanes($0, equalTo: UInt8(ascii: ";")) }
        }
        let raw = UnsafeRawBufferPointer(text)
        var i = 0
        var spaceBefore: UInt64 = 0  // 0x80 when the byte before the word is a space
        while i + 8 <= raw.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let special = ByteLanes.bytes(0x3B, in: w) | ByteLanes.bytes(0x09, in: w) | ByteLanes.bytes(0x0A, in: w) | ByteLanes.bytes(0x0D, in: w)
            let spaces = ByteLanes.bytes(0x20, in: w)
            if special != 0 || spaces & ((spaces << 8) | spaceBefore) != 0 { return false }
            spaceBefore = spaces >> 56
            i += 8
        }
        var previous: UInt8 = spaceBefore != 0 ? 0x20 : 0
        while i < raw.count {
            let b = raw[i]
            if b == 0x3B || b == 0x09 || b == 0x0A || b == 0x0D || (b == 0x20 && previous == 0x20) { return false }
            previous = b
            i += 1
        }
        return true
    }

    /// Writes one part of a description that started at `start`, white space collapsed
    /// across parts through `pendingSpace`.
    private mutating func sanitizedRun(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, pendingSpace: inout Bool) {
        for b in bytes {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D:
                pendingSpace = count > start
            default:
                if pendingSpace {
                    put(0x20)
                    pendingSpace = false
                }
                if count == start && b == UInt8(ascii: "(") {
                    put(UInt8(ascii: "["))
                } else {
                    put(b == UInt8(ascii: ";") ? UInt8(ascii: ",") : b)
                }
            }
        }
    }

    /// Tag values end at a comma in hledger, and at the line end in both tools.
    mutating func tagValue(_ value: String) {
        var value = value
        value.withUTF8 { tagValue($0) }
    }

    /// `tagValue` of a value's UTF-8 bytes.
    mutating func tagValue(_ bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes { put(b == UInt8(ascii: ",") || b == 0x0A || b == 0x0D ? 0x20 : b) }
    }

    /// The tag lines `StatementImporter.detailTags` makes of a row's details, in its order
    /// (`memo`, `counterparty`, `iban`, `type`, `bank-payee`; none for an empty field); how
    /// many lines.
    mutating func detailTags(_ details: RowDetails) -> Int {
        var lines = 0
        func tag(_ name: StaticString, _ value: UnsafeBufferPointer<UInt8>) {
            guard !value.isEmpty else { return }
            put(name)
            tagValue(value)
            put(0x0A)
            lines += 1
        }
        tag("    ; memo: ", details.memo)
        tag("    ; counterparty: ", details.counterparty)
        tag("    ; iban: ", details.iban)
        tag("    ; type: ", details.type)
        tag("    ; bank-payee: ", details.payee)
        return lines
    }
}

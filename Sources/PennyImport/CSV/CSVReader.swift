import Foundation
public import PennyCore

/// Reads bank CSV exports with libcsv, driven by a `csv` profile from the rules.
///
/// Streams: libcsv holds one field, the collector one record, the source one chunk.
public struct CSVReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `csv`.
    public var format: StatementFormat { .csv }

    /// True when a profile claims the file by name or header.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        CSVProfileMatcher(profiles: configuration.csvProfiles).profile(for: probe) != nil
    }

    /// Streams one statement: the profile's account, then one transaction per data row.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        guard
            let profile = CSVProfileMatcher(profiles: configuration.csvProfiles).profile(for: probe)
                ?? (configuration.csvProfiles.count == 1 ? configuration.csvProfiles[0] : nil)
        else {
            let names = configuration.csvProfiles.map(\.name).joined(separator: ", ")
            throw .badInput("no csv profile matches this file (tried: \(names.isEmpty ? "none declared" : names))", at: SourceLocation(file: displayName))
        }
        try read(probe.url, profile: profile, displayName: displayName, configuration: configuration, emit: emit)
    }

    /// Streams a file with a given profile.
    public func read(
        _ url: URL, profile: CSVProfile, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let currency = profile.account.flatMap { configuration.accountCurrencies[$0] } ?? configuration.defaultCurrency
        try emit(
            .statement(
                StatementHeader(
                    accountIdentifier: nil, accountName: profile.account, currency: currency,
                    location: SourceLocation(file: displayName, line: 1))))
        var mapper = CSVRowMapper(profile: profile, fileName: displayName, currency: currency)
        var closing = ClosingBalanceTracker()
        // Plain rows are gathered and lent a run at a time (`.rows`); any other event first
        // lends the rows before it, so the consumer sees everything in file order.
        // Detail rows add to the transaction above them, so each transaction waits for the
        // next row (and no row is plain).
        var rows = configuration.lendsRows && !profile.joinsDetailRows ? PlainRowRun(file: displayName, currency: currency) : nil
        var transaction: Transaction?
        var details = DetailRows(fileName: displayName)
        try withoutActuallyEscaping(emit) { (emit) throws(PennyError) in
            func lendRows() throws(PennyError) {
                try rows?.lend { (run) throws(PennyError) in try emit(.rows(run)) }
            }
            let collector = CSVRecordCollector(fileName: displayName) { (record) throws(PennyError) in
                let gathered = rows?.count ?? 0
                if try mapper.map(record, rows: &rows, transaction: &transaction), var t = transaction {
                    if profile.joinsDetailRows {
                        guard let held = details.hold(t) else { return !mapper.hasEnded }
                        t = held
                    }
                    closing.see(date: t.date, balance: t.balance, line: t.location.line)
                    try lendRows()
                    try emit(.transaction(t))
                } else if let text = mapper.detailText {
                    try details.add(text, line: record.line)
                }
                // (Read in place: a copy of the run would retain its arrays per row.)
                if (rows?.count ?? 0) > gathered, let row = rows?.last {
                    closing.see(date: row.date, balance: row.balance.map { Money(minorUnits: $0, currency: currency) }, line: row.line)
                    if rows?.isFull == true { try lendRows() }
                }
                return !mapper.hasEnded
            }
            let parser = try LibCSVParser(delimiter: profile.delimiter, collector: collector, strict: profile.quoting != .lenient)
            var lenient = LenientQuotes(delimiter: profile.delimiter)
            let lastByte: UInt8?
            do throws(PennyError) {
                lastByte = try Self.feed(url, profile: profile, displayName: displayName, to: parser, lenient: &lenient)
            } catch {
                // The rows read before the error reach the consumer first (one of them may be
                // the first error it sees).
                try lendRows()
                throw error
            }
            try lendRows()
            if let held = details.release() {
                closing.see(date: held.date, balance: held.balance, line: held.location.line)
                try emit(.transaction(held))
            }
            // A download that stopped early may end in the middle of its last row: a CSV
            // cannot tell, so a file without a final line end is named for a person to check.
            let cutShort = !mapper.hasEnded && lastByte != nil && lastByte != 0x0A
            try Self.emitEnd(
                strayQuoteLine: lenient.firstStrayQuoteLine, cutShort: cutShort, skipped: mapper.skipped, closing: closing, displayName: displayName, emit: emit)
        }
    }

    /// Feeds the file to libcsv a chunk at a time, through the profile's quote rewriter, and
    /// finishes the parse; returns the file's last byte (nil for an empty file).
    private static func feed(
        _ url: URL, profile: CSVProfile, displayName: String, to parser: LibCSVParser, lenient: inout LenientQuotes
    ) throws(PennyError) -> UInt8? {
        var backslash = BackslashQuotes()
        var lastByte: UInt8?
        try ByteSource(url: url, displayName: displayName, encoding: profile.encoding).forEachChunk { (chunk) throws(PennyError) in
            if let last = chunk.last { lastByte = last }
            switch profile.quoting {
            case .strict: try parser.feed(chunk)
            case .backslash: try ByteSource.withRawBytes(backslash.rewrite(chunk)) { (bytes) throws(PennyError) in try parser.feed(bytes) }
            case .lenient: try ByteSource.withRawBytes(lenient.rewrite(chunk)) { (bytes) throws(PennyError) in try parser.feed(bytes) }
            }
        }
        if profile.quoting == .lenient {
            try ByteSource.withRawBytes(lenient.finish()) { (bytes) throws(PennyError) in try parser.feed(bytes) }
        }
        try parser.finish()
        return lastByte
    }

    /// The events after the last row: a quote read leniently, a last row that may be cut
    /// short (`cutShort`: no final line end before the end of the data), the rows `skip-row`
    /// passed over, and the closing balance.
    private static func emitEnd(
        strayQuoteLine: Int?, cutShort: Bool, skipped: (count: Int, pattern: String, line: Int)?, closing: ClosingBalanceTracker, displayName: String,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        if let line = strayQuoteLine {
            try emit(.warning("a quote that strict CSV does not allow was read as text ('quotes lenient'); check the field", SourceLocation(file: displayName, line: line)))
        }
        if cutShort, let line = closing.lastLine {
            try emit(
                .warning(
                    "the file does not end with a line end: if its download stopped early, this last row may be cut short; check it against the bank",
                    SourceLocation(file: displayName, line: line)))
        }
        if let skipped {
            try emit(.skippedRows(count: skipped.count, pattern: skipped.pattern, first: SourceLocation(file: displayName, line: skipped.line)))
        }
        if let balance = closing.balance { try emit(.closing(balance)) }
    }
}

/// The statement's closing balance from a running-balance column: the balance after the
/// latest date's last transaction, whether the file lists dates ascending or descending.
struct ClosingBalanceTracker {
    private var firstDate: LocalDate?
    private var latest: LocalDate?
    private var firstAtLatest: Money?
    private var lastAtLatest: Money?
    private var lastDate: LocalDate?
    /// The line of the last transaction read.
    private(set) var lastLine: Int?

    mutating func see(date: LocalDate, balance: Money?, line: Int) {
        lastLine = line
        if firstDate == nil { firstDate = date }
        lastDate = date
        guard let balance else { return }
        if latest.map({ date > $0 }) ?? true {
            latest = date
            firstAtLatest = balance
            lastAtLatest = balance
        } else if date == latest {
            lastAtLatest = balance
        }
    }

    var balance: StatementBalance? {
        guard let latest, let first = firstDate, let last = lastDate else { return nil }
        let ascending = first <= last
        guard let amount = ascending ? lastAtLatest : firstAtLatest else { return nil }
        return StatementBalance(date: latest, amount: amount)
    }
}

/// `detail-rows join`: each transaction is held until the next row, so the detail rows
/// after it (no date, no amount) can add their text to it.
struct DetailRows {
    let fileName: String
    private var held: Transaction?

    init(fileName: String) { self.fileName = fileName }

    /// Holds `transaction`; returns the one held before it, now complete.
    mutating func hold(_ transaction: Transaction) -> Transaction? {
        defer { held = transaction }
        return held
    }

    /// Adds a detail row's text: to the description when the transaction has none, else to
    /// its memo. A detail row before any transaction is an error at its line.
    mutating func add(_ text: String, line: Int) throws(PennyError) {
        guard held != nil else {
            throw .badInput(
                "a detail row (no date, no amount) before any transaction: 'detail-rows join' adds such rows to the transaction above them",
                at: SourceLocation(file: fileName, line: line, column: 1))
        }
        if held!.description.isEmpty {
            held!.description = text
        } else {
            held!.memo = held!.memo.map { "\($0); \(text)" } ?? text
        }
    }

    /// The last transaction held, at the end of the file.
    mutating func release() -> Transaction? {
        defer { held = nil }
        return held
    }
}

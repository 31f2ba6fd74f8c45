import Foundation
public import PennyCore

/// Reads OFX/QFX: 1.x SGML (CHARSET 1252, 8859-1, UTF-8), 2.x XML, files with no header
/// or a header in a comment; bank (STMTRS) and card (CCSTMTRS) statements, several per
/// file, several BANKTRANLISTs each.
///
/// The file is normalized to well-formed XML (`OFXNormalizer`), written in parts to
/// libxml2's SAX parser (`XMLStream`) once (`OFXStatementStream`): a statement's header
/// goes out when its first `STMTTRN` starts (its `CURDEF` and account come before the
/// transactions), each `STMTTRN` as it ends, and the closing balance (`LEDGERBAL`, after
/// the transactions) as a `.closing` event when the statement ends. The file is read a
/// part at a time in every pass (its charset first, then the normalizer's names closed
/// explicitly, then the XML pass): neither its bytes, nor its text, nor the XML are held
/// whole. Malformed XML and shapes only the tree reads as before are read as libxml2's tree
/// (of the whole XML, `OFXTreeReading`), past the events the stream already sent.
public struct OFXReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// Reads every file in the one pass, even a shape `OFXShapeCheck` sends to the tree:
    /// only for tests, which reach the stream's own guards with it.
    var skipsShapeCheck = false

    /// `ofx`.
    public var format: StatementFormat { .ofx }

    /// True when the first bytes hold an OFX header or an `<OFX>` element.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        // Header lines may come in any order before <OFX> (`DATA:OFXSGML` first, blank lines,
        // a byte-order mark): what counts is that the head says OFX, and is not JSON.
        guard let first = probe.firstSignificantByte, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else { return false }
        let head = String(decoding: probe.head, as: UTF8.self).uppercased()
        return head.contains("OFXHEADER") || head.contains("<OFX>") || head.contains("DATA:OFXSGML")
    }

    /// Streams each statement and its transactions.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        guard let file = OFXFile(path: probe.url.path, displayName: displayName) else {
            // The error Penny gave when it read the whole file.
            _ = try probe.contents(displayName: displayName)
            throw .badInput("cannot read file: \(String(cString: strerror(errno)))", at: SourceLocation(file: displayName))
        }
        let (declared, evidence) = try Self.charsetEvidence(file)
        let charset = OFXCharset(declared: declared, evidence: evidence)
        let warning: StatementEvent? =
            charset.isMislabelledUTF8
            ? declared.map {
                .warning(
                    "the file declares \($0.rawValue) but its bytes are UTF-8 (with accented letters): read as UTF-8",
                    SourceLocation(file: displayName, line: 1))
            } : nil
        let normalizer = try OFXNormalizer(OFXInput(file: file, charset: charset), fileName: displayName)
        let tree = OFXTreeReading(displayName: displayName, configuration: configuration, afterFirst: warning)
        if normalizer.needsTree && !skipsShapeCheck { return try tree.read(normalizer.document(), after: 0, sentStatements: [], emit: emit) }
        let stream = OFXStatementStream(configuration: configuration, displayName: displayName, afterFirst: warning)
        let emitted = try Self.stream(normalizer, into: stream, displayName: displayName, emit: emit)
        guard stream.irregular || emitted.xmlFailed || stream.started == 0 else {
            if let failure = stream.failure { throw failure }
            return
        }
        // Malformed XML, no statement, or a shape only the tree reads as before: the whole
        // document, with the tree's errors, past the events already sent.
        try tree.read(normalizer.document(), after: emitted.count, sentStatements: stream.sentStatements, emit: emit)
        if stream.failedOnLateHeader, let failure = stream.failure { throw failure }
    }

    /// The one XML pass: the normalized XML to libxml2 a part at a time, each part's events
    /// handed on; returns how many were, and whether the XML failed (or the stream stopped
    /// at an irregular shape). An error of `emit` ends the reading, as does the file's.
    private static func stream(
        _ normalizer: OFXNormalizer, into stream: OFXStatementStream, displayName: String, emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) -> (count: Int, xmlFailed: Bool) {
        let xml = try XMLStream(pushedAs: displayName, names: OFXTag.names, options: XMLTree.options)
        xml.begin(stream)
        var count = 0
        var failure: PennyError?
        do throws(PennyError) {
            try normalizer.write(partSize: XMLStream.chunkSize) { part, isLast in
                guard failure == nil else { return }
                xml.push(part, last: isLast)
                do throws(PennyError) {
                    for event in stream.take() {
                        try emit(event)
                        count += 1
                    }
                } catch {
                    failure = error
                }
            }
        } catch {
            throw failure ?? error
        }
        if let failure { throw failure }
        do throws(PennyError) { try xml.end() } catch { return (count, true) }
        return (count, false)
    }

    /// A statement's header (its closing balance comes as its own event, `closingEvents`).
    static func header(of statement: some OFXElement, displayName: String, configuration: ReaderConfiguration) throws(PennyError) -> StatementHeader {
        let at = SourceLocation(file: displayName, line: statement.line)
        var currency = configuration.defaultCurrency
        if let code = statement.text(.curdef) {
            guard let declared = Currency(code: code) else { throw .badInput("unknown currency '\(code)' in CURDEF", at: at) }
            currency = declared
        }
        let from = statement.child(.bankacctfrom) ?? statement.child(.ccacctfrom) ?? statement.child(.invacctfrom)
        return StatementHeader(accountIdentifier: from?.text(.acctid), accountName: nil, currency: currency, location: at)
    }

    /// What follows a statement's transactions: its closing balance, or the warning of one
    /// left out, or nothing.
    static func closingEvents(of statement: some OFXElement, currency: Currency, displayName: String) -> [StatementEvent] {
        let (closing, unusable) = closingBalance(of: statement, currency: currency, displayName: displayName)
        if let closing { return [.closing(closing)] }
        if let (message, location) = unusable { return [.warning(message, location)] }
        return []
    }

    /// The statement's closing balance (LEDGERBAL). A balance that is not exact in the
    /// currency (a money-market fund's 3317.738651126686) cannot be checked to the cent: it
    /// is left out, the transactions still count. So is one whose date is not a date
    /// (`00000000`), with the warning returned.
    private static func closingBalance(
        of statement: some OFXElement, currency: Currency, displayName: String
    ) -> (StatementBalance?, unusable: (String, SourceLocation)?) {
        guard let balance = statement.child(.ledgerbal), let amountText = balance.text(.balamt),
            let amount = try? amount(amountText, currency, SourceLocation(file: displayName, line: balance.line), field: "BALAMT")
        else { return (nil, nil) }
        let line = SourceLocation(file: displayName, line: balance.line)
        guard let text = balance.text(.dtasof) else { return (nil, nil) }
        guard let date = try? date(text, line, field: "DTASOF") else {
            return (nil, ("LEDGERBAL's DTASOF '\(text)' is not a date: the statement's closing balance is left out (its transactions are read)", line))
        }
        return (StatementBalance(date: date, amount: Money(minorUnits: amount, currency: currency)), nil)
    }

    /// One STMTTRN as a transaction. Errors point at the field's own line; the transaction
    /// is located at STMTTRN.
    static func transaction(_ element: some OFXElement, currency: Currency, displayName: String) throws(PennyError) -> Transaction {
        let line = SourceLocation(file: displayName, line: element.line)
        guard let posted = element.text(.dtposted) else { throw .badInput("transaction without DTPOSTED", at: line) }
        guard let amountText = element.text(.trnamt) else { throw .badInput("transaction without TRNAMT", at: line) }
        let payeeName = element.child(.payee)?.text(.name) ?? (element.child(.payee)?.holdsElements == false ? element.text(.payee) : nil)
        let name = element.text(.name) ?? payeeName
        let memo = element.text(.memo)
        let check = element.text(.checknum)
        let description = name ?? memo ?? check.map { "CHECK \($0)" } ?? ""
        func fieldLine(_ tag: OFXTag) -> SourceLocation { SourceLocation(file: displayName, line: element.child(tag)?.line ?? element.line) }
        let written = Money(minorUnits: try amount(amountText, currency, fieldLine(.trnamt), field: "TRNAMT"), currency: currency)
        let (amount, original) = try OFXForeignAmount.read(element, amount: written, statementCurrency: currency, displayName: displayName)
        var transaction = Transaction(
            date: try date(posted, fieldLine(.dtposted), field: "DTPOSTED"), amount: amount,
            description: description, location: line, payee: payeeName, memo: name == nil ? nil : memo,
            bankID: element.text(.fitid), type: element.text(.trntype))
        transaction.original = original
        return transaction
    }

    /// `YYYYMMDD[HHMMSS[.XXX]][[-5:EST]]`, cut to the date as written.
    static func date(_ text: String, _ at: SourceLocation, field: String) throws(PennyError) -> LocalDate {
        if let (y, m, d) = asciiDate(text) {
            guard let date = LocalDate(year: y, month: m, day: d) else {
                throw .badInput("cannot read \(field) '\(text)': expected a real date as YYYYMMDD, optionally with time and zone", at: at)
            }
            return date
        }
        let digits = text.prefix(8)
        guard digits.count == 8, digits.allSatisfy(Self.isASCIIDigit), let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
            let d = Int(digits.suffix(2)), let date = LocalDate(year: y, month: m, day: d)
        else {
            throw .badInput("cannot read \(field) '\(text)': expected a real date as YYYYMMDD, optionally with time and zone", at: at)
        }
        return date
    }

    /// Year, month and day of a text whose first 8 bytes are ASCII digits and whose ninth
    /// (if any) is ASCII, so that they are its first 8 characters: what the `Character`
    /// reading gives, on the bytes. Nil for any other text.
    private static func asciiDate(_ text: String) -> (Int, Int, Int)? {
        var number = 0
        var count = 0
        for byte in text.utf8 {
            if count == 8 {
                guard byte < 0x80 else { return nil }
                break
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
        }
        return count == 8 ? (number / 10_000, number / 100 % 100, number % 100) : nil
    }

    /// An ASCII digit: what `isNumber` lets through that `Int` then reads (any other number,
    /// `٣` or `½`, failed there), without Unicode's tables.
    private static func isASCIIDigit(_ character: Character) -> Bool {
        guard let value = character.asciiValue else { return false }
        return value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9")
    }

    /// An OFX amount: `.` decimals (thousands `,` tolerated), or a decimal comma.
    static func amount(_ text: String, _ currency: Currency, _ at: SourceLocation, field: String) throws(PennyError) -> Int64 {
        let decimalComma = hasDecimalComma(text)
        let format = decimalComma ? AmountFormat(decimalMark: ",", thousandsSeparator: .some(nil)) : AmountFormat(decimalMark: ".")
        do {
            return try AmountParser.parse(text, format: format, exponent: currency.exponent)
        } catch {
            throw .badInput("cannot read \(field) '\(text)': \(error.reason) (\(currency.code))", at: at)
        }
    }

    /// A `,` and no `.`: on the bytes when the text is ASCII, else as Foundation finds them.
    private static func hasDecimalComma(_ text: String) -> Bool {
        var comma = false
        var point = false
        for byte in text.utf8 {
            if byte >= 0x80 { return text.contains(",") && !text.contains(".") }
            if byte == UInt8(ascii: ",") { comma = true } else if byte == UInt8(ascii: ".") { point = true }
        }
        return comma && !point
    }

    /// The charset the file's header names, and what its bytes say of it: the file read
    /// once, a part at a time.
    static func charsetEvidence(_ file: OFXFile) throws(PennyError) -> (CSVProfile.Encoding?, OFXCharset.Evidence) {
        var evidence = OFXCharset.Evidence()
        var check = OFXUTF8Check()
        var part = try file.read(OFXFile.chunkSize)
        let declared = declaredEncoding(Array(part.prefix(2048)))
        let hasMark = OFXCharset.hasByteOrderMark(part)
        evidence.fileHasHigh = part.contains { $0 >= 0x80 }
        evidence.bodyHasHigh = (hasMark ? UnsafeBufferPointer(rebasing: part[3...]) : part).contains { $0 >= 0x80 }
        while !part.isEmpty {
            check.add(part)
            if part.count < OFXFile.chunkSize { break }
            part = try file.read(OFXFile.chunkSize)
            if !evidence.bodyHasHigh, part.contains(where: { $0 >= 0x80 }) {
                evidence.fileHasHigh = true
                evidence.bodyHasHigh = true
            }
        }
        evidence.isValidUTF8 = check.finish()
        return (declared, evidence)
    }

    /// The charset an OFX header or XML declaration names.
    static func declaredEncoding(_ bytes: [UInt8]) -> CSVProfile.Encoding? {
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self)
        for line in head.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.uppercased().hasPrefix("CHARSET:"), let e = TextEncodings.encoding(named: String(trimmed.dropFirst(8))) { return e }
            if trimmed.uppercased().hasPrefix("ENCODING:"), trimmed.uppercased().contains("UTF-8") { return .utf8 }
        }
        if let range = head.range(of: #"encoding=["']([A-Za-z0-9_-]+)["']"#, options: .regularExpression) {
            let value = head[range].dropFirst(10).dropLast()
            return TextEncodings.encoding(named: String(value))
        }
        return nil
    }
}

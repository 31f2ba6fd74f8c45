import Foundation
public import PennyCore

/// Reads ISO 20022 cash-management XML: camt.053 statements, camt.052 reports and camt.054
/// notifications, versions 001.01 to 001.08, any namespace prefix, streamed with libxml2's
/// `xmlTextReader` so memory stays flat however large the file.
///
/// Amounts take their sign from `CdtDbtInd` (a reversal keeps the sign the bank gives and
/// is typed `reversal`). An entry whose `TxDtls` all carry amounts that add up to the
/// entry's is split into one transaction per `TxDtls` (a batch); otherwise it is one
/// transaction. Entries with a status other than BOOK are pending.
public struct CAMTReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `camt`.
    public var format: StatementFormat { .camt }

    /// True for XML naming a camt.05x namespace or a BkToCstmr message.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        guard probe.firstSignificantByte == UInt8(ascii: "<") else { return false }
        let head = String(decoding: probe.head, as: UTF8.self)
        return head.contains("iso:20022:tech:xsd:camt.05") || head.contains("BkToCstmr")
    }

    /// Streams each statement and its transactions.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let stream = try XMLStream(path: probe.url.path, fileName: displayName)
        var parser = CAMTParser(stream: stream, fileName: displayName, defaultCurrency: configuration.defaultCurrency)
        try parser.run(emit: emit)
    }

    /// Streams CAMT XML held in memory (a CAMT report inside a JSON wrapper).
    func read(bytes: [UInt8], displayName: String, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let stream = try XMLStream(bytes: bytes, fileName: displayName)
        var parser = CAMTParser(stream: stream, fileName: displayName, defaultCurrency: configuration.defaultCurrency)
        try parser.run(emit: emit)
    }
}

/// The state of one streamed CAMT document.
struct CAMTParser {
    static let messages: Set<String> = ["BkToCstmrStmt", "BkToCstmrAcctRpt", "BkToCstmrDbtCdtNtfctn"]
    static let statementBlocks: Set<String> = ["Stmt", "Rpt", "Ntfctn"]
    static let accountIDPaths: Set<[String]> = [["IBAN"], ["Othr", "Id"], ["PrtryAcct", "Id"], ["BBAN"], ["UPIC"]]

    let stream: XMLStream
    let fileName: String
    let defaultCurrency: Currency

    private var path: [String] = []
    private var text = ""
    private var statementLine = 0
    private var statements = 0
    private var accountID: String?
    private var accountCurrency: String?
    private var balances: [CAMTBalance] = []
    private var headerEmitted = false
    private var balance: CAMTBalance?
    private var entry: CAMTEntry?
    private var details: CAMTEntry.Details?
    private var entryDepth = 0
    private var detailsDepth = 0
    private var balanceDepth = 0
    private var inStatement = false

    init(stream: XMLStream, fileName: String, defaultCurrency: Currency) {
        self.stream = stream
        self.fileName = fileName
        self.defaultCurrency = defaultCurrency
    }

    mutating func run(emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        while let node = try stream.next() {
            switch node {
            case .start(let name, let isEmpty):
                try start(name, emit: emit)
                if isEmpty { try end(name, emit: emit) }
            case .end(let name):
                try end(name, emit: emit)
            case .text(let value):
                text += value
            }
        }
        guard statements > 0 else {
            throw .badInput("no statement (Stmt, Rpt or Ntfctn) in this CAMT document", at: SourceLocation(file: fileName, line: max(1, stream.line)))
        }
    }

    private mutating func start(_ name: String, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        text = ""
        path.append(name)
        let depth = path.count
        if depth == 1 {
            let namespace = stream.namespace ?? ""
            guard namespace.contains("camt.05") else {
                throw .badInput(
                    "not a CAMT document: namespace '\(namespace)'; expected urn:iso:std:iso:20022:tech:xsd:camt.05x.001.xx",
                    at: SourceLocation(file: fileName, line: stream.line))
            }
        } else if depth == 2, !Self.messages.contains(Self.withoutVersion(name)) {
            throw .badInput(
                "unexpected CAMT message '\(name)': expected BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn",
                at: SourceLocation(file: fileName, line: stream.line))
        } else if depth == 3, Self.statementBlocks.contains(name) {
            inStatement = true
            statements += 1
            statementLine = stream.line
            accountID = nil
            accountCurrency = nil
            balances = []
            headerEmitted = false
        } else if inStatement, entry == nil, name == "Ntry" {
            try emitHeader(emit)
            entry = CAMTEntry(line: stream.line)
            entryDepth = depth
        } else if entry != nil, name == "TxDtls" {
            details = CAMTEntry.Details()
            detailsDepth = depth
        } else if inStatement, entry == nil, name == "Bal" {
            balance = CAMTBalance()
            balanceDepth = depth
        } else if name == "Amt" {
            let currency = stream.attribute("Ccy")
            if path.suffix(3) == ["AmtDtls", "InstdAmt", "Amt"] {
                if details != nil { details!.instructed.currency = currency } else if entry != nil { entry!.instructed.currency = currency }
            }
            if details != nil, details!.currency == nil {
                details!.currency = currency
            } else if entry != nil, details == nil, path.count == entryDepth + 1 {
                entry!.currency = currency
            } else if balance != nil {
                balance!.currency = currency
            }
        }
    }

    private mutating func end(_ name: String, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let value = Self.trimmed(text)
        text = ""
        defer { path.removeLast() }
        if details != nil {
            if name == "TxDtls" && path.count == detailsDepth {
                entry!.details.append(details!)
                details = nil
            } else {
                take(detailsValue: value, relative: path[detailsDepth...])
            }
        } else if entry != nil {
            if name == "Ntry" && path.count == entryDepth {
                try emitEntry(entry!, emit)
                entry = nil
            } else {
                take(entryValue: value, relative: path[entryDepth...])
            }
        } else if balance != nil {
            if name == "Bal" && path.count == balanceDepth {
                balances.append(balance!)
                balance = nil
            } else {
                take(balanceValue: value, relative: path[balanceDepth...])
            }
        } else if inStatement {
            if path.count == 3 {
                try emitHeader(emit)
                inStatement = false
            } else if path.count >= 5, path[3] == "Acct", path[4] == "Id", Self.accountIDPaths.contains(Array(path[5...])) {
                // Acct/Id/IBAN, Acct/Id/Othr/Id, camt v01's Acct/Id/PrtryAcct/Id, Acct/Id/BBAN.
                if accountID == nil, !value.isEmpty { accountID = value }
            } else if path.count == 5, path[3] == "Acct", path[4] == "Ccy" {
                accountCurrency = value
            }
        }
    }

    // The element paths below are matched on the path's own slice, one string
    // comparison at a time: no array is made per element (there are about thirty per
    // entry).

    private mutating func take(entryValue value: String, relative r: ArraySlice<String>) {
        if entry!.instructed.take(value, relative: r) { return }
        let i = r.startIndex
        if r.count == 1 {
            switch r[i] {
            case "Amt": entry!.amount = value
            case "CdtDbtInd": entry!.creditDebit = value
            case "RvslInd": entry!.isReversal = value.lowercased() == "true"
            case "Sts": if !value.isEmpty { entry!.status = value }
            case "AcctSvcrRef": entry!.reference = value
            case "AddtlNtryInf": entry!.additionalInfo = value
            default: break
            }
        } else if r.count == 2 {
            switch (r[i], r[i + 1]) {
            case ("Sts", "Cd"): if !value.isEmpty { entry!.status = value }
            case ("BookgDt", "Dt"), ("BookgDt", "DtTm"): entry!.bookingDate = value
            case ("ValDt", "Dt"), ("ValDt", "DtTm"): entry!.valueDate = value
            default: break
            }
        }
    }

    private mutating func take(detailsValue value: String, relative r: ArraySlice<String>) {
        if details!.instructed.take(value, relative: r) { return }
        let i = r.startIndex
        switch r.count {
        case 1:
            switch r[i] {
            case "Amt":
                if details!.amount == nil { details!.amount = value }
                return
            case "CdtDbtInd":
                details!.creditDebit = value
                return
            case "AddtlTxInf":
                details!.additionalInfo = value
                return
            default: break
            }
        case 2:
            if r[i] == "Refs" && r[i + 1] == "AcctSvcrRef" {
                details!.reference = value
                return
            }
        case 3:
            if r[i] == "AmtDtls" && r[i + 1] == "TxAmt" && r[i + 2] == "Amt" {
                if details!.amount == nil { details!.amount = value }
                return
            }
        default: break
        }
        let last = r.last
        if r.count >= 2, r[r.endIndex - 2] == "RmtInf", last == "Ustrd", !value.isEmpty {
            details!.unstructured.append(value)
        } else if r.count >= 2, r[i] == "RltdPties", last == "Nm" || last == "IBAN" {
            switch (r[i + 1], last) {
            case ("Dbtr", "Nm"): details!.debtorName = details!.debtorName ?? value
            case ("Cdtr", "Nm"): details!.creditorName = details!.creditorName ?? value
            case ("DbtrAcct", "IBAN"): details!.debtorIBAN = value
            case ("CdtrAcct", "IBAN"): details!.creditorIBAN = value
            default: break
            }
        }
    }

    private mutating func take(balanceValue value: String, relative r: ArraySlice<String>) {
        let i = r.startIndex
        switch r.count {
        case 1: if r[i] == "Amt" { balance!.amount = value } else if r[i] == "CdtDbtInd" { balance!.creditDebit = value }
        case 2: if r[i] == "Dt" && (r[i + 1] == "Dt" || r[i + 1] == "DtTm") { balance!.date = value }
        case 3: if r[i] == "Tp" && r[i + 1] == "CdOrPrtry" && (r[i + 2] == "Cd" || r[i + 2] == "Prtry") { balance!.code = value }
        default: break
        }
    }

    private var statementCurrency: Currency {
        accountCurrency.flatMap { Currency(code: $0) } ?? defaultCurrency
    }

    /// A currency attribute, with `XXX` ("no currency") and absence meaning the account's.
    private func currency(_ code: String?) -> Currency {
        guard let code, code != "XXX", let currency = Currency(code: code) else { return statementCurrency }
        return currency
    }

    private mutating func emitHeader(_ emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        guard !headerEmitted else { return }
        headerEmitted = true
        let at = SourceLocation(file: fileName, line: statementLine)
        var opening: StatementBalance?
        var closing: StatementBalance?
        for b in balances {
            guard let code = b.code, let text = b.amount, let dateText = b.date else { continue }
            let money = try signed(text, b.creditDebit ?? "CRDT", currency(b.currency), at)
            guard let date = Self.date(dateText) else { throw .badInput("cannot read balance date '\(dateText)'", at: at) }
            let point = StatementBalance(date: date, amount: money)
            if code == "OPBD" || (code == "PRCD" && opening == nil) { opening = point }
            if code == "CLBD" { closing = point }
        }
        let currency = balances.first.flatMap { $0.currency }.map { self.currency($0) } ?? statementCurrency
        try emit(.statement(StatementHeader(accountIdentifier: accountID, accountName: nil, currency: currency, location: at, opening: opening, closing: closing)))
    }

    private func emitEntry(_ e: CAMTEntry, _ emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let at = SourceLocation(file: fileName, line: e.line)
        guard let amountText = e.amount else { throw .badInput("entry without Amt", at: at) }
        guard let creditDebit = e.creditDebit else { throw .badInput("entry without CdtDbtInd (CRDT or DBIT)", at: at) }
        guard let dateText = e.bookingDate ?? e.valueDate else { throw .badInput("entry without BookgDt or ValDt", at: at) }
        guard let date = Self.date(dateText) else { throw .badInput("cannot read the entry date '\(dateText)': expected YYYY-MM-DD", at: at) }
        let entryCurrency = currency(e.currency)
        let total = try signed(amountText, creditDebit, entryCurrency, at)
        let isPending = e.status.map { $0 != "BOOK" } ?? false
        let type = e.isReversal ? "reversal" : nil
        // A batch: every TxDtls has an amount and they add up to the entry.
        if e.details.count > 1, e.details.allSatisfy({ $0.amount != nil }) {
            var parts: [Money] = []
            for d in e.details {
                parts.append(try signed(d.amount!, d.creditDebit ?? creditDebit, currency(d.currency ?? e.currency), at))
            }
            if parts.allSatisfy({ $0.currency == total.currency }), parts.reduce(0, { $0 + $1.minorUnits }) == total.minorUnits {
                for (index, (d, money)) in zip(e.details, parts).enumerated() {
                    var t = transaction(date, money, d, e, at, isPending, type, bankID: d.reference ?? e.reference.map { "\($0)#\(index + 1)" })
                    t.original = try original(d.instructed, charged: money, at)
                    try emit(.transaction(t))
                }
                return
            }
        }
        var t = transaction(date, total, e.details.first, e, at, isPending, type, bankID: e.reference)
        t.original = try original(e.details.count == 1 && e.details[0].instructed.amount != nil ? e.details[0].instructed : e.instructed, charged: total, at)
        try emit(.transaction(t))
    }

    /// The instructed amount when it is in another currency than the amount charged, with
    /// the charged amount's sign, and the bank's rate when it gives one.
    private func original(_ i: CAMTInstructedAmount, charged: Money, _ at: SourceLocation) throws(PennyError) -> OriginalAmount? {
        guard let text = i.amount, let code = i.currency, let foreign = Currency(code: code), foreign != charged.currency else { return nil }
        let money = try signed(text, charged.isNegative ? "DBIT" : "CRDT", foreign, at)
        guard let rateText = i.rate else { return OriginalAmount(amount: money, rate: nil) }
        guard let rate = Rate(parsing: rateText) else { throw .badInput("cannot read XchgRate '\(rateText)': expected a positive decimal like 1.0813", at: at) }
        return OriginalAmount(amount: money, rate: rate)
    }

    private func transaction(
        _ date: LocalDate, _ amount: Money, _ d: CAMTEntry.Details?, _ e: CAMTEntry, _ at: SourceLocation, _ isPending: Bool, _ type: String?,
        bankID: String?
    ) -> Transaction {
        let isCredit = amount.minorUnits >= 0
        let name = isCredit ? d?.debtorName : d?.creditorName
        let iban = isCredit ? d?.debtorIBAN : d?.creditorIBAN
        let remittance = d.map { $0.unstructured.joined(separator: " ") } ?? ""
        let description = !remittance.isEmpty ? remittance : (e.additionalInfo ?? d?.additionalInfo ?? name ?? "")
        return Transaction(
            date: date, amount: amount, description: description, location: at, payee: name,
            memo: remittance.isEmpty ? nil : e.additionalInfo, counterpartyName: name, counterpartyIBAN: iban,
            bankID: bankID, type: type, isPending: isPending)
    }

    private func signed(_ text: String, _ creditDebit: String, _ currency: Currency, _ at: SourceLocation) throws(PennyError) -> Money {
        let units: Int64
        do {
            units = try AmountParser.parse(text, format: .standard, exponent: currency.exponent)
        } catch {
            throw .badInput("cannot read amount '\(text)': \(error.reason) (\(currency.code))", at: at)
        }
        switch creditDebit {
        case "CRDT": return Money(minorUnits: units, currency: currency)
        case "DBIT": return Money(minorUnits: -units, currency: currency)
        default: throw .badInput("CdtDbtInd is '\(creditDebit)': expected CRDT or DBIT", at: at)
        }
    }

    /// Without leading and trailing XML white space (space, tab, CR, LF); most element
    /// text is already clean, so this returns it without copying.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        guard let first = utf8.first, let last = utf8.last else { return text }
        if !isSpace(first) && !isSpace(last) { return text }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = utf8.lastIndex(where: { !isSpace($0) })!
        return String(text[start...end])
    }

    /// `BkToCstmrAcctRptV01` (camt.052.001.01 names its messages with a version) → `BkToCstmrAcctRpt`.
    static func withoutVersion(_ name: String) -> String {
        guard let v = name.range(of: #"V[0-9]+$"#, options: .regularExpression) else { return name }
        return String(name[..<v.lowerBound])
    }

    /// `2024-03-01` or the date part of `2024-03-01T10:00:00+01:00`.
    static func date(_ text: String) -> LocalDate? {
        LocalDate(iso: text.prefix(10))
    }
}

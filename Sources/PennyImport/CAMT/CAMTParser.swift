import Foundation
import PennyCore

/// The state of one streamed CAMT document: told each element by `XMLStream`, it keeps
/// the path of tags, the statement, balance, entry and `TxDtls` being read, and emits the
/// header and transactions as their elements end.
final class CAMTParser: XMLElementHandler {
    static let messages: Set<String> = ["BkToCstmrStmt", "BkToCstmrAcctRpt", "BkToCstmrDbtCdtNtfctn"]

    let fileName: String
    let defaultCurrency: Currency
    private let emit: (StatementEvent) throws(PennyError) -> Void

    private let path = CAMTPath()
    // Touched for every element, only from the stream's callbacks on this thread: no
    // dynamic exclusivity check on each access.
    @exclusivity(unchecked) private var statementLine = 0
    @exclusivity(unchecked) private var statements = 0
    @exclusivity(unchecked) private var accountID: String?
    @exclusivity(unchecked) private var accountCurrency: String?
    @exclusivity(unchecked) private var balances: [CAMTBalance] = []
    @exclusivity(unchecked) private var headerEmitted = false
    /// The statement's account currency, known once its header is emitted.
    @exclusivity(unchecked) private var accountCurrencyInfo: CAMTAccountCurrency?
    @exclusivity(unchecked) private var balance: CAMTBalance?
    @exclusivity(unchecked) private var entry: CAMTEntry?
    @exclusivity(unchecked) private var details: CAMTEntry.Details?
    /// The depth of the entry, `TxDtls` and balance being read; 0 when none is.
    @exclusivity(unchecked) private var entryDepth = 0
    @exclusivity(unchecked) private var detailsDepth = 0
    @exclusivity(unchecked) private var balanceDepth = 0
    @exclusivity(unchecked) private var inStatement = false
    /// The last currency attribute read and its currency.
    @exclusivity(unchecked) private var lastCurrency: (code: String, currency: Currency)?

    private init(fileName: String, defaultCurrency: Currency, emit: @escaping (StatementEvent) throws(PennyError) -> Void) {
        self.fileName = fileName
        self.defaultCurrency = defaultCurrency
        self.emit = emit
    }

    /// Reads the document `stream` parses, emitting each statement's header and transactions.
    static func read(_ stream: XMLStream, fileName: String, defaultCurrency: Currency, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        try withoutActuallyEscaping(emit) { (emit) throws(PennyError) in
            let parser = CAMTParser(fileName: fileName, defaultCurrency: defaultCurrency, emit: emit)
            try stream.parse(parser)
            guard parser.statements > 0 else {
                throw .badInput("no statement (Stmt, Rpt or Ntfctn) in this CAMT document", at: SourceLocation(file: fileName, line: max(1, stream.line)))
            }
        }
    }

    func start(_ tag: XMLStartTag) throws(PennyError) {
        let name = CAMTTag(streamIndex: tag.name)
        path.append(name)
        let depth = path.count
        if depth == 1 {
            let namespace = tag.namespace ?? ""
            guard namespace.contains("camt.05") else {
                throw .badInput(
                    "not a CAMT document: namespace '\(namespace)'; expected urn:iso:std:iso:20022:tech:xsd:camt.05x.001.xx",
                    at: SourceLocation(file: fileName, line: tag.line))
            }
        } else if depth == 2, !Self.messages.contains(Self.withoutVersion(tag.localNameText)) {
            throw .badInput(
                "unexpected CAMT message '\(tag.localNameText)': expected BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn",
                at: SourceLocation(file: fileName, line: tag.line))
        } else if depth == 3, name == .stmt || name == .rpt || name == .ntfctn {
            inStatement = true
            statements += 1
            statementLine = tag.line
            accountID = nil
            accountCurrency = nil
            balances = []
            headerEmitted = false
            accountCurrencyInfo = nil
        } else if inStatement, entryDepth == 0, name == .ntry {
            entry = CAMTEntry(line: tag.line)
            entryDepth = depth
        } else if entryDepth != 0, name == .txDtls {
            details = CAMTEntry.Details()
            detailsDepth = depth
        } else if inStatement, entryDepth == 0, name == .bal {
            balance = CAMTBalance()
            balanceDepth = depth
        } else if name == .amt {
            let currency = tag.attribute("Ccy")
            if depth >= 3, path[depth - 3] == .amtDtls, path[depth - 2] == .instdAmt {
                if detailsDepth != 0 { details!.instructed.currency = currency } else if entryDepth != 0 { entry!.instructed.currency = currency }
            }
            if detailsDepth != 0, details!.currency == nil, Self.isDetailsAmount(path.tail(from: detailsDepth)) {
                details!.currency = currency
            } else if entryDepth != 0, detailsDepth == 0, depth == entryDepth + 1 {
                entry!.currency = currency
            } else if balanceDepth != 0 {
                balance!.currency = currency
            }
        }
    }

    func end(text: UnsafeBufferPointer<UInt8>) throws(PennyError) {
        let name = path[path.count - 1]
        let value = Self.trimmed(text)
        defer { path.removeLast() }
        if detailsDepth != 0 {
            if name == .txDtls && path.count == detailsDepth {
                entry!.details.append(details.take()!)
                detailsDepth = 0
            } else {
                take(detailsValue: value, relative: path.tail(from: detailsDepth))
            }
        } else if entryDepth != 0 {
            if name == .ntry && path.count == entryDepth {
                entryDepth = 0
                try emitEntry(entry.take()!)
            } else {
                take(entryValue: value, relative: path.tail(from: entryDepth))
            }
        } else if balanceDepth != 0 {
            if name == .bal && path.count == balanceDepth {
                balances.append(balance.take()!)
                balanceDepth = 0
            } else {
                take(balanceValue: value, relative: path.tail(from: balanceDepth))
            }
        } else if inStatement {
            if path.count == 3 {
                try emitHeader(firstEntry: nil)
                inStatement = false
            } else if path.count >= 5, path[3] == .acct, path[4] == .id, Self.isAccountID(path.tail(from: 5)) {
                // Acct/Id/IBAN, Acct/Id/Othr/Id, camt v01's Acct/Id/PrtryAcct/Id, Acct/Id/BBAN.
                if accountID == nil, !value.isEmpty { accountID = value }
            } else if path.count == 5, path[3] == .acct, path[4] == .ccy {
                accountCurrency = value
            }
        }
    }

    /// `TxDtls/Amt` or `TxDtls/AmtDtls/TxAmt/Amt`: where a `TxDtls`'s own amount is read.
    private static func isDetailsAmount(_ r: CAMTPath.Tail) -> Bool {
        let i = r.startIndex
        return r.count == 1 || (r.count == 3 && r[i] == .amtDtls && r[i + 1] == .txAmt)
    }

    /// `IBAN`, `Othr/Id`, `PrtryAcct/Id`, `BBAN` or `UPIC` (under `Acct/Id`).
    private static func isAccountID(_ r: CAMTPath.Tail) -> Bool {
        let i = r.startIndex
        switch r.count {
        case 1: return r[i] == .iban || r[i] == .bban || r[i] == .upic
        case 2: return (r[i] == .othr || r[i] == .prtryAcct) && r[i + 1] == .id
        default: return false
        }
    }

    // The element paths below are matched on the path's own slice of tags: no array and
    // no string is made per element (there are about thirty per entry).

    private func take(entryValue value: String, relative r: CAMTPath.Tail) {
        if entry!.instructed.take(value, relative: r) { return }
        let i = r.startIndex
        if r.count == 1 {
            switch r[i] {
            case .amt: entry!.amount = value
            case .cdtDbtInd: entry!.creditDebit = value
            case .rvslInd: entry!.isReversal = value.lowercased() == "true"
            case .sts: if !value.isEmpty { entry!.status = value }
            case .acctSvcrRef: entry!.reference = value
            case .addtlNtryInf: entry!.additionalInfo = value
            default: break
            }
        } else if r.count == 2 {
            switch (r[i], r[i + 1]) {
            case (.sts, .cd): if !value.isEmpty { entry!.status = value }
            case (.bookgDt, .dt), (.bookgDt, .dtTm): entry!.bookingDate = value
            case (.valDt, .dt), (.valDt, .dtTm): entry!.valueDate = value
            default: break
            }
        }
    }

    private func take(detailsValue value: String, relative r: CAMTPath.Tail) {
        if details!.instructed.take(value, relative: r) { return }
        let i = r.startIndex
        switch r.count {
        case 1:
            switch r[i] {
            case .amt:
                if details!.amount == nil { details!.amount = value }
                return
            case .cdtDbtInd:
                details!.creditDebit = value
                return
            case .addtlTxInf:
                details!.additionalInfo = value
                return
            default: break
            }
        case 2:
            if r[i] == .refs && r[i + 1] == .acctSvcrRef {
                details!.reference = value
                return
            }
        case 3:
            if r[i] == .amtDtls && r[i + 1] == .txAmt && r[i + 2] == .amt {
                if details!.amount == nil { details!.amount = value }
                return
            }
        default: break
        }
        let last = r.last
        if r.count >= 2, r[r.endIndex - 2] == .rmtInf, last == .ustrd, !value.isEmpty {
            details!.unstructured.append(value)
        } else if r.count >= 2, r[i] == .rltdPties, last == .nm || last == .iban {
            switch (r[i + 1], last) {
            case (.dbtr, .nm): details!.debtorName = details!.debtorName ?? value
            case (.cdtr, .nm): details!.creditorName = details!.creditorName ?? value
            case (.dbtrAcct, .iban): details!.debtorIBAN = value
            case (.cdtrAcct, .iban): details!.creditorIBAN = value
            default: break
            }
        }
    }

    private func take(balanceValue value: String, relative r: CAMTPath.Tail) {
        let i = r.startIndex
        switch r.count {
        case 1: if r[i] == .amt { balance!.amount = value } else if r[i] == .cdtDbtInd { balance!.creditDebit = value }
        case 2: if r[i] == .dt && (r[i + 1] == .dt || r[i + 1] == .dtTm) { balance!.date = value }
        case 3: if r[i] == .tp && r[i + 1] == .cdOrPrtry && (r[i + 2] == .cd || r[i + 2] == .prtry) { balance!.code = value }
        default: break
        }
    }

    private var statementCurrency: Currency {
        accountCurrencyInfo?.currency ?? accountCurrency.flatMap { Currency(code: $0) } ?? defaultCurrency
    }

    /// A currency attribute, with `XXX` ("no currency") and absence meaning the account's;
    /// a code that is no currency is refused, never read as the account's.
    private func currency(_ code: String?, _ at: SourceLocation) throws(PennyError) -> Currency {
        guard let code, code != "XXX" else { return statementCurrency }
        // Nearly every amount of a statement names the same currency: looked up once.
        if let last = lastCurrency, last.code == code { return last.currency }
        guard let currency = Currency(code: code) else { throw .badInput("unknown currency '\(code)' in Ccy", at: at) }
        lastCurrency = (code, currency)
        return currency
    }

    /// Emits the statement's header once: before its first entry (whose currency is the
    /// account's when neither `Acct/Ccy` nor a balance names one), or at its end.
    private func emitHeader(firstEntry: CAMTEntry?) throws(PennyError) {
        guard !headerEmitted else { return }
        headerEmitted = true
        let at = SourceLocation(file: fileName, line: statementLine)
        if let code = accountCurrency, code != "XXX", Currency(code: code) == nil { throw .badInput("unknown currency '\(code)' in Acct/Ccy", at: at) }
        accountCurrencyInfo = accountCurrency(firstEntry)
        var opening: StatementBalance?
        var closing: StatementBalance?
        for b in balances {
            guard let code = b.code, let text = b.amount, let dateText = b.date else { continue }
            let money = try signed(text, b.creditDebit ?? "CRDT", currency(b.currency, at), at)
            guard let date = Self.date(dateText) else { throw .badInput("cannot read balance date '\(dateText)'", at: at) }
            let point = StatementBalance(date: date, amount: money)
            if code == "OPBD" || (code == "PRCD" && opening == nil) { opening = point }
            if code == "CLBD" { closing = point }
        }
        let currency = statementCurrency
        try emit(.statement(StatementHeader(accountIdentifier: accountID, accountName: nil, currency: currency, location: at, opening: opening, closing: closing)))
    }

    /// The account's currency: `Acct/Ccy`, else the balances', else the first entry's.
    private func accountCurrency(_ firstEntry: CAMTEntry?) -> CAMTAccountCurrency? {
        if let code = accountCurrency, code != "XXX", let c = Currency(code: code) { return CAMTAccountCurrency(currency: c, source: "Acct/Ccy") }
        if let code = balances.first(where: { $0.currency != nil && $0.currency != "XXX" })?.currency, let c = Currency(code: code) {
            return CAMTAccountCurrency(currency: c, source: "its balances")
        }
        if let e = firstEntry, let code = e.currency, code != "XXX", let c = Currency(code: code) {
            return CAMTAccountCurrency(currency: c, source: "its first entry, line \(e.line)")
        }
        return nil
    }

    private func emitEntry(_ e: CAMTEntry) throws(PennyError) {
        try emitHeader(firstEntry: e)
        let at = SourceLocation(file: fileName, line: e.line)
        guard let amountText = e.amount else { throw .badInput("entry without Amt", at: at) }
        guard let creditDebit = e.creditDebit else { throw .badInput("entry without CdtDbtInd (CRDT or DBIT)", at: at) }
        guard let dateText = e.bookingDate ?? e.valueDate else { throw .badInput("entry without BookgDt or ValDt", at: at) }
        guard let date = Self.date(dateText) else { throw .badInput("cannot read the entry date '\(dateText)': expected YYYY-MM-DD", at: at) }
        // Booked on BookgDt; a ValDt of another day is kept beside it (the value-date tag).
        let valueDate = e.bookingDate == nil ? nil : e.valueDate.flatMap(Self.date).flatMap { $0 == date ? nil : $0 }
        let entryCurrency = try currency(e.currency, at)
        try accountCurrencyInfo?.check(entry: entryCurrency, at: at)
        let total = try signed(amountText, creditDebit, entryCurrency, at)
        let isPending = e.status.map { $0 != "BOOK" } ?? false
        let type = e.isReversal ? "reversal" : nil
        // A batch: every TxDtls has an amount and they add up to the entry.
        if e.details.count > 1, e.details.allSatisfy({ $0.amount != nil }) {
            var parts: [Money] = []
            for d in e.details {
                parts.append(try signed(d.amount!, d.creditDebit ?? creditDebit, currency(d.currency ?? e.currency, at), at))
            }
            if parts.allSatisfy({ $0.currency == total.currency }), parts.reduce(0, { $0 + $1.minorUnits }) == total.minorUnits {
                for (index, (d, money)) in zip(e.details, parts).enumerated() {
                    var t = transaction(date, money, d, e, at, isPending, type, bankID: d.reference ?? e.reference.map { "\($0)#\(index + 1)" })
                    t.original = try original(d.instructed, charged: money, at)
                    t.valueDate = valueDate
                    try emit(.transaction(t))
                }
                return
            }
        }
        var t = transaction(date, total, e.details.first, e, at, isPending, type, bankID: e.reference)
        t.original = try original(e.details.count == 1 && e.details[0].instructed.amount != nil ? e.details[0].instructed : e.instructed, charged: total, at)
        t.valueDate = valueDate
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
        // One Ustrd (the usual) is the remittance as it is: joining would copy it.
        let remittance = d.map { $0.unstructured.count == 1 ? $0.unstructured[0] : $0.unstructured.joined(separator: " ") } ?? ""
        let description = !remittance.isEmpty ? remittance : (e.additionalInfo ?? d?.additionalInfo ?? name ?? "")
        return Transaction(
            date: date, amount: amount, description: description, location: at, payee: name,
            memo: remittance.isEmpty ? nil : e.additionalInfo, counterpartyName: name, counterpartyIBAN: iban,
            bankID: bankID, type: type, isPending: isPending)
    }

    /// The amount with the sign `creditDebit` gives. ISO 20022 amounts are unsigned; one
    /// written with a sign is refused, never negated a second time.
    private func signed(_ text: String, _ creditDebit: String, _ currency: Currency, _ at: SourceLocation) throws(PennyError) -> Money {
        if let first = text.first, first == "-" || first == "+" {
            throw .badInput("Amt '\(text)' carries a sign: CAMT amounts are unsigned and CdtDbtInd (here \(creditDebit)) gives the sign", at: at)
        }
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

    /// The text without leading and trailing XML white space (space, tab, CR, LF).
    static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> String {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        guard start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    }

    /// `BkToCstmrAcctRptV01` (camt.052.001.01 names its messages with a version) → `BkToCstmrAcctRpt`.
    static func withoutVersion(_ name: String) -> String {
        guard let v = name.range(of: #"V[0-9]+$"#, options: .regularExpression) else { return name }
        return String(name[..<v.lowerBound])
    }

    /// `2024-03-01` or the date part of `2024-03-01T10:00:00+01:00`.
    static func date(_ text: String) -> LocalDate? {
        // A plain date is read as it is: cutting a String at ten characters costs more than the parse.
        text.utf8.count == 10 ? LocalDate(iso: text) : LocalDate(iso: text.prefix(10))
    }
}

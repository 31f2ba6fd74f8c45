import PennyCore

/// Money columns the header names beside the one read (KBC's `bedrag` with `credit`,
/// `debet` and `bedrag in EUR`): when each agrees with the reading on every row where it is
/// filled, it is the same money written again, not money left unread.
///
/// A money-out column agrees when its row's amount is money out of that size; a money-in
/// column when money in of that size; another amount when it has the same size. Money-out
/// and money-in columns also settle the sign: of the readings as written and negated, only
/// one can agree with them.
struct SniffMoneyAgreement {
    let choice: SniffLayoutChoice

    private enum Kind { case out, `in`, same }

    /// The reading every unread money column agrees with (decided, with its reason in
    /// `sniff`), or nil when some column disagrees on some row.
    func reading(_ sniff: inout CSVSniff) -> SniffColumns.Layout? {
        let columns = choice.columns
        let unread = columns.unreadMoney.map { ($0, kind($0)) }
        let agreeing = columns.layouts.filter { l in
            guard let rows = choice.rows(l) else { return false }
            return unread.allSatisfy { agrees($0.0, $0.1, rows) }
        }
        guard let first = agreeing.first else { return nil }
        let names = unread.map { columns.name($0.0) }.joined(separator: ", ")
        let settlesSign = unread.contains { $0.1 != .same && hasMoney($0.0) }
        guard settlesSign else {
            sniff.decisions.append(.init("other money", names, because: "the same size as \(CSVSniffer.describe(first, columns)) on every row where filled"))
            var plain = columns
            plain.unreadMoney = []
            return SniffLayoutChoice(columns: plain, format: choice.format, dateFormat: choice.dateFormat).withoutBalance(first, &sniff)
        }
        guard agreeing.count == 1 else { return nil }
        sniff.decisions.append(
            .init(
                "amounts", CSVSniffer.describe(first, columns),
                because: "\(names) agree with it on every row where filled: money out where the header says money out, money in where it says money in"))
        return first
    }

    private func kind(_ j: Int) -> Kind {
        let columns = choice.columns
        if columns.roles[.debit] == j { return .out }
        if columns.roles[.credit] == j { return .in }
        let named = columns.header.map { j < $0.count ? HeaderVocabulary.roles(for: $0[j]).map(\.role) : [] } ?? []
        if named.first == .debit { return .out }
        if named.first == .credit { return .in }
        return .same
    }

    private func value(_ r: SniffRecord, _ j: Int) -> Int64?? {
        let text = r[j].trimmed
        if text.isEmpty { return .some(nil) }
        return SniffNumbers.read(text, choice.format).map { .some($0) } ?? nil
    }

    private func hasMoney(_ j: Int) -> Bool {
        choice.columns.rows.contains { r in (value(r, j) ?? nil).map { $0 != 0 } ?? false }
    }

    private func agrees(_ j: Int, _ kind: Kind, _ rows: [SniffBalance.Row]) -> Bool {
        zip(choice.columns.rows, rows).allSatisfy { r, row in
            guard let cell = value(r, j) else { return false }
            guard let v = cell, v != 0 else { return true }
            switch kind {
            case .out: return row.amount == -v.magnitudeSigned
            case .in: return row.amount == v.magnitudeSigned
            case .same: return row.amount.magnitude == v.magnitude
            }
        }
    }
}

extension Int64 {
    /// The magnitude as a signed value (`Int64.min` has none and stays as it is).
    fileprivate var magnitudeSigned: Int64 { self == .min ? self : Swift.abs(self) }
}

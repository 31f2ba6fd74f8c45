public import PennyCore
public import PennyLedger

/// Renders the recurring payments: a document for the table, CSV and HTML writers, and
/// the JSON list (`payee`, `category`, `interval`, `amount`, `last_date`, `next_date`,
/// `monthly_cost`, `flags`, and for instalments `instalments_left` and `remaining_total`).
public enum RecurringRenderer {
    /// The items as a document.
    public static func document(_ items: [RecurringItem], asOf: LocalDate?) -> ReportDocument {
        let rows: [[ReportCell]] = items.map { i in
            [
                .text(i.payee), .text(i.category), .label(i.interval.word), .money(i.amount), .date(i.lastDate), .date(i.nextDate),
                .money(i.monthlyCost), i.instalmentsLeft.map { .text(String($0)) } ?? .missing, .text(flagText(i)),
            ]
        }
        let table = ReportTable(
            columns: [
                .text("Payee"), .text("Category"), .text("Every"), .number("Amount"), .text("Last"), .text("Next"), .number("Per month"),
                .number("Left"), .text("Flags"),
            ], rows: rows)
        let data = ReportTable(
            columns: [
                .text("payee"), .text("category"), .text("interval"), .number("amount"), .text("last_date"), .text("next_date"),
                .number("monthly_cost"), .number("instalments_left"), .text("flags"),
            ], rows: rows)
        let title: ReportText = "Recurring payments as of \(asOf)"
        if items.isEmpty { return ReportDocument(sections: [ReportSection(title: nil, blocks: [.line("No recurring payments found.")])], data: data) }
        return ReportDocument(sections: [ReportSection(title: title, blocks: [.table(table)])], data: data)
    }

    /// The flags as words, a price step with its amounts and date
    /// (`price-change -7.99→-9.99 2024-06-08`), an amount that varies with its range.
    static func flagText(_ i: RecurringItem) -> String {
        i.flags.map { flag in
            switch flag {
            case .priceChange: i.priceStep.map { "price-change \($0.old.decimalString)→\($0.new.decimalString) \($0.date)" } ?? flag.rawValue
            case .varies: i.range.map { "varies \($0.smallest.decimalString)…\($0.largest.decimalString)" } ?? flag.rawValue
            default: flag.rawValue
            }
        }.joined(separator: " ")
    }

    /// `{"as_of": ..., "recurring": [...]}`.
    public static func json(_ items: [RecurringItem], asOf: LocalDate?) -> String {
        JSONValue.object([
            ("as_of", asOf.map { .string($0.description) } ?? .null),
            (
                "recurring",
                .array(
                    items.map { i in
                        var pairs: [(String, JSONValue)] = [
                            ("payee", .string(i.payee)), ("category", .string(i.category)), ("account", .string(i.account)),
                            ("interval", .string(i.interval.rawValue)), ("amount", .string(i.amount.decimalString)),
                            ("currency", .string(i.amount.currency.code)), ("last_date", .string(i.lastDate.description)),
                            ("next_date", .string(i.nextDate.description)), ("monthly_cost", .string(i.monthlyCost.decimalString)),
                            ("count", .number(String(i.count))), ("flags", .array(i.flags.map { .string($0.rawValue) })),
                        ]
                        if let step = i.priceStep {
                            pairs.append(
                                (
                                    "price_change",
                                    .object([
                                        ("date", .string(step.date.description)), ("old", .string(step.old.decimalString)), ("new", .string(step.new.decimalString)),
                                    ])
                                ))
                        }
                        if let range = i.range {
                            pairs.append(("range", .object([("smallest", .string(range.smallest.decimalString)), ("largest", .string(range.largest.decimalString))])))
                        }
                        if let left = i.instalmentsLeft, let remaining = i.remainingTotal {
                            pairs += [("instalments_left", .number(String(left))), ("remaining_total", .string(remaining.decimalString))]
                        }
                        return .object(pairs)
                    })
            ),
        ]).text + "\n"
    }
}

extension RecurringDetector {
    /// The ledger's payments between an own account and a category up to `through` (all when
    /// nil; transfers between own accounts and opening balances left out), grouped as they
    /// stream past, and the ledger's latest date; past `spillBudget` bytes the groups go to
    /// a scratch file (`PaymentGroups`).
    public static func payments(
        ledgerPath: String, reader: JournalReader, ownAccounts: Set<String>, through: LocalDate? = nil, spillBudget: Int = 4 << 20
    ) throws(PennyError) -> (PaymentGroups, LocalDate?) {
        var payments = PaymentGroups(spillBudget: spillBudget)
        var latest: LocalDate?
        try reader.forEachTransaction(path: ledgerPath, tagNames: [], wantsDescription: true, commentPrefix: "; none", comment: { _ in }) { t in
            if latest.map({ t.date > $0 }) ?? true { latest = t.date }
            guard t.postings.count == 2, through.map({ t.date <= $0 }) ?? true else { return }
            let (a, b) = (t.postings[0], t.postings[1])
            let ownIsFirst = ownAccounts.contains(a.account)
            let own = ownIsFirst ? a : b, other = ownIsFirst ? b : a
            guard ownAccounts.contains(own.account), !ownAccounts.contains(other.account), !AccountName(other.account).isUnder(.equity),
                let amount = own.amount
            else { return }
            payments.add(Payment(date: t.date, amount: amount, description: t.description ?? "", category: other.account, account: own.account))
        }
        return (payments, latest)
    }
}

import PennyCore

/// Renders a `BalancesReport`.
public enum BalancesRenderer {
    /// SPEC §3's JSON. When an account is in another currency than the report's, every
    /// account also carries `currency` and `value` (its balance in the report's currency).
    public static func json(_ r: BalancesReport) -> String {
        let multi = r.isMultiCurrency
        return JSONValue.object([
            ("as_of", r.asOf.map { .string($0.description) } ?? .null),
            (
                "accounts",
                .array(
                    r.accounts.map { a in
                        var fields: [(String, JSONValue)] = [
                            ("account", .string(a.account)), ("balance", .string(a.balance.decimalString)),
                            ("statement_balance", .string(a.statementBalance.decimalString)),
                            ("statement_closing", a.statementClosing.map { .string($0.decimalString) } ?? .null),
                            ("statement_date", a.statementDate.map { .string($0.description) } ?? .null),
                            ("reconciled", .bool(a.reconciled)),
                        ]
                        if multi { fields += [("currency", .string(a.balance.currency.code)), ("value", a.value.map { .string($0.decimalString) } ?? .null)] }
                        return .object(fields)
                    })
            ),
            ("total", .string(r.total.decimalString)),
            ("currency", .string(r.total.currency.code)),
            ("exchanges", .array(r.exchanges.map(exchangeJSON))),
            ("exchange_cost", r.exchangeCost.map { .string($0.decimalString) } ?? .null),
        ]).text + "\n"
    }

    private static func exchangeJSON(_ e: ExchangeCost) -> JSONValue {
        func money(_ m: Money?) -> JSONValue { m.map { .string("\($0.decimalString) \($0.currency.code)") } ?? .null }
        return .object([
            ("date", .string(e.date.description)), ("from", .string(e.from)), ("to", .string(e.to)), ("paid", money(e.paid)), ("received", money(e.received)),
            ("reference", money(e.reference)), ("cost", money(e.cost)),
        ])
    }

    /// The accounts with their statement figures and the total; with accounts in several
    /// currencies, each account's currency and value, and the exchanges between them.
    public static func document(_ r: BalancesReport) -> ReportDocument {
        let multi = r.isMultiCurrency
        let code = r.total.currency.code
        let rows: [[ReportCell]] = r.accounts.map { a in
            var row: [ReportCell] = [
                .text(a.account), .money(a.balance), .money(a.statementBalance), .money(a.statementClosing), .date(a.statementDate),
                a.statementClosing == nil ? .missing : .flag(a.reconciled),
            ]
            if multi { row.insert(.text(a.balance.currency.code), at: 1); row.append(.money(a.value)) }
            return row
        }
        var columns: [ReportColumn] = [.text("Account"), .number("Balance"), .number("Statements"), .number("Bank says"), .text("On"), .text("Reconciled")]
        var totalRow: [ReportCell] = [.label("Total"), .money(r.total), .empty, .empty, .empty, .empty]
        if multi {
            columns.insert(.text("Currency"), at: 1)
            columns.append(.number("In \(code)"))
            totalRow = [.label("Total"), .text(code), .empty, .empty, .empty, .empty, .empty, .money(r.total)]
        }
        let table = ReportTable(columns: columns, rows: rows + [totalRow])
        var dataColumns: [ReportColumn] = [
            .text("account"), .number("balance"), .number("statement_balance"), .number("statement_closing"), .text("statement_date"), .text("reconciled"),
            .text("currency"),
        ]
        if multi { dataColumns.append(.number("value")) }
        let data = ReportTable(
            columns: dataColumns,
            rows: r.accounts.map { a in
                [
                    .text(a.account), .money(a.balance), .money(a.statementBalance), .money(a.statementClosing), .date(a.statementDate), .flag(a.reconciled),
                    .text(a.balance.currency.code),
                ] + (multi ? [.money(a.value)] : [])
            } + [[.text("total"), .money(r.total), .empty, .empty, .empty, .empty, .text(code)] + (multi ? [.money(r.total)] : [])])
        var sections = [ReportSection(title: "Balances as of \(r.asOf) (\(code))", blocks: [.table(table)])]
        if !r.exchanges.isEmpty {
            let exchangeRows: [[ReportCell]] = r.exchanges.map { e in
                [.date(e.date), .text(e.from), .text(e.to), .text(e.paid.description), .text(e.received.description), .text(e.reference?.description ?? "-"), .money(e.cost)]
            }
            let exchanges = ReportTable(
                columns: [.text("Date"), .text("From"), .text("To"), .number("Paid"), .number("Received"), .number("At the reference rate"), .number("Cost")],
                rows: exchangeRows)
            sections.append(
                ReportSection(
                    title: "Exchanges", blocks: [.table(exchanges), .line("Exchange cost: \(r.exchangeCost?.description ?? "-")")]))
        }
        return ReportDocument(sections: sections, data: data)
    }
}

import PennyCore
public import PennyRoundUp

/// Renders a `Summary` as a table for people or as the JSON of SPEC §3.
public enum SummaryRenderer {
    /// The JSON object of SPEC §3, with the period's round-ups.
    public static func json(_ s: Summary, roundUps: [RoundUpStatus] = []) -> String {
        func money(_ m: Money?) -> JSONValue { m.map { .string($0.decimalString) } ?? .null }
        func share(_ p: Percentage?) -> JSONValue { p.map { .number($0.jsonNumber) } ?? .null }
        let value = JSONValue.object([
            ("period", .object([("from", s.period.from.map { .string($0.description) } ?? .null), ("to", s.period.to.map { .string($0.description) } ?? .null)])),
            ("currency", .string(s.currency.code)),
            ("income", money(s.income)),
            ("expenses", money(s.expenses)),
            ("net", money(s.net)),
            ("savings_rate", share(s.savingsRate)),
            (
                "categories",
                .array(
                    s.categories.map { line in
                        .object([
                            ("account", .string(line.account)), ("amount", money(line.amount)),
                            ("share_of_expenses", share(line.shareOfExpenses)), ("share_of_income", share(line.shareOfIncome)),
                            ("budget", money(line.budget)), ("remaining", money(line.remaining)),
                        ])
                    })
            ),
            ("roundups", RoundUpRenderer.jsonValue(roundUps)),
        ])
        return value.text + "\n"
    }

    /// The summary as a document: figures, categories, round-ups; its data one row per
    /// category, then income, expenses and net.
    public static func document(_ s: Summary, roundUps: [RoundUpStatus] = []) -> ReportDocument {
        let from = s.period.from, to = s.period.to
        let figures = ReportTable(
            columns: [.text(""), .number("")],
            rows: [
                [.label("Income"), .money(s.income)], [.label("Expenses"), .money(s.expenses)], [.label("Net"), .money(s.net)],
                [.label("Savings rate"), s.savingsRate.map { .percent($0) } ?? .missing],
            ], showsHeader: false)
        var blocks: [ReportBlock] = [.table(figures)]
        if !s.categories.isEmpty {
            let columns: [ReportColumn] = [.text("Category"), .number("Amount"), .number("% expenses"), .number("% income"), .number("Budget"), .number("Remaining")]
            let rows: [[ReportCell]] = s.categories.map { line in
                [.text(line.account), .money(line.amount), .share(line.shareOfExpenses), .share(line.shareOfIncome), .money(line.budget), .money(line.remaining)]
            }
            blocks += [.gap, .table(ReportTable(columns: columns, rows: rows))]
        }
        for r in roundUps {
            blocks += [.gap, .line("Round-up \(r.program): accrued \(r.accrued), swept \(r.swept), in the pot \(r.pot)")]
        }
        if !s.otherCurrencies.isEmpty {
            blocks += [.gap, .line("Not included (other currencies): \(s.otherCurrencies.joined(separator: ", ")); see --currency")]
        }
        return ReportDocument(sections: [ReportSection(title: "Summary \(from) .. \(to) (\(s.currency.code))", blocks: blocks)], data: data(s))
    }

    /// One row per category, then income, expenses and net, each with the currency.
    private static func data(_ s: Summary) -> ReportTable {
        let code = ReportCell.text(s.currency.code)
        var rows: [[ReportCell]] = s.categories.map { line in
            [.text(line.account), .money(line.amount), .share(line.shareOfExpenses), .share(line.shareOfIncome), .money(line.budget), .money(line.remaining), code]
        }
        for (name, amount) in [("income", s.income), ("expenses", s.expenses), ("net", s.net)] {
            rows.append([.text(name), .money(amount), .empty, .empty, .empty, .empty, code])
        }
        return ReportTable(
            columns: [.text("account"), .number("amount"), .number("share_of_expenses"), .number("share_of_income"), .number("budget"), .number("remaining"), .text("currency")],
            rows: rows)
    }
}

extension SummaryRenderer {
    /// `report budget`: the budgeted categories, then the income split when the rules give one.
    public static func budgetDocument(_ s: Summary, split: [SplitLine] = []) -> ReportDocument {
        var document = budgetDocument(s)
        guard !split.isEmpty else { return document }
        let table = ReportTable(
            columns: [.text("Part"), .number("Planned %"), .number("Planned"), .number("Actual %"), .number("Actual")],
            rows: split.map { [.text($0.name), .percent($0.planned), .money($0.plannedAmount), $0.actualShare.map { .percent($0) } ?? .missing, .money($0.actual)] })
        let from = s.period.from, to = s.period.to
        document.sections.append(ReportSection(title: "Income split \(from) .. \(to) (\(s.currency.code))", blocks: [.table(table)]))
        return document
    }

    /// The budgeted categories only.
    private static func budgetDocument(_ s: Summary) -> ReportDocument {
        let from = s.period.from, to = s.period.to
        let lines = s.categories.compactMap { line in line.budget.flatMap { budget in line.remaining.map { (line, budget, $0) } } }
        let data = ReportTable(
            columns: [.text("account"), .number("budget"), .number("spent"), .number("remaining"), .text("currency")],
            rows: lines.map { line, budget, remaining in [.text(line.account), .money(budget), .money(line.amount), .money(remaining), .text(s.currency.code)] })
        if lines.isEmpty {
            return ReportDocument(sections: [ReportSection(title: nil, blocks: [.line("Budget \(from) .. \(to): no 'budget' block in the rules.")])], data: data)
        }
        let table = ReportTable(
            columns: [.text("Category"), .number("Budget"), .number("Spent"), .number("Remaining"), .number("% used")],
            rows: lines.map { line, budget, remaining in
                [.text(line.account), .money(budget), .money(line.amount), .money(remaining), .share(Percentage(part: line.amount.minorUnits, of: budget.minorUnits))]
            })
        return ReportDocument(sections: [ReportSection(title: "Budget \(from) .. \(to) (\(s.currency.code))", blocks: [.table(table)])], data: data)
    }

    /// `report budget --format json`: `budgets`, and `split` (each part's `name`, `planned`
    /// share and amount, `actual` amount and share) when the rules give one.
    public static func budgetJSON(_ s: Summary, split: [SplitLine] = []) -> String {
        var pairs = budgetPairs(s)
        if !split.isEmpty {
            pairs.append(
                (
                    "split",
                    .array(
                        split.map { part in
                            .object([
                                ("name", .string(part.name)), ("planned_share", .number(part.planned.jsonNumber)),
                                ("planned", .string(part.plannedAmount.decimalString)), ("actual", .string(part.actual.decimalString)),
                                ("actual_share", part.actualShare.map { .number($0.jsonNumber) } ?? .null),
                            ])
                        })
                ))
        }
        return JSONValue.object(pairs).text + "\n"
    }

    private static func budgetPairs(_ s: Summary) -> [(String, JSONValue)] {
        [
            ("period", .object([("from", s.period.from.map { .string($0.description) } ?? .null), ("to", s.period.to.map { .string($0.description) } ?? .null)])),
            ("currency", .string(s.currency.code)),
            (
                "budgets",
                .array(
                    s.categories.compactMap { line in
                        guard let budget = line.budget, let remaining = line.remaining else { return nil }
                        return .object([
                            ("account", .string(line.account)), ("budget", .string(budget.decimalString)), ("spent", .string(line.amount.decimalString)),
                            ("remaining", .string(remaining.decimalString)),
                        ])
                    })
            ),
        ]
    }
}

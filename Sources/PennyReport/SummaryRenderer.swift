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

    /// A plain-text table, with the period's round-ups.
    public static func table(_ s: Summary, roundUps: [RoundUpStatus] = []) -> String {
        let from = s.period.from?.description ?? "…", to = s.period.to?.description ?? "…"
        var out = "Summary \(from) .. \(to) (\(s.currency.code))\n\n"
        out += TextTable(
            rows: [
                ["Income", s.income.decimalString],
                ["Expenses", s.expenses.decimalString],
                ["Net", s.net.decimalString],
                ["Savings rate", s.savingsRate?.description ?? "-"],
            ], rightAligned: [1]
        ).render()
        if !s.categories.isEmpty {
            out += "\n"
            var rows = [["Category", "Amount", "% expenses", "% income", "Budget", "Remaining"]]
            for line in s.categories {
                rows.append([
                    line.account, line.amount.decimalString, line.shareOfExpenses?.formatted ?? "-",
                    line.shareOfIncome?.formatted ?? "-", line.budget?.decimalString ?? "-", line.remaining?.decimalString ?? "-",
                ])
            }
            out += TextTable(rows: rows, rightAligned: [1, 2, 3, 4, 5]).render()
        }
        for r in roundUps {
            out += "\nRound-up \(r.program): accrued \(r.accrued.decimalString), swept \(r.swept.decimalString), in the pot \(r.pot.decimalString)\n"
        }
        if !s.otherCurrencies.isEmpty {
            out += "\nNot included (other currencies): \(s.otherCurrencies.joined(separator: ", ")); see --currency\n"
        }
        return out
    }
}

extension SummaryRenderer {
    /// `report budget`: the budgeted categories only.
    public static func budgetTable(_ s: Summary) -> String {
        let from = s.period.from?.description ?? "…", to = s.period.to?.description ?? "…"
        let lines = s.categories.filter { $0.budget != nil }
        if lines.isEmpty { return "Budget \(from) .. \(to): no 'budget' block in the rules.\n" }
        var rows = [["Category", "Budget", "Spent", "Remaining", "% used"]]
        for line in lines {
            let used = Percentage(part: line.amount.minorUnits, of: line.budget!.minorUnits)
            rows.append([line.account, line.budget!.decimalString, line.amount.decimalString, line.remaining!.decimalString, used?.formatted ?? "-"])
        }
        return "Budget \(from) .. \(to) (\(s.currency.code))\n\n" + TextTable(rows: rows, rightAligned: [1, 2, 3, 4]).render()
    }

    /// `report budget --format json`.
    public static func budgetJSON(_ s: Summary) -> String {
        JSONValue.object([
            ("period", .object([("from", s.period.from.map { .string($0.description) } ?? .null), ("to", s.period.to.map { .string($0.description) } ?? .null)])),
            ("currency", .string(s.currency.code)),
            (
                "budgets",
                .array(
                    s.categories.filter { $0.budget != nil }.map { line in
                        .object([
                            ("account", .string(line.account)), ("budget", .string(line.budget!.decimalString)), ("spent", .string(line.amount.decimalString)),
                            ("remaining", .string(line.remaining!.decimalString)),
                        ])
                    })
            ),
        ]).text + "\n"
    }
}

/// Columns padded to their widest cell.
struct TextTable {
    let rows: [[String]]
    let rightAligned: Set<Int>

    func render() -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return rightAligned.contains(c) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacing(/\s+$/, with: "")
        }.joined(separator: "\n") + "\n"
    }
}

extension SummaryRenderer {
    /// `report summary --format csv`: one row per category, then income, expenses and net.
    public static func csv(_ s: Summary) -> String {
        var rows = [["account", "amount", "share_of_expenses", "share_of_income", "budget", "remaining", "currency"]]
        let code = s.currency.code
        for line in s.categories {
            rows.append([
                line.account, line.amount.decimalString, line.shareOfExpenses?.jsonNumber ?? "", line.shareOfIncome?.jsonNumber ?? "",
                line.budget?.decimalString ?? "", line.remaining?.decimalString ?? "", code,
            ])
        }
        rows.append(["income", s.income.decimalString, "", "", "", "", code])
        rows.append(["expenses", s.expenses.decimalString, "", "", "", "", code])
        rows.append(["net", s.net.decimalString, "", "", "", "", code])
        return CSVWriter.render(rows)
    }

    /// `report budget --format csv`.
    public static func budgetCSV(_ s: Summary) -> String {
        CSVWriter.render(
            [["account", "budget", "spent", "remaining", "currency"]]
                + s.categories.compactMap { line in
                    guard let budget = line.budget, let remaining = line.remaining else { return nil }
                    return [line.account, budget.decimalString, line.amount.decimalString, remaining.decimalString, s.currency.code]
                })
    }
}

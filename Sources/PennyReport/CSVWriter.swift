import PennyCore
import PennyRoundUp

/// RFC 4180 CSV for reports: a header row, then one row per line; fields with commas,
/// quotes or line ends are quoted.
public enum CSVWriter {
    /// The rows as CSV text.
    public static func render(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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

extension BalancesRenderer {
    /// `report balances --format csv`.
    public static func csv(_ r: BalancesReport) -> String {
        CSVWriter.render(
            [["account", "balance", "statement_balance", "statement_closing", "statement_date", "reconciled", "currency"]]
                + r.accounts.map {
                    [
                        $0.account, $0.balance.decimalString, $0.statementBalance.decimalString, $0.statementClosing?.decimalString ?? "",
                        $0.statementDate?.description ?? "", $0.reconciled ? "true" : "false", $0.balance.currency.code,
                    ]
                } + [["total", r.total.decimalString, "", "", "", "", r.total.currency.code]])
    }
}

extension CardRenderer {
    /// `report cards --format csv`: one row per cycle.
    public static func csv(_ cards: [CardReport]) -> String {
        var rows = [["account", "from", "to", "opening", "purchases", "refunds", "payments", "closing", "due_date", "amount_due", "carried", "open", "currency"]]
        for card in cards {
            for c in card.cycles {
                rows.append([
                    card.account, c.from.description, c.to.description, c.opening.decimalString, c.purchases.decimalString, c.refunds.decimalString,
                    c.payments.decimalString, c.closing.decimalString, c.dueDate.description, c.amountDue.decimalString, c.carried.decimalString,
                    c.isOpen ? "true" : "false", c.closing.currency.code,
                ])
            }
        }
        return CSVWriter.render(rows)
    }
}

extension RoundUpRenderer {
    /// `report roundups --format csv`: per program, rows of kind accrued, swept and pot, then one per destination.
    public static func csv(_ statuses: [RoundUpStatus]) -> String {
        var rows = [["program", "kind", "account", "amount", "currency"]]
        for s in statuses {
            let code = s.pot.currency.code
            rows.append([s.program, "accrued", "", s.accrued.decimalString, code])
            rows.append([s.program, "swept", "", s.swept.decimalString, code])
            rows.append([s.program, "pot", "", s.pot.decimalString, code])
            for d in s.destinations { rows.append([s.program, "destination", d.account, d.amount.decimalString, code]) }
        }
        return CSVWriter.render(rows)
    }
}

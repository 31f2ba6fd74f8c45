public import PennyCore
public import PennyRoundUp

/// Renders round-up status for people (table) and scripts (JSON of SPEC §3).
public enum RoundUpRenderer {
    /// The `roundups` array of SPEC §3's summary JSON.
    public static func jsonValue(_ statuses: [RoundUpStatus]) -> JSONValue {
        .array(
            statuses.map { s in
                .object([
                    ("program", .string(s.program)), ("accrued", .string(s.accrued.decimalString)), ("swept", .string(s.swept.decimalString)),
                    ("pot", .string(s.pot.decimalString)),
                    (
                        "destinations",
                        .array(
                            s.destinations.map { d in
                                var pairs: [(String, JSONValue)] = [("account", .string(d.account)), ("amount", .string(d.amount.decimalString))]
                                if let goal = d.goal {
                                    pairs.append(("goal", .string(goal.decimalString)))
                                    pairs.append(("goal_progress", d.goalProgressHundredths.map { .number(Percentage(hundredths: $0).jsonNumber) } ?? .null))
                                }
                                return .object(pairs)
                            })
                    ),
                    ("next_sweep", .string(s.next)),
                ])
            })
    }

    /// `{"roundups": [...]}`.
    public static func json(_ statuses: [RoundUpStatus]) -> String {
        JSONValue.object([("roundups", jsonValue(statuses))]).text + "\n"
    }

    /// A section per program (accrued, swept, pot, each destination with its goal, next
    /// sweep); data rows of kind accrued, swept and pot, then one per destination.
    public static func document(_ statuses: [RoundUpStatus]) -> ReportDocument {
        var data = ReportTable(columns: [.text("program"), .text("kind"), .text("account"), .number("amount"), .text("currency")])
        for s in statuses {
            let code = ReportCell.text(s.pot.currency.code)
            data.rows += [
                [.text(s.program), .text("accrued"), .empty, .money(s.accrued), code], [.text(s.program), .text("swept"), .empty, .money(s.swept), code],
                [.text(s.program), .text("pot"), .empty, .money(s.pot), code],
            ]
            data.rows += s.destinations.map { [.text(s.program), .text("destination"), .text($0.account), .money($0.amount), code] }
        }
        if statuses.isEmpty { return ReportDocument(sections: [ReportSection(title: nil, blocks: [.line("No round-up programs in the rules.")])], data: data) }
        let sections = statuses.map { s in
            var rows: [[ReportCell]] = [
                [.label("Accrued"), .money(s.accrued), .empty], [.label("Swept"), .money(s.swept), .empty], [.label("In the pot"), .money(s.pot), .empty],
            ]
            for d in s.destinations {
                let goal: ReportCell =
                    d.goal.map { g in
                        .label(d.goalProgressHundredths.map { "goal \(g): \(Percentage(hundredths: $0))" } ?? "goal \(g): -")
                    } ?? .text("")
                rows.append([.text("  → \(d.account)"), .money(d.amount), goal])
            }
            let table = ReportTable(columns: [.text("Program"), .number("Amount"), .text("Goal")], rows: rows, showsHeader: false)
            return ReportSection(title: "Round-up \(s.program) (\(s.accrued.currency.code))", blocks: [.table(table), .line("Next sweep: \(s.next)")])
        }
        return ReportDocument(sections: sections, data: data)
    }

    /// One line of `roundup status --detail`: a purchase's spare change, where it came from
    /// and the purchase's id.
    public static func detailLine(_ a: Accrual) -> String {
        "\(a.date)  \(a.program)  \(a.amount)  \(a.funding)  \(a.description)  (purchase \(a.purchaseKey))"
    }

    /// One element of `roundup status --detail --format json`'s `purchases` array.
    public static func detailJSON(_ a: Accrual) -> String {
        JSONValue.object([
            ("date", .string(a.date.description)), ("program", .string(a.program)), ("spare", .string(a.amount.decimalString)),
            ("currency", .string(a.amount.currency.code)), ("funding", .string(a.funding)), ("description", .string(a.description)),
            ("purchase", .string(a.purchaseKey)),
        ]).text
    }

    /// The closing line of a program's detail: its total and how many purchases made it.
    public static func detailTotal(program: String, total: Money, purchases: Int) -> String {
        "\(program): \(total) from \(purchases) purchase\(purchases == 1 ? "" : "s")"
    }
}

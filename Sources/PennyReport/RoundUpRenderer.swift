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

    /// A table per program.
    public static func table(_ statuses: [RoundUpStatus]) -> String {
        if statuses.isEmpty { return "No round-up programs in the rules.\n" }
        return statuses.map { s in
            var rows = [["Accrued", s.accrued.decimalString, ""], ["Swept", s.swept.decimalString, ""], ["In the pot", s.pot.decimalString, ""]]
            for d in s.destinations {
                let goal = d.goal.map { g in "goal \(g.decimalString): " + (d.goalProgressHundredths.map { Percentage(hundredths: $0).description } ?? "-") } ?? ""
                rows.append(["  → \(d.account)", d.amount.decimalString, goal])
            }
            return "Round-up \(s.program) (\(s.accrued.currency.code))\n\n" + TextTable(rows: rows, rightAligned: [1]).render() + "Next sweep: \(s.next)\n"
        }.joined(separator: "\n")
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

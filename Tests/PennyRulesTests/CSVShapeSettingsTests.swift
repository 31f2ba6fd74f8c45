import PennyCore
import PennyRules
import Testing

/// The `csv` settings for real exports' shapes: what they parse to, and one test per message.
struct CSVShapeSettingsTests {
    static let head = "account assets:bank:a\ncsv bank\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n"

    func errors(_ lines: String) -> [String] {
        do {
            _ = try RulesLoader.load(text: Self.head + lines, file: "c.rules")
            return []
        } catch {
            return error.errors.map(\.headline)
        }
    }

    @Test func parsesEveryShapeSetting() throws {
        let rules = try RulesLoader.load(
            text: Self.head + """
                  indicator "D/C"
                  debit-marks Af, D
                  credit-marks Bij
                  skip-row "Date" is Pending
                  end-row any starts-with "Saldo final"
                  end-at-blank-line
                  extra-fields ignore
                  detail-rows join
                  amount-unit kr
                  quotes backslash
                  iban 3
                  counterparty "Name"
                  type 4

                """, file: "c.rules")
        let p = try #require(rules.csvProfiles.first)
        #expect(p.indicator == .column(.header("D/C")))
        #expect(p.debitMarks == ["AF", "D"])
        #expect(p.creditMarks == ["BIJ"])
        #expect(p.skipRows.map(\.text) == ["Pending"])
        #expect(p.skipRows.first?.column == .header("Date"))
        #expect(p.endRows.first?.column == nil)
        #expect(p.endRows.first?.test == .startsWith)
        #expect(p.endsAtBlankLine && p.ignoresExtraFields && p.joinsDetailRows)
        #expect(p.amountFormat.unit == "kr")
        #expect(p.quoting == .backslash)
        #expect(p.ibanColumn == .index(3) && p.counterpartyColumn == .header("Name") && p.typeColumn == .index(4))
    }

    @Test(arguments: [
        ("  indicator\n", "c.rules:7:3: error: expected 'indicator COLUMN' or 'indicator after-amount'"),
        ("  debit-marks\n", "c.rules:7:3: error: expected 'debit-marks' followed by the words the bank writes, like: debit-marks D, DR"),
        ("  skip-row Pending\n", "c.rules:7:3: error: expected 'skip-row COLUMN is|contains|starts-with TEXT' (COLUMN may be 'any')"),
        ("  end-row 1 equals Total\n", "c.rules:7:13: error: unknown test 'equals'; expected one of is, contains, starts-with"),
        ("  end-at-blank-line yes\n", "c.rules:7:21: error: 'end-at-blank-line' takes no value"),
        ("  extra-fields keep\n", "c.rules:7:16: error: expected 'extra-fields ignore' or 'extra-fields reject'"),
        ("  detail-rows skip\n", "c.rules:7:15: error: expected 'detail-rows join' (rows with no date and no amount continue the transaction above)"),
        ("  amount-unit 1kr\n", "c.rules:7:15: error: expected 'amount-unit' followed by the text the bank writes beside each amount, like: amount-unit kr"),
        ("  quotes loose\n", "c.rules:7:10: error: expected 'quotes' followed by one of strict, lenient, backslash"),
        ("  debit-marks D\n  credit-marks D\n", "c.rules:2:5: error: csv profile 'bank': 'D' is both a debit and a credit mark"),
    ])
    func eachMessage(lines: String, message: String) {
        #expect(errors(lines) == [message])
    }

    @Test func anIndicatorNeedsOneAmountColumn() {
        let text = "account assets:bank:a\ncsv bank\n  match-file \"*.csv\"\n  date 1\n  debit 2\n  credit 3\n  indicator 4\n"
        do {
            _ = try RulesLoader.load(text: text, file: "c.rules")
            Issue.record("accepted")
        } catch {
            #expect(
                error.errors.map(\.headline) == [
                    "c.rules:2:5: error: csv profile 'bank': 'indicator' goes with one 'amount' column, not with 'debit' and 'credit'"
                ])
        }
    }
}

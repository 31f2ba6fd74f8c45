import PennyCore
import PennyRules
import Testing

struct RulesParserTests {
    static let valid = """
        # comment
        default currency EUR
        default expense-category expenses:misc
        default income-category income:misc

        account assets:bank:checking
          id PT50003600000000000000000, *1234   # IBAN and card digits
          currency EUR
          type checking
          opening 2024-01-01 1250.00

        account liabilities:card:visa
          id *4321
          type card
          closing-day 5
          due-day 15

        csv montepio
          match-file "*montepio*.csv"
          match-header "Data Mov."
          account assets:bank:checking
          delimiter ;
          encoding windows-1252
          header-lines 1
          date 1 %d-%m-%Y
          description 3 + "Descrição"
          amount 5
          decimal-mark ,
          thousands-separator .
          balance 6

        rule groceries
          if description contains "PINGO DOCE", "CONTINENTE", LIDL
          if amount < 0
          category expenses:food:groceries
          payee "Supermarket"

        rule big-refund
          if description starts-with "DEVOLUÇÃO"
          if amount >= 100.00 EUR
          category income:refunds
        """

    @Test func parsesEveryBuiltDirective() throws {
        let rules = try RulesLoader.load(text: Self.valid)
        #expect(rules.defaultCurrency == .euro)
        #expect(rules.defaultExpenseCategory == "expenses:misc")
        #expect(rules.accounts.map(\.name) == ["assets:bank:checking", "liabilities:card:visa"])
        #expect(rules.accounts[0].identifiers == ["PT50003600000000000000000", "*1234"])
        #expect(rules.accounts[0].opening?.amount.minorUnits == 125_000)
        #expect(rules.accounts[1].kind == .card)
        let csv = try #require(rules.csvProfiles.first)
        #expect(csv.delimiter == UInt8(ascii: ";"))
        #expect(csv.encoding == .windows1252)
        #expect(csv.descriptionColumns == [.index(3), .header("Descrição")])
        #expect(csv.amountFormat == AmountFormat(decimalMark: ",", thousandsSeparator: .some(".")))
        #expect(rules.rules.map(\.name) == ["groceries", "big-refund"])
        #expect(rules.rules[0].payee == "Supermarket")
        #expect(rules.account(identifiedBy: "pt50 0036 0000 0000 0000 0000 0")?.name == "assets:bank:checking")
        #expect(rules.account(identifiedBy: "4111111111114321")?.name == "liabilities:card:visa")
    }

    /// Every message, with its location, from one file: all errors are reported in one run.
    @Test func reportsEveryErrorWithLocationAndSuggestion() {
        let text = """
            acount assets:bank:x
            default currency EURO
            default colour blue
            account assets:bank:checking
              typ checking
              type chequing
              opening 2024-13-01 10.00
              opening 2024-01-01 10,00
            account assets:bank:checking
            csv bank
              delimiter ;;
              encoding latin2
              account assets:bank:nope
              date 1 %Q
              amout 3
            rule r1
              if amout < 0
              if description contians "X"
              if description matches /(/
              if date between 2024-03-01 and 2024-01-01
              if amount between 1 and
              category expenses
              tag id
            rule r1
              if description contains "Y"
              category expenses:y
            rule nothing
              if amount > 0
            rule last
              if description contains "A" "B"
              category expenses:a
            include other.rules
            """
        do {
            _ = try RulesLoader.load(text: text, file: "broken.rules")
            Issue.record("expected errors")
        } catch {
            let lines = error.errors.map(\.headline)
            let expected = [
                "broken.rules:1:1: error: unknown directive 'acount' (did you mean 'account'?); expected one of default, account, csv, rule, include, budget, roundup, recurring, not-recurring, price, label",
                "broken.rules:2:18: error: 'EURO' is not a currency code: expected three letters like EUR",
                "broken.rules:3:9: error: unknown default 'colour'; expected one of currency, expense-category, income-category",
                "broken.rules:5:3: error: unknown account setting 'typ' (did you mean 'type'?); expected one of id, currency, type, opening, closing-day, due-day, transfer-window, alias",
                "broken.rules:6:8: error: unknown account type 'chequing' (did you mean 'checking'?); expected one of checking, savings, card, cash",
                "broken.rules:7:11: error: expected 'opening YYYY-MM-DD AMOUNT'",
                "broken.rules:8:22: error: cannot read opening amount '10,00': rules write amounts with '.' as the decimal mark, like 1250.00",
                "broken.rules:9:9: error: account 'assets:bank:checking' is already declared at broken.rules:4:1",
                "broken.rules:10:1: error: csv profile 'bank' names account 'assets:bank:nope', which no 'account' block declares",
                "broken.rules:10:5: error: csv profile 'bank' has no 'amount COLUMN' (or 'debit' and 'credit') line",
                "broken.rules:10:5: error: csv profile 'bank' never applies: add 'match-file GLOB' or 'match-header TEXT'",
                "broken.rules:11:13: error: unknown delimiter ';;': expected one character such as ; , | or the word tab",
                "broken.rules:12:12: error: unknown encoding 'latin2' (did you mean 'latin1'?); expected one of utf-8, latin1, windows-1252, windows-1251, utf-16",
                "broken.rules:14:10: error: cannot use date format '%Q': expected %Y or %y, %m or %b, and %d, like %d/%m/%Y",
                "broken.rules:15:3: error: unknown csv setting 'amout' (did you mean 'amount'?); expected one of match-file, match-header, account, delimiter, encoding, header-lines, date, description, amount, debit, credit, decimal-mark, thousands-separator, amount-unit, negate, balance, id, currency, payee, memo, iban, counterparty, type, indicator, debit-marks, credit-marks, skip-row, end-row, end-at-blank-line, detail-rows, extra-fields, quotes",
                "broken.rules:17:6: error: unknown field 'amout' (did you mean 'amount'?); expected one of description, payee, memo, counterparty, iban, account, currency, type, amount, date",
                "broken.rules:18:18: error: unknown text operator 'contians' (did you mean 'contains'?); expected one of contains, starts-with, is, matches",
                "broken.rules:19:26: error: invalid regular expression /(/",
                "broken.rules:20:19: error: 'between A and B' needs A <= B",
                "broken.rules:21:21: error: expected 'between A and B'",
                "broken.rules:22:12: error: 'expenses' is not an account name: expected segments joined by ':', like expenses:food",
                "broken.rules:23:7: error: tag name 'id' is reserved (Penny writes it itself)",
                "broken.rules:24:6: error: rule 'r1' is already declared at broken.rules:16:1; rule names must be unique (the ledger records them)",
                "broken.rules:27:6: error: rule 'nothing' sets nothing: add a 'category ACCOUNT' line",
                "broken.rules:30:31: error: expected ',' between values (quote text that contains spaces)",
                "broken.rules:32:9: error: cannot read included file 'other.rules'",
            ]
            #expect(lines == expected)
            for (a, b) in zip(lines, expected) where a != b { Issue.record("\n got: \(a)\nwant: \(b)") }
        }
    }

    @Test func defaultIsNotARuleName() {
        do {
            _ = try RulesLoader.load(text: "rule default\n  category expenses:x\n", file: "f.rules")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.errors.map(\.headline) == [
                    "f.rules:1:6: error: the rule name 'default' is reserved: the ledger marks transactions no rule categorized with it"
                ])
        }
    }

    @Test func transferIsNotARuleName() {
        do {
            _ = try RulesLoader.load(text: "rule transfer\n  category expenses:x\n", file: "f.rules")
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.map(\.headline) == ["f.rules:1:6: error: the rule name 'transfer' is reserved: the ledger marks transfers Penny paired with it"])
        }
    }

    @Test func indentedLineOutsideABlock() {
        do {
            _ = try RulesLoader.load(text: "  rule x\n", file: "f.rules")
        } catch {
            #expect(
                error.errors.map(\.headline) == [
                    "f.rules:1:3: error: indented line outside a block: expected a directive (default, account, csv, rule, include, budget, roundup, recurring, not-recurring, price, label) in column 1"
                ])
        }
    }

    @Test func unterminatedStringHasACaret() {
        do {
            _ = try RulesLoader.load(text: "rule x\n  if description contains \"PINGO\n", file: "f.rules")
        } catch {
            let first = error.errors.first { $0.location?.line == 2 }!
            #expect(first.headline == "f.rules:2:27: error: unterminated string: expected a closing '\"'")
            #expect(first.description.hasSuffix("\n    " + String(repeating: " ", count: 26) + "^"))
        }
    }

}

/// `label NAME "Text"` with a line per language: how reports show a ledger name.
struct LabelDirectiveTests {
    @Test func aLabelIsChosenByLanguageThenBaseLanguageThenItsText() throws {
        let rules = try RulesLoader.load(
            text:
                """
                label expenses:housing "Housing"
                  pt "Habitação"
                  pt-BR "Moradia"
                label spare-change "Spare change"
                """, file: "l.rules")
        #expect(rules.labels(in: "pt-PT")["expenses:housing"] == "Habitação")
        #expect(rules.labels(in: "pt-BR")["expenses:housing"] == "Moradia")
        #expect(rules.labels(in: "en")["expenses:housing"] == "Housing")
        #expect(rules.labels(in: "it")["spare-change"] == "Spare change")
    }
}

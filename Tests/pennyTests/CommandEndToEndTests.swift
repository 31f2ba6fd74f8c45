import Foundation
import Testing

/// Exit codes, init, locking and the summary table.
@Suite(.serialized) struct CommandEndToEndTests {
    @Test func brokenRulesReportEveryErrorAndExit2() throws {
        let w = try Workspace()
        try "rule a\n  if amout < 0\n  category expenses:x\nrul b\n".write(toFile: w.path("rules/zz-broken.rules"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "samples")
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                rules/zz-broken.rules:2:6: error: unknown field 'amout' (did you mean 'amount'?); expected one of description, payee, memo, counterparty, iban, account, currency, type, amount, date
                      if amout < 0
                         ^
                rules/zz-broken.rules:4:1: error: unknown directive 'rul' (did you mean 'rule'?); expected one of default, account, csv, rule, include, budget, roundup, recurring, not-recurring, price, label
                    rul b
                    ^
                2 errors in the rules

                """)
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal")))
    }

    @Test func rulesCheck() throws {
        let w = try Workspace()
        let good = try w.penny("rules", "check")
        #expect(good.status == 0)
        #expect(good.stdout == "rules: 5 accounts, 2 csv profiles, 21 rules; no errors\n")
        try "rule groceries-lisbon\n  if description contains \"PINGO DOCE LISBOA\"\n  if amount < -1\n  category expenses:food:lisbon\n".write(
            toFile: w.path("rules/zz.rules"), atomically: true, encoding: .utf8)
        let warned = try w.penny("rules", "check")
        #expect(warned.status == 0)
        #expect(warned.stdout == "rules: 5 accounts, 2 csv profiles, 22 rules; no errors, 1 warning\n")
        #expect(warned.stderr.hasPrefix("rules/zz.rules:1:1: warning: rule 'groceries-lisbon' can never decide"))
        try "rule a\n  if amout < 0\n".write(toFile: w.path("rules/zz.rules"), atomically: true, encoding: .utf8)
        let bad = try w.penny("rules", "check")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasSuffix("1 error in the rules\n"))
    }

    @Test func aRulesFileUsingEveryConstructPassesCheck() throws {
        let w = try Workspace(copySamples: false)
        try w.copy(fixture: "everything.rules")
        try w.copy(fixture: "everything-more.rules")
        let result = try w.penny("rules", "check", "--rules", "everything.rules")
        #expect(result.stderr == "")
        #expect(result.stdout == "everything.rules: 2 accounts, 2 csv profiles, 6 rules; no errors\n")
    }

    @Test func rulesExplain() throws {
        let w = try Workspace()
        let result = try w.penny("rules", "explain", "--amount", "-23.47", "Compra Pingo Doce Lisboa")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                rule 'groceries' (rules/categories.rules:47:1) decides: category expenses:food:groceries
                  met: if description contains "PINGO DOCE", "CONTINENTE", "LIDL", "TESCO", "DUNNES"
                  met: if amount < 0
                tried before:
                  salary (rules/categories.rules:4:1): failed 'if description contains "ORDENADO"'
                  tax-refund (rules/categories.rules:10:1): failed 'if description contains "DEVOLUCAO IRS"'
                  card-payment (rules/categories.rules:16:1): failed 'if account is liabilities:card:*'
                  card-payment-from-checking (rules/categories.rules:21:1): failed 'if description starts-with "PAGAMENTO CARTAO"'
                  to-savings (rules/categories.rules:25:1): failed 'if description contains "TRF PARA POUPANCA"'
                  to-n26 (rules/categories.rules:29:1): failed 'if description contains "TRF PARA N26"'
                  savings-transfer (rules/categories.rules:33:1): failed 'if account is assets:bank:savings'
                  interest (rules/categories.rules:38:1): failed 'if description contains "JUROS"'
                  gifts (rules/categories.rules:43:1): failed 'if memo is "LOTE TRANSFERENCIAS"'

                """)
        let none = try w.penny("rules", "explain", "--amount", "5.00", "Unknown")
        #expect(none.stdout.hasPrefix("no rule categorizes it: default category income:uncategorized\ntried before:\n"))
    }

    /// A monthly budget of 9,999,999,999,999.99 over a ledger from the year 1000 to 2024:
    /// `amount * months` trapped (signal 4); now the report names the ledger.
    @Test func aBudgetPast64BitsIsAnErrorNotACrash() throws {
        let w = try Workspace()
        try "budget\n  expenses:leisure 9999999999999.99\n".write(toFile: w.path("rules/budget.rules"), atomically: true, encoding: .utf8)
        try "1000-01-10 old\n    expenses:leisure  1.00 EUR\n    assets:bank:montepio\n\n2024-01-10 new\n    expenses:leisure  1.00 EUR\n    assets:bank:montepio\n".write(
            toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        for report in ["budget", "summary"] {
            let result = try w.penny("report", report)
            #expect(result.status == 1, "\(report): \(result.stderr)")
            #expect(result.stderr.contains("ledger.journal: error: a total of this report passes what Penny counts exactly (9223372036854775807 minor units)"), "\(result.stderr)")
        }
    }

    @Test func budgetReport() throws {
        let w = try Workspace()
        try "budget\n  expenses:food 15% of income\n  expenses:leisure 50.00\n  expenses:travel 100.00\n".write(
            toFile: w.path("rules/budget.rules"), atomically: true, encoding: .utf8)
        try w.penny("import", "samples")
        let table = try w.penny("report", "budget", "--month", "2024-03").stdout
        #expect(table.contains("expenses:food     755.67  497.44     258.23   65.83\n"), "\(table)")
        #expect(table.contains("expenses:travel   100.00    0.00     100.00    0.00\n"), "\(table)")
        let json = try w.penny("report", "budget", "--period", "2024-Q1", "--format", "json").stdout
        #expect(json.contains(#"{"account": "expenses:leisure", "budget": "150.00", "spent": "20.98", "remaining": "129.02"}"#))
        let summary = try w.penny("report", "summary", "--month", "2024-03", "--format", "json").stdout
        #expect(summary.contains(#""budget": "755.67", "remaining": "258.23""#))
        #expect(try w.penny("report", "roundups", "--month", "2024-03").stdout.hasPrefix("Round-up spare-change (EUR)"))
    }

    /// The progress line shows on a terminal only: under `script` (a pseudo-terminal) it is
    /// there; every other test captures stderr through a pipe and sees none.
    @Test func progressOnlyOnATerminal() throws {
        let w = try Workspace()
        let script = try #require(Workspace.tool("script"), "script(1) from bsdutils")
        let tty = try w.run(script, ["-qc", "\(pennyBinary.path) import samples", "/dev/null"])
        #expect(tty.stdout.contains("\r\u{1B}[K[2/5] importing samples/montepio-2024-03.csv"))
        let piped = try w.penny("import", "samples")
        #expect(piped.stderr == "")
        #expect(!piped.stdout.contains("importing"))
    }

    @Test func categoriesReport() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let csv = try w.penny("report", "categories", "--format", "csv", "--depth", "1").stdout
        #expect(csv == "account,2024-03,total,currency\nincome,5037.81,5037.81,EUR\nexpenses,1736.61,1736.61,EUR\n")
    }

    @Test func everyReportHasACSVForm() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let balances = try w.penny("report", "balances", "--format", "csv").stdout.split(separator: "\n")
        #expect(balances.first == "account,balance,statement_balance,statement_closing,statement_date,reconciled,currency")
        #expect(balances.contains("liabilities:card:visa,-103.18,-103.18,-103.18,2024-03-31,true,EUR"))
        let summary = try w.penny("report", "summary", "--format", "csv").stdout.split(separator: "\n")
        #expect(summary.suffix(3) == ["income,5037.81,,,,,EUR", "expenses,1736.61,,,,,EUR", "net,3301.20,,,,,EUR"])
        let cards = try w.penny("report", "cards", "--format", "csv").stdout.split(separator: "\n")
        #expect(cards.count == 3)
        #expect(cards[1].hasPrefix("liabilities:card:visa,2024-02-29,2024-03-25,-150.00,-153.18,0.00,200.00,-103.18,2024-04-10,103.18,"))
        let roundUps = try w.penny("report", "roundups", "--format", "csv").stdout.split(separator: "\n")
        #expect(roundUps.first == "program,kind,account,amount,currency")
        #expect(roundUps.contains("spare-change,pot,,1.94,EUR"))
        #expect(try w.penny("report", "budget", "--format", "csv").stdout.hasPrefix("account,budget,spent,remaining,currency\n"))
    }

    @Test func usageErrorsExit2() throws {
        let w = try Workspace()
        #expect(try w.penny("report", "trends").status == 2)
        #expect(try w.penny("report", "summary", "--format", "pdf").stderr.contains("The value 'pdf' is invalid for '--format <format>'"))
        #expect(try w.penny("report", "summary", "--period", "2024-13").status == 2)
        let unknownFormat = try w.penny("import", "--format", "xls", "samples")
        #expect(unknownFormat.status == 2)
        #expect(unknownFormat.stderr.contains("unknown format 'xls': expected auto, csv, ofx, camt, json, qif or mt940"))
        #expect(try w.penny("frobnicate").status == 2)
        #expect(try w.penny("report", "summary", "--month", "2024-03", "--period", "2024").stderr.contains("use one of --period, --month, or --from/--to"))
    }

    @Test func unreadableDateOptionsExit2() throws {
        let w = try Workspace()
        for (arguments, message) in [
            (["report", "summary", "--from", "03/01/2024"], "cannot read --from '03/01/2024': expected YYYY-MM-DD"),
            (["recategorize", "--to", "2024-02-30"], "cannot read --to '2024-02-30': expected YYYY-MM-DD"),
            (["rules", "explain", "--date", "yesterday", "PINGO DOCE"], "cannot read --date 'yesterday': expected YYYY-MM-DD"),
            (["roundup", "apply", "spare-change", "--date", "2024-3-1"], "cannot read --date '2024-3-1': expected YYYY-MM-DD"),
        ] {
            let result = try w.run(pennyBinary.path, arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func lockedLedgerExits3() throws {
        let w = try Workspace()
        let fd = open(w.path("ledger.journal.lock"), O_RDWR | O_CREAT, 0o644)
        #expect(flock(fd, LOCK_EX) == 0)
        let result = try w.penny("import", "--wait", "0", "samples")
        #expect(result.status == 3)
        #expect(result.stderr == "ledger.journal: error: the ledger is locked by another penny run (waited 0 s; see --wait)\n")
        flock(fd, LOCK_UN)
        close(fd)
        #expect(try w.penny("import", "samples").status == 0)
    }

    @Test func initCreatesAndNeverOverwrites() throws {
        let w = try Workspace(copySamples: false)
        let first = try w.penny("init")
        #expect(first.status == 0)
        #expect(first.stdout == "rules/penny.rules: created\nledger.journal: created\n")
        try "# mine\n".write(toFile: w.path("rules/penny.rules"), atomically: true, encoding: .utf8)
        let second = try w.penny("init")
        #expect(second.stdout == "rules/penny.rules: exists, left alone\nledger.journal: exists, left alone\n")
        #expect(try w.text("rules/penny.rules") == "# mine\n")
    }

    /// Issue 33, item 15: init over a dangling link printed Foundation's raw error.
    @Test func initOverADanglingLinkSaysSoAndCreatesNothing() throws {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createSymbolicLink(atPath: w.path("ledger.journal"), withDestinationPath: "/nonexistent/ledger.journal")
        let result = try w.penny("init")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "ledger.journal: error: ledger.journal is a symbolic link to /nonexistent/ledger.journal, which does not exist: remove the link, or create what it points to, and run 'penny init' again"
            ), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: w.path("rules")))
    }

    @Test func starterRulesAreValid() throws {
        let w = try Workspace(copySamples: false)
        try w.penny("init")
        let summary = try w.penny("report", "summary")
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.hasPrefix("Summary … .. … (EUR)"))
    }

    @Test func summaryTableForAMonth() throws {
        let w = try Workspace()
        try w.penny("import", "samples")
        let result = try w.penny("report", "summary", "--month", "2024-03")
        #expect(
            result.stdout == """
                Summary 2024-03-01 .. 2024-03-31 (EUR)

                Income        5037.81
                Expenses      1736.61
                Net           3301.20
                Savings rate   65.53%

                Category                Amount  % expenses  % income  Budget  Remaining
                expenses:housing        954.30       54.95     18.94       -          -
                expenses:food           497.44       28.64      9.87       -          -
                expenses:transport      155.70        8.97      3.09       -          -
                expenses:cash            60.00        3.46      1.19       -          -
                expenses:leisure         20.98        1.21      0.42       -          -
                expenses:health          18.90        1.09      0.38       -          -
                expenses:uncategorized   15.00        0.86      0.30       -          -
                expenses:shopping        13.00        0.75      0.26       -          -
                expenses:donations        1.29        0.07      0.03       -          -

                Round-up spare-change: accrued 7.10, swept 5.16, in the pot 1.94

                """)
        let february = try w.penny("report", "summary", "--from", "2024-02-01", "--to", "2024-02-29", "--format", "json")
        #expect(february.stdout.hasPrefix(#"{"period": {"from": "2024-02-01", "to": "2024-02-29"}, "currency": "EUR", "income": "0.00", "expenses": "0.00""#))
    }
}

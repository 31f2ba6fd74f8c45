import Foundation
import Testing

/// `penny import` with no csv profile: the sniffed profile is used and written, an
/// ambiguous file is refused with its candidates, and the folder names the account.
@Suite(.serialized) struct SniffEndToEndTests {
    func workspace() throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: w.path("inbox/conta"), withIntermediateDirectories: true)
        try "default currency EUR\n\naccount assets:bank:montepio\n  alias conta\n".write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        return w
    }

    @Test func importsWritesTheProfileAndMatchesItNextTime() throws {
        let w = try workspace()
        let csv = "Data;Descrição;Montante;Saldo\n02-03-2024;COMPRA;-23,47;1.226,53\n15-03-2024;SALARIO;1.000,00;2.226,53\n"
        try csv.write(toFile: w.path("inbox/conta/extrato-2024-03.csv"), atomically: true, encoding: .utf8)
        let first = try w.penny("import", "inbox/conta/extrato-2024-03.csv")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("  read with a profile penny worked out; wrote it to rules/csv/extrato.rules (matched by its header next time)\n"))
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("    assets:bank:montepio                     1000.00 EUR"))
        let profile = try w.text("rules/csv/extrato.rules")
        #expect(profile.contains("  match-header \"Data;Descrição;Montante;Saldo\"\n"))
        #expect(profile.contains("  date \"Data\" %d-%m-%Y\n"))
        let check = try w.penny("rules", "check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("1 csv profile"))
        let again = try w.penny("import", "inbox/conta/extrato-2024-03.csv")
        #expect(again.stdout.contains("0 new, 2 duplicates"))
        #expect(!again.stdout.contains("wrote it"))
    }

    @Test func aWindows1251FileImportsInCyrillicAndItsProfileSaysSo() throws {
        let w = try workspace()
        let csv = """
            Дата;Описание;Сумма;Остаток
            03.02.2024;Перевод от Иванова И.И.;15000,00;15000,00
            05.02.2024;Оплата в магазине «Пятёрочка»;-1234,56;13765,44
            15.02.2024;Комиссия за обслуживание карты;-99,00;13666,44

            """
        try #require(csv.data(using: .windowsCP1251)).write(to: URL(fileURLWithPath: w.path("inbox/conta/vypiska-2024-02.csv")))
        let first = try w.penny("import", "inbox/conta/vypiska-2024-02.csv")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "")
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("2024-02-03 * Перевод от Иванова И.И.\n"))
        #expect(journal.contains("2024-02-05 * Оплата в магазине «Пятёрочка»\n"))
        #expect(journal.contains("2024-02-15 * Комиссия за обслуживание карты\n"))
        #expect(journal.contains("    assets:bank:montepio                    -1234.56 EUR\n"))
        let profile = try w.text("rules/csv/vypiska.rules")
        #expect(profile.contains("  match-header \"Дата;Описание;Сумма;Остаток\"\n  delimiter ;\n  encoding windows-1251\n"))
        #expect(profile.contains("  description \"Описание\"\n  amount \"Сумма\"\n"))
        let check = try w.penny("rules", "check")
        #expect(check.status == 0, "\(check.stderr)")
        // The written profile is found by its Cyrillic header, read in Windows-1251.
        let again = try w.penny("import", "inbox/conta/vypiska-2024-02.csv")
        #expect(again.stdout.contains("0 new, 3 duplicates"))
        #expect(!again.stdout.contains("worked out"))
    }

    @Test func anAmbiguousFileIsRefusedWithItsCandidates() throws {
        let w = try workspace()
        try "Date,Description,Amount\n01/02/2024,A,-1.00\n".write(toFile: w.path("inbox/conta/x.csv"), atomically: true, encoding: .utf8)
        let r = try w.penny("import", "inbox/conta/x.csv")
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot tell how to read this CSV: date format: all 1 dates read as %d/%m/%Y and as %m/%d/%Y"))
        #expect(r.stderr.contains("  # date format: pick one:\n  #   date \"Date\" %d/%m/%Y\n  #   date \"Date\" %m/%d/%Y\n"))
        #expect(!FileManager.default.fileExists(atPath: w.path("rules/csv")))
    }

    @Test func csvGuessShowsEvidenceAndPreview() throws {
        let w = try workspace()
        try "Date,Description,Amount\n13/02/2024,Shop,-1.50\n".write(toFile: w.path("x.csv"), atomically: true, encoding: .utf8)
        let r = try w.penny("csv", "guess", "x.csv")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("%d/%m/%Y"))
        #expect(r.stdout.contains("  line 2  2024-02-13  -1.50 EUR"))
        #expect(r.stdout.hasPrefix("x.csv: read with the profile below (worked out from the file, 1 transaction)\n  account: assets:bank:montepio\n"))
    }

    /// Guess is the import's verdict: a built-in profile claims the file for both.
    @Test func csvGuessNamesTheBuiltinProfileTheImportUses() throws {
        let w = try workspace()
        try "Number,Date,Account,Amount,Subcategory,Memo\n1,02/03/2024,20-32-06 13152170,-23.45,PAYMENT,TESCO STORES\n"
            .write(toFile: w.path("barclays.csv"), atomically: true, encoding: .utf8)
        let guess = try w.penny("csv", "guess", "barclays.csv")
        #expect(guess.status == 0, "\(guess.stdout)")
        #expect(guess.stdout.hasPrefix("barclays.csv: read with the profile below (the built-in profile builtin-barclays, which claims it by its header, 1 transaction)\n"))
        #expect(guess.stdout.contains("\nprofile:\ncsv builtin-barclays\n"))
        let imported = try w.penny("import", "barclays.csv")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  read with the built-in profile builtin-barclays (see 'penny csv guess')\n"))
    }

    /// A row the profile cannot read past the sniffed rows refuses guess as it refuses the
    /// import: exit 1 and the import's own line, with the row under it.
    @Test func csvGuessRefusesWithTheImportsLineWhenALaterRowDoesNotRead() throws {
        let w = try workspace()
        try "Date,Description,Amount\n2024-03-01,A,-1.20\n2024-03-02\n".write(toFile: w.path("short.csv"), atomically: true, encoding: .utf8)
        let guess = try w.penny("csv", "guess", "short.csv")
        let imported = try w.penny("import", "short.csv")
        #expect(guess.status == 1)
        #expect(imported.status == 1)
        let line = "short.csv:3:1: error: row has 1 field; the amount column 3 is missing"
        #expect(guess.stdout.hasPrefix(line + "\n    2024-03-02\n"))
        #expect(imported.stderr.hasPrefix(line + "\n"))
        #expect(!guess.stdout.contains("preview"))
    }

    /// Guess with no rules folder still shows the profile, and says the account is not worked out.
    @Test func csvGuessWithoutRulesShowsTheProfile() throws {
        let w = try Workspace(copySamples: false)
        try "Date,Description,Amount\n13/02/2024,Shop,-1.50\n".write(toFile: w.path("x.csv"), atomically: true, encoding: .utf8)
        let r = try w.penny("csv", "guess", "x.csv")
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("(no rules at rules: the own account is not worked out; penny import needs it declared)"))
    }
}

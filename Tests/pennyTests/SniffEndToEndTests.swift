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
    }
}

import Foundation
import Testing

/// Table and HTML reports speak the reader's language (`--locale`, else LC_ALL / LC_MONETARY
/// / LANG); the C locale keeps Penny's plain English; JSON and CSV never change.
@Suite struct LocalizedReportsEndToEndTests {
    static func importedWorkspace() throws -> Workspace {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        return w
    }

    @Test func summaryInPortugueseWithPortugueseFigures() throws {
        let w = try Self.importedWorkspace()
        let out = try w.penny("report", "summary", "--month", "2024-03", "--locale", "pt-PT").stdout
        #expect(out.hasPrefix("Resumo 01/03/2024 .. 31/03/2024 (EUR)\n"))
        #expect(out.contains("Receitas          5037,81\n"))
        #expect(out.contains("Taxa de poupança   65,53%\n"))
        #expect(out.contains("Categoria               Montante  % despesas  % receitas  Orçamento  Disponível\n"))
        #expect(out.contains("expenses:housing          954,30       54,95       18,94"))
        #expect(out.contains("Arredondamento spare-change: acumulado 7,10, transferido 5,16, no mealheiro 1,94"))
    }

    @Test func theEnvironmentsLocaleIsTheDefault() throws {
        let w = try Self.importedWorkspace()
        let spanish = try w.penny(environment: ["LANG": "es_ES.UTF-8"], "report", "balances").stdout
        #expect(spanish.hasPrefix("Saldos a 31/03/2024 (EUR)\n"))
        #expect(spanish.contains("Total                  11.901,20"))
        #expect(spanish.contains("  sí\n"))
        let italian = try w.penny(environment: ["LANG": "C.UTF-8", "LC_MONETARY": "it_IT.UTF-8"], "report", "cards").stdout
        #expect(italian.contains("(chiusura il giorno 25, scadenza il giorno 10)"))
        #expect(italian.contains("26/03/2024..25/04/2024 (aperto)"))
    }

    @Test func theCLocaleAndEnglishKeepTheirFormats() throws {
        let w = try Self.importedWorkspace()
        let plain = try w.penny(environment: ["LC_ALL": "C"], "report", "balances").stdout
        #expect(plain == (try w.penny("report", "balances").stdout))
        #expect(plain.hasPrefix("Balances as of 2024-03-31 (EUR)\n"))
        #expect(plain.contains("Total                  11901.20"))
        let english = try w.penny("report", "summary", "--month", "2024-03", "--locale", "en").stdout
        #expect(english.hasPrefix("Summary 03/01/2024 .. 03/31/2024 (EUR)\n"))
        #expect(english.contains("Income        5,037.81\n"))
    }

    @Test func jsonAndCSVNeverDependOnTheLocale() throws {
        let w = try Self.importedWorkspace()
        for (kind, format) in [("summary", "json"), ("summary", "csv"), ("balances", "csv"), ("cards", "json"), ("categories", "csv")] {
            let plain = try w.penny("report", kind, "--format", format).stdout
            #expect(try w.penny(environment: ["LANG": "pt_PT.UTF-8"], "report", kind, "--format", format).stdout == plain, "\(kind) \(format)")
            #expect(try w.penny("report", kind, "--format", format, "--locale", "ca").stdout == plain, "\(kind) \(format)")
        }
    }

    @Test func theGenericHTMLPageIsInTheLanguageToo() throws {
        let w = try Self.importedWorkspace()
        let page = try w.penny("report", "summary", "--month", "2024-03", "--format", "html", "--locale", "pt-BR").stdout
        #expect(page.contains("<html lang=\"pt-BR\">"))
        #expect(page.contains("<h2>Resumo 01/03/2024 .. 31/03/2024 (EUR)</h2>"))
    }
}

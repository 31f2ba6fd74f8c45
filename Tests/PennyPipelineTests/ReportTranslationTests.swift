import Foundation
import PennyCore
import PennyPipeline
import PennyReport
import PennyRules
import Testing

/// Every word a table or HTML report shows is in every language's file: the reports of the
/// samples, and of an empty ledger, are rendered and their templates collected.
@Suite struct ReportTranslationTests {
    /// The translatable templates of a document: titles, column titles of what a person
    /// reads (not the data table, which CSV writes as it is), lines and label cells.
    static func templates(_ document: ReportDocument) -> Set<String> {
        var found = Set<String>()
        func add(_ text: ReportText) {
            if text.isTranslatable { found.insert(text.template) }
            for case .label(let inner) in text.arguments { add(inner) }
        }
        for section in document.sections {
            if let title = section.title { add(title) }
            for block in section.blocks {
                switch block {
                case .table(let table):
                    table.columns.forEach { add($0.title) }
                    for row in table.rows { for case .label(let text) in row { add(text) } }
                case .line(let text): add(text)
                case .gap: break
                }
            }
        }
        return found
    }

    /// The templates of every report kind over the samples and over an empty ledger.
    static func allTemplates() throws -> Set<String> {
        let folder = try ScratchFolder()
        let rules = try RulesLoader.load(path: packageRoot.appendingPathComponent("rules").path)
        let ledger = folder.path("ledger.journal")
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [packageRoot.appendingPathComponent("samples").path])
        try "".write(toFile: folder.path("empty.journal"), atomically: true, encoding: .utf8)
        var found = Set<String>()
        for (set, path) in [(rules, ledger), (RuleSet(), folder.path("empty.journal"))] {
            for interval in CategorySeries.Interval.allCases {
                let assembly = ReportAssembly(rules: set, ledgerPath: path, currency: .euro, period: .all, interval: interval, depth: 2)
                for kind in ReportKind.allCases where kind != .html { found.formUnion(templates(try assembly.document(kind))) }
            }
        }
        for interval in RecurringItem.Interval.allCases { found.insert(interval.word.template) }
        return found
    }

    @Test func everyLanguageHasEveryWordOfTheTableReports() throws {
        let templates = try Self.allTemplates()
        #expect(templates.count > 40)
        if ProcessInfo.processInfo.environment["PENNY_PRINT_TEMPLATES"] != nil { for t in templates.sorted() { print("TEMPLATE\t\(t)") } }
        for language in Translations.languages {
            let missing = templates.subtracting(Translations.keys(of: language))
            #expect(missing.isEmpty, "\(language) lacks \(missing.sorted())")
        }
    }
}

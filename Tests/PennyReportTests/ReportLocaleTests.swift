import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyReport

/// Money, numbers and dates written the locale's way, from ICU's data, exactly.
struct ReportLocaleTests {
    func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .euro) }

    @Test func theExamplesOfTheIssue() {
        #expect(ReportLocale("en_US").money(eur(123_456)) == "€1,234.56")
        #expect(ReportLocale("de_DE").money(eur(123_456)) == "1.234,56\u{A0}€")
        #expect(ReportLocale("pt_BR").money(Money(minorUnits: 123_456, currency: Currency(code: "BRL")!)) == "R$\u{A0}1.234,56")
        // ICU groups Portuguese, Spanish and Italian numbers only from five digits.
        #expect(ReportLocale("pt_PT").money(eur(123_456)) == "1234,56\u{A0}€")
        #expect(ReportLocale("pt_PT").money(eur(1_234_567)) == "12\u{A0}345,67\u{A0}€")
        #expect(ReportLocale("es").money(eur(-1_234_567)) == "-12.345,67\u{A0}€")
        #expect(ReportLocale("it-IT").money(eur(5)) == "0,05\u{A0}€")
    }

    /// The digits come from the integer minor units; ICU's own formatting of the same
    /// amount (a test oracle only) places the same symbols the same way.
    @Test(arguments: ["en_US", "en_GB", "pt_PT", "pt_BR", "es_ES", "ca_ES", "it_IT", "de_DE", "fr_FR"])
    func agreesWithICU(identifier: String) {
        var g = SeededGenerator(seed: 7)
        let locale = ReportLocale(identifier)
        let icu = NumberFormatter()
        icu.locale = Locale(identifier: identifier)
        icu.numberStyle = .currency
        icu.currencyCode = "EUR"
        for _ in 0..<200 {
            let cents = Int64.random(in: 0...999_999_999, using: &g)
            let expected = icu.string(from: NSDecimalNumber(string: eur(cents).decimalString)) ?? ""
            let normalize = { (s: String) in s.replacingOccurrences(of: "\u{202F}", with: "\u{A0}").replacingOccurrences(of: " ", with: "\u{A0}") }
            #expect(normalize(locale.money(eur(cents))) == normalize(expected), "\(identifier) \(cents)")
        }
    }

    @Test func theLocaleComesFromTheEnvironment() {
        #expect(ReportLocale(nil, environment: ["LANG": "pt_PT.UTF-8"]).identifier == "pt_PT")
        #expect(ReportLocale(nil, environment: ["LC_ALL": "es_ES.UTF-8", "LANG": "pt_PT.UTF-8"]).identifier == "es_ES")
        #expect(ReportLocale(nil, environment: ["LC_MONETARY": "pt_BR.UTF-8", "LANG": "C"]).labels.language == "pt-BR")
        #expect(ReportLocale(nil, environment: ["LANG": "C.UTF-8"]).identifier == "en_US")
        #expect(ReportLocale(nil, environment: [:]).labels.language == "en")
    }

    @Test func monthNamesAndDates() {
        #expect(ReportLocale("pt_PT").month(year: 2024, month: 3) == "março de 2024")
        #expect(ReportLocale("en").month(year: 2024, month: 3) == "March 2024")
        #expect(ReportLocale("ca").month(year: 2024, month: 3).contains("març"))
        #expect(ReportLocale("it").date(LocalDate(year: 2024, month: 3, day: 5)!) == "5 marzo 2024")
    }

    @Test func everyLanguageHasEveryLabel() {
        let english = Translations.keys(of: "en")
        #expect(english.count > 30)
        for language in Translations.languages {
            let keys = Translations.keys(of: language)
            #expect(english.subtracting(keys).isEmpty, "\(language) lacks \(english.subtracting(keys).sorted())")
            #expect(keys.subtracting(english).isEmpty, "\(language) has unknown \(keys.subtracting(english).sorted())")
        }
    }

    @Test func labelsAreTranslated() {
        #expect(ReportLocale("pt_PT").labels["recap.income"] == "Receitas")
        #expect(ReportLocale("es").labels["recap.income"] == "Ingresos")
        #expect(ReportLocale("en").labels["recap.income"] == "Income")
    }
}

import PennyCore
import Testing

@testable import PennyReport

/// RFC 4180 quoting of report fields.
struct CSVWriterTests {
    @Test func quotesOnlyFieldsThatNeedIt() {
        let text = CSVWriter.render([["account", "note"], ["expenses:food", "plain"], ["expenses:gifts", "a, \"b\"\nc"]])
        #expect(text == "account,note\nexpenses:food,plain\nexpenses:gifts,\"a, \"\"b\"\"\nc\"\n")
    }
}

/// Issue 33, item 11: payee text that a spreadsheet runs as a formula is neutralized in
/// `--format csv` reports; amounts stay numbers.
struct CSVInjectionTests {
    @Test func formulaTextGetsAQuoteAndAmountsStayNumbers() {
        let table = ReportTable(
            columns: [.text("payee"), .number("amount")],
            rows: [
                [.text("=HYPERLINK(\"http://x\",\"y\")"), .money(Money(minorUnits: -1_234, currency: .euro))],
                [.text("+351 PHONE"), .money(Money(minorUnits: 500, currency: .euro))], [.text("@SUM(A1)"), .empty], [.text("\tTAB"), .empty],
                [.text("-minus"), .empty], [.text("LIDL"), .empty],
            ])
        let text = CSVReportWriter.render(ReportDocument(sections: [], data: table))
        #expect(
            text == """
                payee,amount
                "'=HYPERLINK(""http://x"",""y"")",-12.34
                '+351 PHONE,5.00
                '@SUM(A1),
                '\tTAB,
                '-minus,
                LIDL,

                """)
    }
}

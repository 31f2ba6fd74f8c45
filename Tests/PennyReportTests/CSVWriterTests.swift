import Testing

@testable import PennyReport

/// RFC 4180 quoting of report fields.
struct CSVWriterTests {
    @Test func quotesOnlyFieldsThatNeedIt() {
        let text = CSVWriter.render([["account", "note"], ["expenses:food", "plain"], ["expenses:gifts", "a, \"b\"\nc"]])
        #expect(text == "account,note\nexpenses:food,plain\nexpenses:gifts,\"a, \"\"b\"\"\nc\"\n")
    }
}

import Foundation
import Testing

/// The shapes real CSV exports take, each read with a profile written in the rules language
/// and compared with figures computed independently (Python's csv and decimal modules;
/// Fixtures/SOURCES.md says where each file comes from).
@Suite(.serialized) struct CSVShapesEndToEndTests {
    /// Imports `file` with one account and `profile` (the lines of a `csv` block), and
    /// returns the amounts posted to the account, in file order.
    func amounts(_ file: String, _ profile: String, currency: String = "EUR") throws -> (result: CommandResult, amounts: [String], journal: String) {
        let w = try Workspace(copySamples: false)
        try w.copy(fixture: "csv-shapes/" + file, as: file)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        let rules = """
            default currency \(currency)
            account assets:bank:test
              currency \(currency)
            csv shape
              account assets:bank:test
            \(profile.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

            """
        try rules.write(toFile: w.path("rules/bank.rules"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", file)
        let journal = (try? w.text("ledger.journal")) ?? ""
        let amounts = journal.split(separator: "\n").filter { $0.hasPrefix("    assets:bank:test ") }.map {
            String($0.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
        return (result, amounts, journal)
    }

    @Test func anIndicatorColumnSignsUnsignedAmounts() throws {
        // OCA's sample writes "-1,533.50" with C; its running balance shows money in.
        let oca = try amounts(
            "oca-debit-credit.csv",
            """
            match-header "Date,Label,Amount,D/C"
            date "Date" %m/%d/%Y
            description "Label"
            amount "Amount"
            indicator "D/C"
            """)
        #expect(oca.result.status == 0, "\(oca.result.stderr)")
        #expect(oca.amounts == ["-33.50", "1533.50"])
        let ing = try amounts(
            "ing-nl.csv",
            """
            match-file "ing-*.csv"
            header-lines 0
            date 1 %Y%m%d
            description 2 + 8
            amount 7
            decimal-mark ,
            indicator 6
            """)
        #expect(ing.result.status == 0, "\(ing.result.stderr)")
        #expect(ing.amounts == ["-136.13", "375.00", "-257.50"])
        let icici = try amounts(
            "icici-current-crdr.csv",
            """
            match-file "icici-*.csv"
            date "Value Date" %d/%m/%Y
            description "Description"
            amount "Transaction Amount(INR)"
            indicator "Cr/Dr"
            id "Transaction ID"
            balance "Available Balance(INR)"
            """, currency: "INR")
        #expect(icici.result.status == 0, "\(icici.result.stderr)")
        #expect(icici.amounts == ["-388.00", "50000.00", "-2000.00"])
    }

    @Test func anIndicatorThatIsNeitherMarkIsRefusedNeverGuessed() throws {
        let w = try amounts(
            "ing-nl.csv",
            """
            match-file "ing-*.csv"
            header-lines 0
            date 1 %Y%m%d
            description 2
            amount 7
            decimal-mark ,
            indicator 6
            debit-marks D
            credit-marks C
            """)
        #expect(w.result.status == 1)
        #expect(w.result.stderr.contains("ing-nl.csv:1:6: error: cannot tell money in from money out: indicator 'Af' is not one of debit-marks D; credit-marks C"))
        #expect(w.amounts.isEmpty)
    }

    @Test func titleLinesACRMarkAfterTheAmountAndDataEndingAtABlankLine() throws {
        let card = try amounts(
            "card-cr-sections.csv",
            """
            match-file "card-*.csv"
            header-lines 4
            date "Date" %-m/%-d/%y
            description "Merchant"
            amount "Amount"
            indicator after-amount
            debit-marks ""
            credit-marks CR
            end-at-blank-line
            """)
        #expect(card.result.status == 0, "\(card.result.stderr)")
        #expect(card.amounts == ["-4.50", "150.00", "-23.99"])
        #expect(card.journal.contains("2024-10-03 * BOOKSHOP"))
        #expect(!card.journal.contains("PETROL"))
    }

    @Test func pendingRowsFootersAndRowsWiderThanTheHeader() throws {
        let bank = try amounts(
            "pending-footer.csv",
            """
            match-file "pending-*.csv"
            date "Date"
            description "Description"
            amount "Amount"
            skip-row "Date" is Pending
            end-row any starts-with "This statement is provided"
            extra-fields ignore
            """)
        #expect(bank.result.status == 0, "\(bank.result.stderr)")
        #expect(bank.amounts == ["-20.00", "5.00"])
        let revolut = try amounts(
            "revolut-2022-january.csv",
            """
            match-file "revolut-*.csv"
            date "Completed Date" %Y-%m-%d %H:%M:%S
            description "Description"
            amount "Amount"
            type "Type"
            skip-row "State" is PENDING
            """)
        #expect(revolut.result.status == 0, "\(revolut.result.stderr)")
        #expect(revolut.amounts == ["-250.00", "0.00", "-38.71", "500.00", "-21.58", "-33.89", "-69.26"])
        #expect(revolut.journal.contains("; type: CARD_PAYMENT"))
    }

    @Test func backslashEscapedQuotes() throws {
        let n26 = try amounts(
            "n26-sample.csv",
            """
            match-file "n26-*.csv"
            date "Booking Date"
            description "Partner Name" + "Payment Reference"
            amount "Amount (EUR)"
            iban "Partner Iban"
            quotes backslash
            """)
        #expect(n26.result.status == 0, "\(n26.result.stderr)")
        #expect(n26.amounts.count == 87)
        let cents = n26.amounts.map { Int($0.replacingOccurrences(of: ".", with: ""))! }.reduce(0, +)
        #expect(cents == -1_237_159)
        #expect(n26.journal.contains("QUOTES \"COMPANY\" Company with quotes"))
    }

    @Test func unescapedInnerQuotesReadAsTextWhenLenient() throws {
        let lenient = try amounts(
            "lenient-quotes.csv",
            """
            match-file "lenient-*.csv"
            delimiter ;
            date "Booking date" %d.%m.%Y
            description "Partner"
            amount "Amount"
            decimal-mark ,
            quotes lenient
            """)
        #expect(lenient.result.status == 0, "\(lenient.result.stderr)")
        #expect(lenient.amounts == ["-12.50", "-3.20"])
        #expect(lenient.journal.contains("UAB \"Naktida\""))
        #expect(
            lenient.result.stderr.contains(
                "lenient-quotes.csv:2: warning: a quote that strict CSV does not allow was read as text ('quotes lenient'); check the field"), "\(lenient.result.stderr)")
    }

    @Test func unescapedInnerQuotesAreRefusedWithAColumnWhenStrict() throws {
        let strict = try amounts(
            "lenient-quotes.csv",
            """
            match-file "lenient-*.csv"
            delimiter ;
            date "Booking date" %d.%m.%Y
            description "Partner"
            amount "Amount"
            decimal-mark ,
            """)
        #expect(strict.result.status == 1)
        #expect(strict.result.stderr.contains("lenient-quotes.csv:2:2: error: malformed CSV"))
    }

    @Test func unpaddedDatesAndCounterpartyColumns() throws {
        let bank = try amounts(
            "unpadded-dates.csv",
            """
            match-file "unpadded-*.csv"
            delimiter ;
            date "Buchungstag" %-d-%b-%-y
            description "Buchungstext"
            counterparty "Empfaenger"
            iban "IBAN"
            amount "Betrag"
            decimal-mark ,
            """)
        #expect(bank.result.status == 0, "\(bank.result.stderr)")
        #expect(bank.amounts == ["-45.00", "1500.00"])
        #expect(bank.journal.contains("2024-05-01 "))
        #expect(bank.journal.contains("2009-11-10 "))
        #expect(bank.journal.contains("; counterparty: Stadtwerke"))
        #expect(bank.journal.contains("; iban: DE89370400440532013000"))
    }
}

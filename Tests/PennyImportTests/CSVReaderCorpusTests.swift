import PennyCore
import Testing

/// Real exports from public projects (Fixtures/SOURCES.md); expected counts and sums were
/// computed independently with Python's csv and decimal modules.
struct CSVReaderCorpusTests {
    @Test func windows1252WithAccents() throws {
        let t = try readFixture("corpus/windows-1252.csv", profile(encoding: .windows1252, dateFormat: "%Y.%m.%d"))
        #expect(t.count == 2)
        #expect(t.total == 5815)
        #expect(t.map(\.description) == ["Café Rémy", "Boulangerie Müller"])
        #expect(t[0].date.description == "2025-12-04")
    }

    @Test(arguments: [("corpus/sample.fr.cp1252.csv", CSVProfile.Encoding.windows1252), ("corpus/sample.fr.utf8.csv", .utf8)])
    func frenchSampleInTwoEncodings(file: String, encoding: CSVProfile.Encoding) throws {
        let t = try readFixture(file, profile(encoding: encoding, dateFormat: "%Y/%m/%d"))
        #expect(t.map(\.description) == ["DÉPÔT", "VIREMENT VERS ÉPARGNE", "CAFÉ — €20 REÇU"])
        #expect(t.total == 2000)
    }

    @Test func latin1CannotShowTheEuroSign() throws {
        let t = try readFixture("corpus/sample.fr.iso88591.csv", profile(encoding: .latin1, dateFormat: "%Y/%m/%d"))
        #expect(t[0].description == "DÉPÔT")
        #expect(t.total == 2000)
    }

    @Test func zkbBomSemicolonDebitCredit() throws {
        let p = profile(
            delimiter: ";", date: .header("Date"), dateFormat: "%d.%m.%Y", description: [.header("Booking text")],
            amount: .debitCredit(debit: .header("Debit CHF"), credit: .header("Credit CHF")), balance: .header("Balance CHF"))
        let t = try readFixture("corpus/ZKB_Sample.csv", p, currency: Currency(code: "CHF")!)
        #expect(t.count == 7)
        #expect(t.total == 454_950)
        #expect(t.last?.balance?.minorUnits == 454_950)
        #expect(t[1].amount.minorUnits == -2550)
        #expect(t[0].location.line == 2)
    }

    @Test func ingGermanyPreambleLatin1AndTwins() throws {
        let p = profile(
            delimiter: ";", encoding: .latin1, headerLines: 15, date: .header("Buchung"), dateFormat: "%d.%m.%Y",
            description: [.header("Auftraggeber/Empfänger"), .header("Verwendungszweck")], amount: .signed(.header("Betrag")),
            decimalMark: ",", balance: .header("Saldo"))
        let t = try readFixture("corpus/test_with_saldo_1.csv", p)
        #expect(t.count == 9)
        #expect(t.total == -17_860)
        #expect(t[1].balance?.minorUnits == 15_550)  // "155,5"
        #expect(t[0].description == "PayDude (Europe) S.a.r.l. et Cie., S .C.A. PP.1234.PP . Blumen Berther")
        #expect(t[0].location.line == 16)
        #expect(t[4].description == "Peter Petersen Schulden")
    }

    @Test func brazilianExtratoCRLFLatin1TrailingComma() throws {
        let p = profile(encoding: .latin1, dateFormat: "%m/%d/%Y", description: [.index(3)], amount: .signed(.index(6)), id: .index(5))
        let t = try readFixture("corpus/extratofake.csv", p)
        #expect(t.count == 23)
        #expect(t.total == 90_500)
        #expect(t[0].description == "Saldo Anterior")
        #expect(t[2].description == "Depósito COMPE - 033 0502 27588602104 XXXXXXXXXXXXXX" || t[2].description.hasPrefix("Depósito COMPE"))
        #expect(t[22].location.line == 24)
    }

    @Test func headerlessDollarColumns() throws {
        let p = profile(headerLines: 0, dateFormat: "%m/%d/%Y", amount: .debitCredit(debit: .index(4), credit: .index(5)), balance: .index(6))
        let t = try readFixture("corpus/two_money_columns.csv", p)
        #expect(t.map(\.amount.minorUnits) == [-7600, 32_749, -80_000, -8855, 8855])
        #expect(t[0].balance?.minorUnits == 175_006)
    }

    @Test func nationwidePoundsAndMonthNames() throws {
        let p = profile(headerLines: 0, dateFormat: "%d %b %Y", description: [.index(2), .index(3)], amount: .debitCredit(debit: .index(4), credit: .index(5)), balance: .index(6))
        let t = try readFixture("corpus/nationwide.csv", p, currency: Currency(code: "GBP")!)
        #expect(t.count == 4)
        #expect(t.total == 36_023)
        #expect(t.last?.balance?.minorUnits == 36_023)
        #expect(t[0].date.description == "2013-11-07")
    }

    @Test func frenchHeaderlessTrailingSemicolon() throws {
        let p = profile(delimiter: ";", headerLines: 0, date: .index(2), dateFormat: "%d/%m/%Y", description: [.index(3)], amount: .signed(.index(5)), decimalMark: ",")
        let t = try readFixture("corpus/french_example.csv", p)
        #expect(t.count == 9)
        #expect(t.total == -33_744)
    }

    @Test func danishNordea() throws {
        let p = profile(delimiter: ";", headerLines: 0, dateFormat: "%d-%m-%Y", amount: .signed(.index(4)), decimalMark: ",", balance: .index(5))
        let t = try readFixture("corpus/danish_kroner_nordea_example.csv", p, currency: Currency(code: "DKK")!)
        #expect(t.count == 6)
        #expect(t.total == -473_200)
    }

    /// Line 59 escapes quotes with backslashes (`"QUOTES \\"COMPANY\\""`), which RFC 4180 and
    /// libcsv do not allow; Penny rejects the file at that record rather than guess
    /// (docs/csv.md, "Known limits").
    @Test func n26BackslashEscapedQuoteIsRejectedAtItsLine() {
        let p = profile(date: .header("booking date"), description: [.header("Partner Name"), .header("Payment Reference")], amount: .signed(.header("Amount (EUR)")))
        #expect(rejection("corpus/N26_Sample.csv", p)?.location?.line == 59)
    }

    @Test func n26FirstRecordsByHeaderName() throws {
        // The same export cut before the backslash-escaped record: 57 rows.
        let p = profile(date: .header("booking date"), description: [.header("Partner Name"), .header("Payment Reference")], amount: .signed(.header("Amount (EUR)")))
        let t = try readFixture("corpus/N26_Sample-first57.csv", p)
        #expect(t.count == 57)
        #expect(t[1].description == "AMAZON.COM Online purchase - Books")
        #expect(t[0].amount.minorUnits == -450)
    }
}

import Foundation
import PennyCore
import Testing
@testable import PennyImport

/// Encodings, quoting, line numbers and one test per error message.
struct CSVReaderBehaviourTests {
    static let portuguese = profile(delimiter: ";", dateFormat: "%d/%m/%Y", decimalMark: ",")

    @Test(arguments: ["utf16le-bom.csv", "utf16be-bom.csv"])
    func utf16WithBOM(file: String) throws {
        var p = Self.portuguese
        p.encoding = .utf16
        let t = try readFixture(file, p)
        #expect(t.map(\.description) == ["Padaria Ré", "Ordenado 😀 March"])
        #expect(t.total == 149_750)
        #expect(t[1].location.line == 3)
    }

    @Test func utf16WithoutBOMIsRejected() {
        var p = Self.portuguese
        p.encoding = .utf16
        let error = rejection("utf16-no-bom.csv", p)
        #expect(error?.headline == "utf16-no-bom.csv:1:1: error: encoding utf-16 needs a byte-order mark (FF FE or FE FF) at the start of the file")
    }

    @Test func quotedDelimitersNewlinesAndTrailingDelimiters() throws {
        let p = profile(delimiter: ";", decimalMark: ",")
        let t = try readFixture("trailing-delimiter.csv", p)
        #expect(t.map(\.description) == ["Multi line; text", "TEA"])
        #expect(t.map(\.location.line) == [2, 5])
    }

    @Test func portugueseSample() throws {
        let p = profile(
            delimiter: ";", encoding: .windows1252, date: .header("Data Mov."), dateFormat: "%d-%m-%Y",
            description: [.header("DESCRICAO")], amount: .signed(.header("montante")), decimalMark: ",", balance: .index(5))
        let t = try readFixture("montepio-2024-03.csv", p)
        #expect(t.count == 18)
        #expect(t.total == 161_384)
        #expect(t[4].description == "\"RENDA; MARÇO\" SR. JOÃO")
        #expect(t.last?.balance?.minorUnits == 286_384)
        #expect(t[2].description == "CAFÉ A BRASILEIRA" && t[3].description == "CAFÉ A BRASILEIRA")
    }

    @Test func malformedQuoteNamesTheRecordLine() {
        #expect(
            rejection("malformed-quote.csv", profile())?.headline
                == "malformed-quote.csv:2:2: error: malformed CSV: a quoted field is not closed, or a quote is followed by text other than a delimiter")
    }

    @Test func badAmount() {
        let error = rejection("bad-amount-quoted.csv", profile())
        #expect(error?.headline == "bad-amount-quoted.csv:3:3: error: cannot read amount '12.3.4': more than one decimal mark in amount (decimal mark '.')")
        #expect(error?.excerpt == "2024-03-02,TEA,12.3.4")
    }

    @Test func unquotedDelimiterInsideAValue() {
        #expect(
            rejection("bad-amount.csv", profile())?.headline
                == "bad-amount.csv:3:4: error: row has 4 fields but the header has 3; is a value with a ',' missing its quotes? (if the bank adds unnamed fields, say 'extra-fields ignore')"
        )
    }

    @Test func badDate() {
        #expect(
            rejection("bad-date.csv", profile())?.headline
                == "bad-date.csv:3:1: error: cannot read date '2024-13-02' with format %Y-%m-%d")
    }

    @Test func shortRow() {
        #expect(
            rejection("short-row.csv", profile())?.headline
                == "short-row.csv:3:1: error: row has 1 field; the amount column 3 is missing")
    }

    @Test func wrongEncoding() {
        #expect(
            rejection("latin1-as-utf8.csv", profile())?.headline
                == "latin1-as-utf8.csv:2:2: error: field is not valid utf-8; set 'encoding' in csv profile 'test' (latin1, windows-1252, windows-1251, utf-16)")
    }

    @Test func unknownHeaderName() {
        let p = profile(date: .header("Datum"))
        #expect(
            rejection("bad-date.csv", p)?.headline
                == "bad-date.csv:1: error: csv profile 'test': no column named \"Datum\"; the header has \"Date\", \"Description\", \"Amount\"")
    }

    @Test func emptyAmountAndEmptyDebitCredit() {
        let p = profile(amount: .debitCredit(debit: .index(3), credit: .index(4)))
        #expect(rejection("short-row.csv", p)?.message.contains("missing") == true)
    }

    @Test func negateFlipsSigns() throws {
        let t = try readFixture("bad-date.csv".replacingOccurrences(of: "bad-date", with: "trailing-delimiter"), profile(delimiter: ";", decimalMark: ",", negate: true))
        #expect(t.total == 320)
    }
}

/// `quotes lenient`: quotes strict CSV does not allow are read as text, with a warning.
struct CSVLenientQuotesTests {
    static func read(_ text: String, quoting: CSVProfile.Quoting) throws(PennyError) -> (transactions: [Transaction], warnings: [String]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quotes-\(UUID().uuidString).csv")
        try? Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var p = profile(delimiter: ";", dateFormat: "%d.%m.%y", description: [.index(2), .index(3)], amount: .signed(.index(4)), decimalMark: ",")
        p.quoting = quoting
        var transactions: [Transaction] = []
        var warnings: [String] = []
        try CSVReader().read(url, profile: p, displayName: "quotes.csv", configuration: ReaderConfiguration(csvProfiles: [p], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            switch event {
            case .transaction(let t): transactions.append(t)
            case .warning(let message, let at): warnings.append("\(at.line): \(message)")
            default: break
            }
        }
        return (transactions, warnings)
    }

    // DKB's export, anonymised by hand: one field lost its opening quote (`Firma";`).
    static let strayQuote = """
        "Buchungsdatum";"Zahlungsempfänger";"Verwendungszweck";"Betrag"
        "05.12.25";"Firma";"K.MICHEL GMBH";"-62,3"
        "01.12.25";Firma";"ABS. 11/25";"-207"
        "28.11.25";"UAB "Naktida"";"KD-Nr. xxx";"-29,99"

        """

    @Test func aQuoteInAnUnquotedFieldIsTextWhenLenient() throws {
        let read = try Self.read(Self.strayQuote, quoting: .lenient)
        #expect(read.transactions.map(\.description) == ["Firma K.MICHEL GMBH", "Firma\" ABS. 11/25", "UAB \"Naktida\" KD-Nr. xxx"])
        #expect(read.transactions.map(\.amount.minorUnits) == [-6230, -20700, -2999])
        #expect(read.warnings == ["3: a quote that strict CSV does not allow was read as text ('quotes lenient'); check the field"])
    }

    @Test func aQuoteInAnUnquotedFieldIsRefusedWhenStrict() {
        do {
            _ = try Self.read(Self.strayQuote, quoting: .strict)
            Issue.record("accepted")
        } catch {
            #expect(error.headline.hasPrefix("quotes.csv:3:2: error: malformed CSV"))
        }
    }
}

/// `detail-rows join`: rows with no date and no amount add their text to the transaction
/// above them.
struct CSVDetailRowsTests {
    static func read(_ text: String) throws(PennyError) -> [Transaction] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("details-\(UUID().uuidString).csv")
        try? Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var p = profile(delimiter: ";", dateFormat: "%d/%m/%Y", description: [.index(4)], amount: .signed(.index(3)), decimalMark: ",")
        p.joinsDetailRows = true
        var transactions: [Transaction] = []
        try CSVReader().read(url, profile: p, displayName: "details.csv", configuration: ReaderConfiguration(csvProfiles: [p], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            if case .transaction(let t) = event { transactions.append(t) }
        }
        return transactions
    }

    @Test func detailsFillAnEmptyDescriptionThenTheMemo() throws {
        // Fintro's Visa export (ofxstatement-be-fintro): the merchant is on the line under the amount.
        let t = try Self.read(
            """
            Uitvoeringsdatum;Valutadatum;Bedrag;Details;Wisselkoers
            30/01/2017;31/01/2017;-39,28;;
            ;;;Dorfladen Wengen CH WENGEN;Wisselkoers##1,0501528
            ;;;Kiosk receipt 4471;
            28/01/2017;29/01/2017;-23,99;NETFLIX.COM;
            07/01/2017;08/01/2017;+1,50;;
            ;;;PP*1425CODE GB;

            """)
        #expect(t.map(\.description) == ["Dorfladen Wengen CH WENGEN", "NETFLIX.COM", "PP*1425CODE GB"])
        #expect(t.map(\.memo) == ["Kiosk receipt 4471", nil, nil])
        #expect(t.map(\.amount.minorUnits) == [-3928, -2399, 150])
        #expect(t.map(\.location.line) == [2, 5, 6])
    }

    @Test func aDetailRowBeforeAnyTransactionIsAnError() {
        do {
            _ = try Self.read("Uitvoeringsdatum;Valutadatum;Bedrag;Details\n;;;Orphan detail\n30/01/2017;31/01/2017;-39,28;X\n")
            Issue.record("accepted")
        } catch {
            #expect(
                error.headline
                    == "details.csv:2:1: error: a detail row (no date, no amount) before any transaction: 'detail-rows join' adds such rows to the transaction above them")
        }
    }

    @Test func aCurrencyWrittenBesideTheAmountsMustBeTheAccounts() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("unit-\(UUID().uuidString).csv")
        try? Data("Date,Description,Amount\n2024-03-01,FEE,-0.01USD\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var p = profile()
        p.amountFormat.unit = "USD"
        do {
            try CSVReader().read(url, profile: p, displayName: "unit.csv", configuration: ReaderConfiguration(csvProfiles: [p], defaultCurrency: .euro)) { _ in }
            Issue.record("accepted")
        } catch {
            #expect(error.headline == "unit.csv:2: error: csv profile 'test': the amounts are written in USD ('amount-unit USD') but the account's currency is EUR")
        }
    }
}

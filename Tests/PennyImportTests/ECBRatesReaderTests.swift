import PennyCore
import Testing

@testable import PennyImport

/// The ECB's two reference-rate files, read exactly; one test per error message.
struct ECBRatesReaderTests {
    let csv = """
        Date,USD,JPY,CYP,GBP,
        2024-03-04,1.0845,162.81,N/A,0.85573,
        2024-03-01,1.0813,162.43,N/A,0.85600,

        """

    @Test func theHistoricalCSVGivesOneRatePerDayAndCurrency() throws {
        let rates = try ECBRatesReader.csv(csv, file: "hist.csv")
        #expect(
            rates.map(\.description) == [
                "2024-03-04 EUR 1.0845 USD", "2024-03-04 EUR 162.81 JPY", "2024-03-04 EUR 0.85573 GBP",
                "2024-03-01 EUR 1.0813 USD", "2024-03-01 EUR 162.43 JPY", "2024-03-01 EUR 0.85600 GBP",
            ])
    }

    @Test func theDailyXMLGivesItsDaysRates() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            <gesmes:subject>Reference rates</gesmes:subject>
            <Cube><Cube time='2024-03-06'><Cube currency='USD' rate='1.0892'/><Cube currency='GBP' rate='0.85513'/></Cube></Cube>
            </gesmes:Envelope>
            """
        let rates = try ECBRatesReader.xml(Array(xml.utf8), file: "daily.xml")
        #expect(rates.map(\.description) == ["2024-03-06 EUR 1.0892 USD", "2024-03-06 EUR 0.85513 GBP"])
    }

    func error(_ body: () throws(PennyError) -> [ExchangeRate]) -> String? {
        do {
            _ = try body()
            return nil
        } catch { return error.headline }
    }

    @Test func eachRefusalNamesItsPlace() {
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.csv("Datum,USD\n", file: "f.csv") }
                == "f.csv:1:1: error: not an ECB reference-rate file: expected a header starting 'Date,USD,…'")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.csv("Date,US$\n", file: "f.csv") }
                == "f.csv:1:6: error: 'US$' is not a currency code: expected three capital letters")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.csv("Date,USD,\n2024-03-01,1.0813,2,\n", file: "f.csv") }
                == "f.csv:2:19: error: a value under no currency of the header")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.csv("Date,USD,\n01/03/2024,1.0813,\n", file: "f.csv") }
                == "f.csv:2:1: error: cannot read the date: expected YYYY-MM-DD")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.csv("Date,USD,GBP,\n2024-03-01,1.0813,-0.8,\n", file: "f.csv") }
                == "f.csv:2:19: error: cannot read the GBP rate '-0.8': expected a positive decimal like 1.0813 or N/A")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.csv("", file: "f.csv") }
                == "f.csv:1: error: empty file: expected the ECB's 'Date,USD,JPY,…' header")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.xml(Array("<a><Cube/></a>".utf8), file: "f.xml") }
                == "f.xml:1: error: not an ECB reference-rate file: no <Cube time=\"…\"> element")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.xml(Array("<a>\n<Cube time='2024-3-1'/></a>".utf8), file: "f.xml") }
                == "f.xml:2: error: cannot read the date '2024-3-1': expected YYYY-MM-DD")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.xml(Array("<a><Cube time='2024-03-01'>\n<Cube currency='usd' rate='1'/></Cube></a>".utf8), file: "f.xml") }
                == "f.xml:2: error: 'usd' is not a currency code: expected three capital letters")
        #expect(
            error { () throws(PennyError) in try ECBRatesReader.xml(Array("<a><Cube time='2024-03-01'>\n<Cube currency='USD' rate='x'/></Cube></a>".utf8), file: "f.xml") }
                == "f.xml:2: error: cannot read the USD rate 'x': expected a positive decimal like 1.0813")
    }
}

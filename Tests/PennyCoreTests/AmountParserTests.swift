import PennyCore
import Testing

struct AmountParserTests {
    static let comma = AmountFormat(decimalMark: ",")
    static let dot = AmountFormat(decimalMark: ".")
    static let space = AmountFormat(decimalMark: ",", thousandsSeparator: .some(" "))

    @Test(arguments: [
        ("1.234,56", comma, 2, Int64(123_456)),
        ("-1,234.56", dot, 2, -123_456),
        ("(12.00)", dot, 2, -1200),
        ("12.00-", dot, 2, -1200),
        ("1 234,56", space, 2, 123_456),
        ("1\u{00A0}234,56", space, 2, 123_456),
        ("+5", dot, 2, 500),
        ("$120", dot, 2, 12_000),
        ("- $21.59", dot, 2, -2159),
        ("-$76.00", dot, 2, -7600),
        ("+$327.49", dot, 2, 32_749),
        ("$1,750.06", dot, 2, 175_006),
        ("£500.00", dot, 2, 50_000),
        ("3,50 €", comma, 2, 350),
        ("+31070,11", comma, 2, 3_107_011),
        ("155,5", comma, 2, 15_550),
        ("-30.000", dot, 2, -3000),
        ("-3.77000", dot, 2, -377),
        ("18.150", dot, 3, 18_150),
        ("1000", dot, 0, 1000),
        ("  -64,31 ", comma, 2, -6431),
        ("−12.5", dot, 2, -1250),
        ("0", dot, 2, 0),
        ("-0", dot, 2, 0),
        (".5", dot, 2, 50),
        ("1,000,000.00", dot, 2, 100_000_000),
        ("92233720368547758.07", dot, 2, Int64.max),
    ])
    func parsesExactly(text: String, format: AmountFormat, exponent: Int, expected: Int64) throws {
        #expect(try AmountParser.parse(text, format: format, exponent: exponent) == expected)
    }

    @Test(arguments: [
        ("", dot, "empty amount"),
        ("   ", dot, "empty amount"),
        ("-", dot, "no digits in amount"),
        ("12,34", dot, "thousands separator in the wrong place"),
        ("1,23.45", dot, "thousands separator in the wrong place"),
        ("1.2345,00", comma, "thousands separator in the wrong place"),
        ("12.345", comma, "amount has more than 2 decimals"),  // "12.345" with mark "," is 12345
        ("1.2.3", dot, "more than one decimal mark in amount"),
        ("--5", dot, "more than one sign in amount"),
        ("-5-", dot, "more than one sign in amount"),
        ("(-5)", dot, "more than one sign in amount"),
        ("12.345", dot, "amount has more than 2 decimals"),
        ("12a", dot, "unexpected character in amount"),
        ("1e5", dot, "unexpected character in amount"),
        ("EUR 5", dot, "unexpected character in amount"),
        ("92233720368547758.08", dot, "amount too large"),
    ])
    func rejects(text: String, format: AmountFormat, reason: String) {
        if text == "12.345" && format == Self.comma {
            // With a decimal comma, "12.345" is twelve thousand: not an error.
            #expect((try? AmountParser.parse(text, format: format, exponent: 2)) == 1_234_500)
            return
        }
        #expect(throws: AmountError.self) { try AmountParser.parse(text, format: format, exponent: 2) }
        do {
            _ = try AmountParser.parse(text, format: format, exponent: 2)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func aUnitBesideTheAmountIsReadOverOnlyWhenTheFormatNamesIt() throws {
        var kronor = Self.space
        kronor.unit = "kr"
        #expect(try AmountParser.parse("-144,75 kr", format: kronor, exponent: 2) == -14475)
        #expect(try AmountParser.parse("2 500,00 KR", format: kronor, exponent: 2) == 250_000)
        #expect(try AmountParser.parse("-25,00", format: kronor, exponent: 2) == -2500)
        var dollars = Self.dot
        dollars.unit = "USD"
        #expect(try AmountParser.parse("0.01USD", format: dollars, exponent: 2) == 1)
        #expect(try AmountParser.parse("-6.10USD", format: dollars, exponent: 2) == -610)
        #expect(throws: AmountError.self) { try AmountParser.parse("0.01EUR", format: dollars, exponent: 2) }
        #expect(throws: AmountError.self) { try AmountParser.parse("-144,75 kr", format: Self.space, exponent: 2) }
    }

    @Test func decimalCommaIsNotSilentlyTruncated() throws {
        // Foundation's Decimal(string: "-12,34") is -12 on Linux; Penny must never do that.
        #expect(try AmountParser.parse("-12,34", format: Self.comma, exponent: 2) == -1234)
        #expect(throws: AmountError.self) { try AmountParser.parse("-12,34", format: .standard, exponent: 2) }
    }

    @Test func errorOffsetPointsAtTheCharacter() {
        do {
            _ = try AmountParser.parse("12x4", format: Self.dot, exponent: 2)
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 2)
        }
    }

    @Test func roundTripsThroughTheFormatter() throws {
        for units: Int64 in [0, 1, -1, 99, -100, 123_456, -987_654_321, Int64.max, Int64.min + 1] {
            let text = DecimalFormatter.format(minorUnits: units, exponent: 2)
            #expect(try AmountParser.parse(text, format: .standard, exponent: 2) == units)
        }
    }
}

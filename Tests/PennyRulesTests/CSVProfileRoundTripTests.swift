import PennyCore
import PennyRules
import Testing

/// A profile the sniffer writes (`CSVProfileRenderer`) reads back the same (`CSVProfileParser`).
struct CSVProfileRoundTripTests {
    func profile(_ encoding: CSVProfile.Encoding) -> CSVProfile {
        var p = CSVProfile(name: "alfa", location: SourceLocation(file: "sniffed"))
        p.headerMatches = ["Дата операции;Описание операции;Приход;Расход"]
        p.account = "assets:bank:a"
        p.delimiter = UInt8(ascii: ";")
        p.encoding = encoding
        p.dateColumn = .header("Дата операции")
        p.dateFormat = DateFormat("%d.%m.%y")!
        p.descriptionColumns = [.header("Описание операции")]
        p.amount = .debitCredit(debit: .header("Расход"), credit: .header("Приход"))
        return p
    }

    func reparsed(_ p: CSVProfile) throws -> CSVProfile {
        let text = "account assets:bank:a\n\n" + CSVProfileRenderer.render(p)
        return try #require(try RulesLoader.load(text: text, file: "csv/alfa.rules").csvProfiles.first)
    }

    @Test(arguments: CSVProfile.Encoding.allCases)
    func everyEncodingReadsBack(encoding: CSVProfile.Encoding) throws {
        let back = try reparsed(profile(encoding))
        #expect(back.encoding == encoding)
        #expect(back.headerMatches == ["Дата операции;Описание операции;Приход;Расход"])
        #expect(back.dateColumn == .header("Дата операции"))
        #expect(back.descriptionColumns == [.header("Описание операции")])
        #expect(back.amount == .debitCredit(debit: .header("Расход"), credit: .header("Приход")))
    }

    @Test func windows1251IsWrittenByItsName() {
        #expect(CSVProfileRenderer.render(profile(.windows1251)).contains("\n  encoding windows-1251\n"))
    }

    @Test(arguments: ["windows-1251", "cp1251", "CP1251", "win1251"])
    func windows1251Names(name: String) throws {
        let text = "account assets:bank:a\ncsv bank\n  match-file \"*.csv\"\n  account assets:bank:a\n  encoding \(name)\n  date 1\n  amount 2\n"
        #expect(try RulesLoader.load(text: text, file: "c.rules").csvProfiles.first?.encoding == .windows1251)
    }
}

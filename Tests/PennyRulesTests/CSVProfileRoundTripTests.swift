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

    /// Issue 33, item 5: a header cell holding a line break made the sniffer write a rules
    /// file that did not parse, and from then on every command (the nightly run too)
    /// exited 2. Property: for any header cells — quotes, backslashes, line breaks, tabs,
    /// control and bidirectional characters, commas — the written profile parses and
    /// reads back the same names and header.
    @Test func anyHeaderRoundTripsThroughTheWrittenProfile() throws {
        let alphabet: [String] = [
            "a", "Z", "é", "Д", " ", ",", ";", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "#", "/", "%", "\\n", "{", "}",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let cells = (0..<3).map { _ in "h" + (0..<(1 + next(6))).map { _ in alphabet[next(alphabet.count)] }.joined() }
            var p = CSVProfile(name: "bank", location: SourceLocation(file: "sniffed"))
            p.headerMatches = [cells.joined(separator: ",")]
            p.account = "assets:bank:a"
            p.dateColumn = .header(cells[0])
            p.dateFormat = DateFormat("%Y-%m-%d")!
            p.descriptionColumns = [.header(cells[1])]
            p.amount = .signed(.header(cells[2]))
            let text = "account assets:bank:a\n\n" + CSVProfileRenderer.render(p)
            let back = try #require(try RulesLoader.load(text: text, file: "csv/bank.rules").csvProfiles.first, "\(text)")
            #expect(back.headerMatches == p.headerMatches, "\(text)")
            #expect(back.dateColumn == p.dateColumn && back.descriptionColumns == p.descriptionColumns && back.amount == p.amount, "\(text)")
        }
    }
}

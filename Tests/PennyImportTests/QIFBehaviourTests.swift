import Foundation
import PennyTestSupport
import PennyCore
@testable import PennyImport
import Testing

/// How the QIF reader settles dates, amounts, encodings and sections.
struct QIFBehaviourTests {
    static func read(_ bytes: [UInt8]) throws(PennyError) -> [Transaction] {
        let url = TestScratch.root.appendingPathComponent("penny-qif-\(UUID().uuidString).qif")
        try! Data(bytes).write(to: url)
        var out: [Transaction] = []
        try QIFReader().read(try FileProbe(url: url), displayName: "x.qif", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            if case .transaction(let t) = event { out.append(t) }
        }
        return out
    }

    static func dates(_ text: String) throws -> [String] { try read(Array(text.utf8)).map(\.date.description) }

    @Test func oneDayFirstDateMakesTheWholeFileDayFirst() throws {
        #expect(try Self.dates("!Type:Bank\nD01/02/2024\nT1\n^\nD25/02/2024\nT1\n^\n") == ["2024-02-01", "2024-02-25"])
    }

    @Test func anAmbiguousFileIsMonthFirst() throws {
        #expect(try Self.dates("!Type:Bank\nD01/02/2024\nT1\n^\nD03/04/24\nT1\n^\n") == ["2024-01-02", "2024-03-04"])
    }

    @Test func quickenApostropheYearsAndTheTwoDigitPivot() throws {
        #expect(try Self.dates("!Type:CCard\nD1/ 2'24\nT1\n^\nD12/31/69\nT1\n^\nD1/1/68\nT1\n^\nD2024'1'2\nT1\n^\n") == ["2024-01-02", "1969-12-31", "2068-01-01", "2024-01-02"])
    }

    @Test func thousandsSeparatorsAndDecimalCommas() throws {
        let t = try Self.read(Array("!Type:Bank\nD1/2/24\nT-1,000.00\n^\nD1/2/24\nT-1.234,50\n^\nD1/2/24\nT12,5\n^\nD1/2/24\nU7.00\n^\n".utf8))
        #expect(t.map(\.amount.minorUnits) == [-100_000, -123_450, 1250, 700])
    }

    @Test func windows1252TextIsDecodedWhenNotUTF8() throws {
        let t = try Self.read(Array("!Type:Bank\nD1/2/24\nT-1.00\nPCaf".utf8) + [0xE9] + Array("\n^\n".utf8))
        #expect(t.first?.description == "Café")
    }

    @Test func accountBlocksOptionsAndOtherSectionsAreSkippedAndSplitsKeptOut() throws {
        let text =
            "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\n!Clear:AutoSwitch\n!Type:Cat\nNFood\nE\n^\n!Type:Bank\nD1/2/24\nT-30.00\nPShop\nSFood\n$-10.00\nSHome\n$-20.00\n^\n!Type:Security\nNACME\nSACM\n^\n"
        let t = try Self.read(Array(text.utf8))
        #expect(t.map(\.amount.minorUnits) == [-3000])
        #expect(t.first?.location.line == 12)
    }

    /// Issue 31: a QIF whose investment account's section held records imported the cash
    /// account's transactions and dropped the others without a word (the file's sum 1076.50,
    /// Penny's 23.50). The file is refused at that section.
    @Test func anInvestmentSectionWithRecordsRefusesTheFile() throws {
        let text =
            "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/2/24\nT-23.50\nPShop\n^\n!Account\nNBroker\nTInvst\n^\n!Type:Invst\nD1/3/24\nNShrsIn\nYACME\nQ10\nI105.30\nT1053.00\n^\n"
        #expect(
            ReaderErrorTests.rejection(text, name: "x.qif", reader: QIFReader())
                == "x.qif:14: error: an investment account's section (!Type:Invst) holds 1 record Penny cannot book (shares bought and sold, their cash among them): nothing of the file is imported, so none of its money is dropped; export the bank or card account alone"
        )
    }

    /// Issue 31: a CRLF file was one line to the parser, refused as having no !Type section.
    @Test func crlfAndCRFilesAreRead() throws {
        let lf = "!Type:Bank\nD1/2/24\nT-1.00\nPShop\n^\nD1/3/24\nT-2.00\n^\n"
        for ending in ["\r\n", "\r"] {
            let t = try Self.read(Array(lf.replacingOccurrences(of: "\n", with: ending).utf8))
            #expect(t.map(\.amount.minorUnits) == [-100, -200])
            #expect(t.map(\.location.line) == [2, 6])
        }
    }

    @Test func twoDigitYearsFirstWhenADateShowsIt() throws {
        // `13/3/3`: no year is written with one digit, so the year comes first in every date.
        #expect(try Self.dates("!Type:Bank\nD13/3/3\nT1\n^\nD13/12/25\nT1\n^\n") == ["2013-03-03", "2013-12-25"])
        #expect(try Self.dates("!Type:Bank\nD99/12/31\nT1\n^\nD00/1/2\nT1\n^\n") == ["1999-12-31", "2000-01-02"])
        // Eight digits with the year last (GnuCash's `03121984`), in the file's order.
        #expect(try Self.dates("!Type:Bank\nD03121984\nT1\n^\nD25121984\nT1\n^\n") == ["1984-12-03", "1984-12-25"])
        #expect(try Self.dates("!Type:Bank\nD20240102\nT1\n^\n") == ["2024-01-02"])
        // Old Quicken's years since 1900 (GnuCash's fix-year: `102` is 2002).
        #expect(try Self.dates("!Type:Bank\nD1/2/102\nT1\n^\n") == ["2002-01-02"])
        // Quicken's one-digit year after its apostrophe is 2000-2009.
        #expect(try Self.dates("!Type:Bank\nD1/ 2' 4\nT1\n^\n") == ["2004-01-02"])
    }

    @Test func otherAssetSectionsAreStatements() throws {
        let t = try Self.read(Array("!Type:Oth A\nD1/2/24\nT250.00\nPLoan repaid\n^\n".utf8))
        #expect(t.map(\.amount.minorUnits) == [25000])
    }

    @Test func autoSwitchAccountListsNameNoSection() throws {
        // The list names two accounts; the sections after it are both the checking account's.
        let text =
            "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNVisa\nTCCard\n^\n!Clear:AutoSwitch\n!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/2/24\nT-5.00\n^\n!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/3/24\nT-7.00\n^\n"
        let t = try Self.read(Array(text.utf8))
        #expect(t.map(\.amount.minorUnits) == [-500, -700])
    }

    @Test func memorizedTransactionsAreIgnoredWithANote() throws {
        let url = TestScratch.root.appendingPathComponent("penny-qif-\(UUID().uuidString).qif")
        try Data("!Type:Memorized\nKC\nT-50.00\nPRent\n^\nKP\nT-9.99\nPStream\n^\n!Type:Bank\nD1/2/24\nT-1.00\n^\n".utf8).write(to: url)
        var warnings: [String] = []
        var amounts: [Int64] = []
        try QIFReader().read(try FileProbe(url: url), displayName: "x.qif", configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) {
            (event) throws(PennyError) in
            if case .warning(let message, let at) = event { warnings.append("\(at.line): \(message)") }
            if case .transaction(let t) = event { amounts.append(t.amount.minorUnits) }
        }
        #expect(amounts == [-100])
        #expect(warnings == ["1: 2 memorized transactions (!Type:Memorized) ignored: they are Quicken's templates for recurring payments, not movements of money"])
    }
}

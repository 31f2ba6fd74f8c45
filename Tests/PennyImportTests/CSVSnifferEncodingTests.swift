import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// Bytes that are not UTF-8: Windows-1251 only when the words are clearly Cyrillic,
/// Windows-1252 (as before) for Western text and for anything that is not clear.
struct CSVSnifferEncodingTests {
    func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    func sniff(_ bytes: [UInt8], tail: [UInt8]? = nil) -> CSVSniff {
        CSVSniffer.sniff(head: bytes, tail: tail, fileName: "vypiska.csv")
    }

    /// `text` in Windows-1251 or Windows-1252, by Foundation's encoder.
    func encoded(_ text: String, _ encoding: String.Encoding) throws -> [UInt8] {
        Array(try #require(text.data(using: encoding)))
    }

    @Test func aRussianStatementInWindows1251() throws {
        let s = sniff(try fixture("cp1251-statement.csv"))
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.encoding == .windows1251)
        #expect(
            s.decisions.first?.reason
                == "byte 0xC4 on line 1 is not UTF-8 and there is no byte-order mark; 12 words are Cyrillic letters throughout in Windows-1251, such as 'Дата' on line 1 (in Windows-1252 'Äàòà')"
        )
        #expect(s.header == ["Дата", "Описание", "Сумма", "Остаток"])
        #expect(s.profile.dateColumn == .header("Дата"))
        #expect(s.profile.dateFormat.pattern == "%d.%m.%Y")
        #expect(s.profile.descriptionColumns == [.header("Описание")])
        #expect(s.profile.amount == .signed(.header("Сумма")))
        #expect(s.profile.balanceColumn == .header("Остаток"))
        #expect(s.profile.amountFormat.decimalMark == ",")
        #expect(s.preview.map { $0[2] } == ["Перевод от Иванова И.И.", "Оплата в магазине «Пятёрочка»", "Комиссия за обслуживание карты"])
    }

    @Test func russianMoneyInAndOutColumns() throws {
        let text = """
            Дата операции;Описание операции;Приход;Расход
            31.05.2024;Зарплата за май;33123,56;0
            03.06.2024;Комиссия за переводы;0;50

            """
        let s = sniff(try encoded(text, .windowsCP1251))
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.encoding == .windows1251)
        #expect(s.profile.amount == .debitCredit(debit: .header("Расход"), credit: .header("Приход")))
        #expect(s.profile.descriptionColumns == [.header("Описание операции")])
    }

    @Test(arguments: [
        "Date;Libellé;Montant\n02/03/2024;Café de la Gare;-3,50\n15/03/2024;Prélèvement Crédit à la consommation;-120,00\n20/03/2024;Opération été été;-1,00\n",
        "Data;Descrição;Montante\n02-03-2024;Transferência;-3,50\n15-03-2024;Pagamento de serviços;-120,00\n20-03-2024;AÇÃO SÓCIO ÀS;-1,00\n",
        "Datum;Verwendungszweck;Betrag\n02.03.2024;Überweisung Müller Straße;-3,50\n15.03.2024;Gebühr für Kontoführung;-120,00\n",
    ])
    func westernTextStaysWindows1252(text: String) throws {
        let s = sniff(try encoded(text, .windowsCP1252))
        #expect(s.profile.encoding == .windows1252)
        #expect(s.decisions.first?.reason.hasSuffix("is not UTF-8 and there is no byte-order mark") == true)
    }

    @Test func twoRussianWordsAreNotEnoughEvidence() throws {
        let s = sniff(try encoded("Date,Description,Amount\n2024-02-03,Магазин Пятёрочка,-1.00\n", .windowsCP1251))
        #expect(s.profile.encoding == .windows1252)
    }

    @Test func koi8RIsNotReadAsWindows1251() throws {
        // In KOI8-R the small letters are 0xC0...0xDF: `Дата` reads `дБФБ` in Windows-1251.
        let bytes = try fixture("koi8r-statement.csv")
        #expect(SniffCyrillic.evidence(bytes) == nil)
        #expect(sniff(bytes).profile.encoding == .windows1252)
    }

    @Test func greekInWindows1253IsNotReadAsWindows1251() throws {
        // Greek letters are high bytes too, but their accented vowels fall on Cyrillic capitals.
        let bytes = try fixture("cp1253-statement.csv")
        #expect(SniffCyrillic.evidence(bytes) == nil)
        #expect(sniff(bytes).profile.encoding == .windows1252)
    }

    @Test func wordsInCapitalsAndJoinedWordsAreCyrillic() throws {
        // `НДС` has no vowel and `ИнтернетБанк` a capital inside: both are ordinary in bank text.
        let evidence = SniffCyrillic.evidence(try encoded("ИнтернетБанк;НДС;ПАО;Сбербанк\n", .windowsCP1251))
        #expect(evidence?.words == 4)
    }

    @Test func aWordMixingLatinAndHighBytesCountsAgainst() throws {
        // One mixed word to nine Cyrillic ones still reads as Windows-1251; one to four does not.
        // `Cafй` is `Caf` and 0xE9, `é` in Windows-1252.
        let cyrillic = Array(repeating: "Оплата", count: 9).joined(separator: " ")
        #expect(SniffCyrillic.evidence(try encoded(cyrillic + " Cafй\n", .windowsCP1251))?.words == 9)
        #expect(SniffCyrillic.evidence(try encoded("Оплата Оплата Оплата Оплата Cafй\n", .windowsCP1251)) == nil)
    }

    @Test func aByteWindows1251LeavesUndefinedKeepsWindows1252() {
        var bytes = Array("Дата Сумма Описание ".data(using: .windowsCP1251)!)
        bytes.append(0x98)
        #expect(SniffCyrillic.evidence(bytes) == nil)
    }

    @Test func theTailIsReadInTheHeadsEncoding() throws {
        let head = try fixture("cp1251-statement.csv")
        let tail = try encoded("44\r\n15.02.2024;Комиссия за обслуживание карты;-99,00;13666,44\r\nИтого по счёту;;;\r\n", .windowsCP1251)
        let s = sniff(head, tail: tail)
        #expect(s.profile.encoding == .windows1251)
        #expect(s.profile.endRows.map(\.text) == ["Итого по счёту"])
    }
}

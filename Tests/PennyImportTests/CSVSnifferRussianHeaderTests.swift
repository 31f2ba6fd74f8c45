import PennyCore
import Testing

@testable import PennyImport

/// Russian headers: money in the account's currency beside the transaction's, and a pending
/// status.
struct CSVSnifferRussianHeaderTests {
    func sniff(_ text: String) -> CSVSniff {
        CSVSniffer.sniff(head: Array(text.utf8), tail: nil, fileName: "vtb.csv")
    }

    @Test func theAmountInTheAccountsCurrencyIsRead() {
        let s = sniff(
            """
            Дата операции;Дата обработки;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Основание;Статус
            2019-07-06 10:00:00;2019-07-08;-4,50;EUR;-336,15;Карта *1234 payee1;Исполнено
            2019-07-05 11:00:00;2019-07-07;-300,00;RUB;-300,00;Карта *1234 MTS;Исполнено
            2019-07-13 10:48:55;;-600,00;RUB;-600,00;Карта *1234 MEGAFON;В обработке

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .signed(.header("Сумма пересчитанная в валюту счета")))
        #expect(s.profile.dateColumn == .header("Дата обработки"))
        #expect(s.profile.descriptionColumns == [.header("Основание")])
        #expect(s.profile.skipRows.map(\.text) == ["В обработке"])
        #expect(s.decisions.contains { $0.topic == "other currency" && $0.choice == "\"Сумма операции\"" })
    }

    @Test func anotherAmountTheHeaderDoesNotExplainIsRefused() {
        let s = sniff(
            """
            Дата;Сумма операции;Сумма в рублях;Описание
            2019-07-08;-4,50;-336,15;Карта *1234 payee1
            2019-07-07;-300,00;-300,00;Карта *1234 MTS

            """)
        #expect(!s.isConclusive)
        #expect(s.refusal.contains("the header also names \"Сумма в рублях\" as money, which no reading uses"))
    }

    @Test func everyVocabularyWordIsWrittenFolded() {
        // `й` folds to `и` and `ё` to `е`: a word written otherwise would never match.
        let words = HeaderVocabulary.words.values.flatMap { $0 } + HeaderVocabulary.accountCurrencyAmounts
        #expect(words.filter { HeaderVocabulary.normalize($0) != $0 }.sorted() == [])
        #expect(HeaderVocabulary.notBookedStatuses.filter { TextKey.fold($0) != $0 }.sorted() == [])
    }
}

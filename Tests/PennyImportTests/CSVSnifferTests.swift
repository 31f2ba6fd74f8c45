import PennyCore
import Testing

@testable import PennyImport

/// The sniffer on real-looking exports: what it decides, the evidence, and one test per
/// message for what it cannot tell apart.
struct CSVSnifferTests {
    func sniff(_ text: String, bytes: [UInt8]? = nil, name: String = "extrato.csv") -> CSVSniff {
        CSVSniffer.sniff(head: bytes ?? Array(text.utf8), tail: nil, fileName: name)
    }

    @Test func portugueseExportWithPreambleDecimalCommaAndBalance() {
        let s = sniff(
            """
            Conta;PT50003600000000000000000
            Período;01-03-2024 a 31-03-2024

            Data Mov.;Data Valor;Descrição;Montante;Saldo
            01-03-2024;01-03-2024;SALDO INICIAL;0,00;1.250,00
            02-03-2024;02-03-2024;COMPRA PINGO DOCE;-23,47;1.226,53
            15-03-2024;15-03-2024;TRANSFERENCIA;1.000,00;2.226,53

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        let p = s.profile
        #expect(p.delimiter == UInt8(ascii: ";"))
        #expect(p.headerLines == 4)
        #expect(p.dateColumn == .header("Data Mov."))
        #expect(p.dateFormat.pattern == "%d-%m-%Y")
        #expect(p.amountFormat.decimalMark == ",")
        #expect(p.balanceColumn == .header("Saldo"))
        #expect(s.accountIdentifier == "PT50003600000000000000000")
        #expect(s.decisions.contains { $0.topic == "date format" && $0.reason.contains("'15-03-2024' on line 7") })
    }

    @Test func windows1252WithoutBOM() {
        var bytes = Array("Date,Payee,Amount\n2025-12-04,Caf".utf8)
        bytes += [0xE9] + Array(",-3.50\n".utf8)
        let s = sniff("", bytes: bytes)
        #expect(s.profile.encoding == .windows1252)
        #expect(s.decisions.first?.reason == "byte 0xE9 on line 2 is not UTF-8 and there is no byte-order mark")
    }

    @Test func backslashEscapedQuotes() {
        let s = sniff("Date,Description,Amount\n2024-01-02,\"QUOTES \\\"COMPANY\\\"\",-1.00\n2024-01-03,Shop,-2.00\n")
        #expect(s.profile.quoting == .backslash)
    }

    @Test func headerlessDebitCreditSettledByTheRunningBalance() {
        let s = sniff("07 Nov 2013,Bank credit,,£500.00,£500.00\n09 Nov 2013,ATM,£20.00,,£480.00\n")
        #expect(s.isConclusive, "\(s.refusal)")
        if case .debitCredit(let d, let c)? = s.profile.amount {
            #expect(d == .index(3) && c == .index(4))
        } else {
            Issue.record("expected debit and credit columns")
        }
    }

    @Test func ambiguousDateOrder() {
        let s = sniff("Date,Description,Amount\n01/02/2024,A,-1.00\n02/03/2024,B,-2.00\n")
        #expect(
            s.refusal
                == "date format: all 2 dates read as %d/%m/%Y and as %m/%d/%Y, e.g. '01/02/2024' (line 2); no day above 12 settles the order (date \"Date\" %d/%m/%Y or date \"Date\" %m/%d/%Y)"
        )
    }

    @Test func ambiguousDecimalMark() {
        let s = sniff("Date,Description,Amount\n2024-01-02,A,\"-1,234\"\n2024-01-03,B,\"-2,500\"\n")
        #expect(
            s.refusal
                == "decimal mark: '-1,234' (line 2) reads as a thousands group or as three decimals, and no amount settles it (decimal-mark . or decimal-mark ,)")
    }

    @Test func runningBalanceThatDoesNotFollow() {
        let s = sniff("Date,Description,Amount,Balance\n2024-01-02,A,-1.00,10.00\n2024-01-03,B,-2.00,7.00\n")
        #expect(
            s.refusal.hasPrefix(
                "running balance: no reading of the amounts reproduces it in the order the dates run: balance 7.00 on line 3 is not 10.00 (line 2) plus the amount -2.00"))
    }

    @Test func noAmountColumn() {
        let s = sniff("Quando,Coisa,Quanto,Outro\n2024-01-02,A,1.50,2.50\n2024-01-03,B,1.75,3.25\n")
        #expect(s.refusal == "amount column: no header names an amount and 2 columns hold numbers (amount \"Quanto\" or amount \"Outro\")")
    }

    @Test func noTransactionRows() {
        let s = sniff("Name,Address\nAna,Lisboa\n")
        #expect(s.refusal == "rows: no row holds both a date and an amount, whichever of , ; tab | splits it")
    }

    @Test func allPositiveWithoutBalance() {
        let rows = (1...5).map { "2024-01-0\($0),Shop,\($0).00" }.joined(separator: "\n")
        let s = sniff("Date,Description,Amount\n\(rows)\n")
        #expect(
            s.refusal
                == "sign: 5 of 5 amounts are positive ('1.00' on line 2) and nothing in the file (a running balance, a debit/credit mark, money-out and money-in columns, a type column's words) says whether they are money in or charges; a card account (type card) reads them as charges ((amounts as written) or negate)"
        )
    }

    @Test func pendingRowsAndTotalsAreNotTransactions() {
        let s = sniff(
            """
            Date,Description,Amount,State
            2024-01-02,A,-1.00,COMPLETED
            2024-01-03,B,-2.00,PENDING
            Total,,-3.00,

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.skipRows.map(\.text) == ["PENDING"])
        #expect(s.profile.endRows.map(\.text) == ["Total"])
    }
}

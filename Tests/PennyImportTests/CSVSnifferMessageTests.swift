import PennyCore
import Testing

@testable import PennyImport

/// Issue 26, "messages a user can act on": a refusal names the cell (line, column, text)
/// that decided it, not only that no header names an amount or no row holds a date and an
/// amount. One test per message.
struct CSVSnifferMessageTests {
    func sniff(_ text: String) -> CSVSniff {
        CSVSniffer.sniff(head: Array(text.utf8), tail: nil, fileName: "export.csv")
    }

    @Test func aNamedAmountColumnHiddenByOneShortRowNamesThatRow() {
        // ING DE: one row a cell short puts `EUR` under `Betrag`.
        let s = sniff(
            """
            Buchung;Auftraggeber;Verwendungszweck;Betrag;Währung
            09.12.2025;VISA;KAUFUMSATZ;-13,98;EUR
            08.12.2025;Gerhard;Nebenkosten;-200,00;EUR
            28.11.2025;Rente;2.647,74;EUR

            """)
        #expect(
            s.refusal
                == "amount column: the header names \"Betrag\" (column 4) as an amount, but line 4 has 'EUR' there, which is not an amount (that row has 4 fields, the header 5)"
        )
    }

    @Test func aNamedDateColumnHiddenByOneShiftedRowNamesThatRow() {
        let s = sniff(
            """
            Datum;Text;Betrag;Notiz
            01.02.2024;A;-1,00;x
            B;02.02.2024;-2,00;y
            03.02.2024;C;-3,00;z

            """)
        #expect(
            s.refusal.hasPrefix("date column: the header names \"Datum\" (column 1) as a date, but line 3 has 'B' there, which is not a date"),
            "\(s.refusal)")
    }

    @Test func noAmountNamedSaysWhichLineWasTakenAsTheHeader() {
        // A row of text and one number before the data looks like the header.
        let s = sniff(
            """
            Date,Status,Description,Credit,Debit,
            Open,Open,COLES EXPRESS,,45.63,
            Open,Open,WHEATSHEAF HOTEL,,29.7,
            19 Oct 15,Processed,WOOLWORTHS,,54.73,
            11 Sep 15,Processed,Crocodile Dundee,3.14,,

            """)
        #expect(
            s.refusal.hasPrefix(
                "amount column: no header names an amount, or debit and credit (the header is line 3: 'Open', 'Open', 'WHEATSHEAF HOTEL', '29.7')"),
            "\(s.refusal)")
    }

    @Test func pendingRowsBetweenTheHeaderAndTheDataAreSkipped() {
        // Woolworths Money: rows whose date cell says Pending sit under the header.
        let s = sniff(
            """
            Date,Status,Description,Credit,Debit
            01 Jan 01,Processed,Edmund Barton,,10.99,
            Pending,Pending,COLES EXPRESS,,45.63,
            Pending,Pending,WHEATSHEAF HOTEL,,29.7,
            19 Oct 15,Processed,WOOLWORTHS,,54.73,
            11 Sep 15,Processed,Crocodile Dundee,3.14,,

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.headerLines == 1)
        #expect(s.profile.skipRows.map(\.text) == ["Pending"])
    }

    @Test func noRowOfADateAndAnAmountNamesTheCellUnderTheDateHeader() {
        // Satispay: the header says date and amount, the dates are not read.
        let s = sniff(
            """
            id,name,date,amount,currency
            17f0,"Ricarica",24 lgg 2024. 02:59:45,"30,40 ",EUR
            9c4c,"Ajeje",22 gnn 2024. 19:45:52,"-17,00 ",EUR

            """)
        #expect(
            s.refusal
                == "rows: no row holds both a date and an amount, whichever of , ; tab | splits it: line 1 names 'date' (column 3) and 'amount' (column 4), but line 2 has '24 lgg 2024. 02:59:45' under 'date' (column 3), which does not read as a date"
        )
    }

    @Test func noRowOfADateAndAnAmountNamesTheCellUnderTheAmountHeader() {
        let s = sniff("Date,Payee,Amount\n2024-01-02,Shop,twelve\n2024-01-03,Shop,ten\n")
        #expect(
            s.refusal
                == "rows: no row holds both a date and an amount, whichever of , ; tab | splits it: line 1 names 'Date' (column 1) and 'Amount' (column 3), but line 2 has 'twelve' under 'Amount' (column 3), which does not read as an amount"
        )
    }

    @Test func oneSideOfAPairHiddenByAnOddCellIsNamed() {
        let s = sniff(
            """
            Date,Description,Debit,Credit
            2024-01-02,Shop,12.00,
            2024-01-03,Refund,5.00,CR
            2024-01-04,Salary,,1000.00

            """)
        #expect(
            s.refusal.hasPrefix(
                "debit and credit: the header names \"Debit\" as money out but no column as money in: the header names \"Credit\" (column 4) as an amount, but line 3 has 'CR' there, which is not an amount"
            ), "\(s.refusal)")
    }
}

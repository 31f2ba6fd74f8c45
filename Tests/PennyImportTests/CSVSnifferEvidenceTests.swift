import PennyCore
import Testing

@testable import PennyImport

/// The sniffer accepts a reading only when every piece of evidence agrees: the running
/// balance with the order of the dates, the amount columns with the header, the signs with
/// what the file says of them. Each test is a shape a real export has, which an earlier
/// sniffer imported wrong with exit 0, or one refusal message.
struct CSVSnifferEvidenceTests {
    func sniff(_ text: String) -> CSVSniff {
        CSVSniffer.sniff(head: Array(text.utf8), tail: nil, fileName: "export.csv")
    }

    @Test func aBalanceBeforeEachRowOldestFirstKeepsTheSigns() {
        // Each balance is the one before its row: read newest first, the chain "proved" every sign flipped.
        let s = sniff(
            """
            Date,Description,Amount,Balance
            2024-03-01,SALARY,1500.00,200.00
            2024-03-02,RENT,-800.00,1700.00
            2024-03-04,GROCERIES,-45.10,900.00
            2024-03-05,COFFEE,-3.20,854.90

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.negate == false)
        #expect(s.profile.balanceColumn == nil)
        #expect(s.decisions.contains { $0.topic == "amounts" && $0.reason.contains("dates oldest first") && $0.reason.contains("*before* its row") })
    }

    @Test func aNewestFirstExportWithBalancesAfterEachRow() {
        let s = sniff(
            """
            Date,Description,Amount,Balance
            2024-03-05,COFFEE,-3.20,851.70
            2024-03-04,GROCERIES,-45.10,854.90
            2024-03-02,RENT,-800.00,900.00
            2024-03-01,SALARY,1500.00,1700.00

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.negate == false)
        #expect(s.profile.balanceColumn == .header("Balance"))
        #expect(s.decisions.contains { $0.reason.contains("dates newest first, each balance after its row") })
    }

    @Test func aChainAgainstTheOrderOfTheDatesIsAContradiction() {
        // The marks fix each sign; the balances chain only read newest first, the dates run oldest first.
        let s = sniff(
            """
            Date,Description,Amount,D/C,Balance
            2024-03-01,A,10.00,D,100.00
            2024-03-02,B,20.00,D,110.00
            2024-03-03,C,5.00,C,130.00

            """)
        #expect(
            s.refusal
                == "running balance: no reading of the amounts reproduces it in the order the dates run: the balances chain only if the rows ran newest first, but the dates run oldest first (lines 2–4): a contradiction, not a proof (amount \"Amount\", indicator \"D/C\", balance \"Balance\")"
        )
    }

    @Test func undatedOrderProvesNoSign() {
        let s = sniff(
            """
            Date,Description,Amount,Balance
            2024-03-01,A,-10.00,90.00
            2024-03-01,B,-20.00,70.00

            """)
        #expect(s.refusal.contains("the dates (lines 2–3) do not say whether the rows run oldest or newest first, so the chain proves no sign"))
    }

    @Test func marksGiveTheSignWhenTheDatesDoNotGiveTheOrder() {
        let s = sniff(
            """
            Date,Description,Amount,D/C,Balance
            2024-03-01,A,10.00,D,90.00
            2024-03-01,B,20.00,C,110.00

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.balanceColumn == nil)
        #expect(s.decisions.contains { $0.reason.contains("the dates do not say which way the rows run, so it is not booked as a closing balance") })
    }

    @Test func aLongDigitRunIsAReferenceNeverAnAmount() {
        #expect(SniffNumbers.isAmount("4000123412341234") == false)
        #expect(SniffNumbers.isAmount("-1234567890.12") == true)
        let s = sniff(
            """
            2024-03-01,4000123412341234,SALARY ACME,1500.00
            2024-03-02,4000123412341299,RENT,-800.00
            2024-03-04,4000123412341300,GROCERIES,-45.10

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .signed(.index(4)))
    }

    @Test func moneyInAndMoneyOutColumnsAreBothRead() {
        let s = sniff(
            """
            Date,Description,Amount In,Amount Out
            2024-03-01,SALARY,1500.00,0.00
            2024-03-02,RENT,0.00,800.00
            2024-03-04,GROCERIES,0.00,45.10

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .debitCredit(debit: .header("Amount Out"), credit: .header("Amount In")))
    }

    @Test func oneSideOfADebitCreditPairIsRefused() {
        let s = sniff(
            """
            Date,Description,Debit,Other
            2024-03-01,SHOP,12.00,x
            2024-03-02,SHOP,8.00,y

            """)
        #expect(s.refusal == "debit and credit: the header names \"Debit\" as money out but no column as money in; reading one of the two would lose the other")
    }

    @Test func aSecondMoneyColumnNoReadingUsesIsRefused() {
        // "Paid out" disagrees with "Amount" on line 4: which is the money is not said.
        let s = sniff(
            """
            Date,Description,Amount,Paid out
            2024-03-01,SHOP,-12.00,12.00
            2024-03-02,SALARY,100.00,
            2024-03-03,SHOP,-8.00,9.00

            """)
        #expect(s.refusal.hasPrefix("amount column: the header also names \"Paid out\" as money, which no reading uses, and no running balance shows it can be left out"))
    }

    @Test func moneyColumnsThatAgreeOnEveryRowSettleTheSign() {
        // KBC's card export: "bedrag" signed, "credit" and "debet" the same money again.
        let s = sniff(
            """
            datum;omschrijving;bedrag;credit;debet;bedrag in EUR
            01/02/2020;SHOP;-16,52;;-16,52;-16,52
            24/01/2020;PAYMENT;35,77;35,77;;35,77
            03/02/2020;SHOP;-4,10;;-4,10;-4,10

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.negate == false)
        #expect(s.decisions.contains { $0.reason.hasPrefix("\"credit\", \"debet\", \"bedrag in EUR\" agree with it on every row where filled") })
        // The same columns with the money-out side written positive on money in: no agreement.
        let flipped = sniff(
            """
            datum;omschrijving;bedrag;credit;debet
            01/02/2020;SHOP;-16,52;;16,52
            24/01/2020;PAYMENT;35,77;;35,77

            """)
        #expect(!flipped.isConclusive)
    }

    @Test func aBalanceThatNeverMovesIsAPlaceholder() {
        // Nordea's test export: every balance is 999,99.
        let s = sniff(
            """
            Bogført;Tekst;Beløb;Saldo
            28-09-2016;Nordea pay køb;-54,00;999,99
            27-09-2016;Nordea pay køb;-305,00;999,99
            26-09-2016;Nordea pay gebyr;-30,00;999,99

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.balanceColumn == nil)
        #expect(s.decisions.contains { $0.reason.contains("a placeholder, not a running balance") })
    }

    @Test func aBalanceOnOneRowProvesNothingAndIsNotRequired() {
        let s = sniff(
            """
            Buchungstag;Text;Betrag;Kontostand
            10.10.2017;Drillisch;-98,76;1.234,56

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.decisions.contains { $0.reason.hasPrefix("\"Kontostand\" is on fewer than two rows") })
    }

    @Test func aHeaderOneNameShortIsReadByContentOnlyWithABalance() {
        let proven = sniff(
            """
            Date,Description,Amount,Balance
            2024-03-01,A1,SALARY,1500.00,1700.00
            2024-03-02,A2,RENT,-800.00,900.00
            2024-03-04,A3,GROCERIES,-45.10,854.90

            """)
        #expect(proven.isConclusive, "\(proven.refusal)")
        #expect(proven.profile.amount == .signed(.index(4)))
        #expect(proven.profile.balanceColumn == .index(5))
        #expect(proven.decisions.contains { $0.topic == "header" && $0.reason.contains("names 4 columns but 3 of 3 rows hold more (line 2 has 5)") })
        let unproven = sniff(
            """
            Date,Description,Amount
            2024-03-01,A1,SALARY,-15.00
            2024-03-02,A2,RENT,-800.00
            2024-03-04,A3,GROCERIES,-45.10

            """)
        #expect(unproven.refusal.hasPrefix("columns: the header does not name every column and no running balance proves a reading"))
    }

    @Test func mostlyNegativeAmountsAreReadAsWritten() {
        let s = sniff(
            """
            Date,Description,Amount
            2024-03-01,SHOP,-12.00
            2024-03-02,SALARY,100.00
            2024-03-03,SHOP,-8.00

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.decisions.contains { $0.reason.hasPrefix("read as written: 2 of 3 amounts are negative") })
    }

    @Test func mostlyPositiveAmountsLeaveTheSignOpenUntilACardSettlesIt() {
        var s = sniff(
            """
            Date,Description,Amount
            2024-03-01,AMAZON,23.99
            2024-03-02,PAYMENT THANK YOU,-300.00
            2024-03-03,TAXI,18.00

            """)
        #expect(s.refusal.hasPrefix("sign: 2 of 3 amounts are positive ('23.99' on line 2) and nothing in the file"))
        let note = s.readAsCard()
        #expect(s.isConclusive)
        #expect(s.profile.negate)
        #expect(note == "a card statement: its 2 positive amounts are charges (money out), the 1 negative payments or refunds, so every amount is negated")
    }

    @Test func noTrailerIsGuessedWhereNotesSitBetweenTransactions() {
        // ING Romania: every transaction is followed by lines of detail; the text after the
        // last transaction of the sample also occurs mid-file.
        let s = sniff(
            """
            Data,,,Detalii tranzactie,Debit,,Credit
            14 august 2021,,,Cumparare POS,"44,00",,
            ,,,Nr. card: xxxx 8026,,,
            ,,,Terminal: MARKET,,,
            14 august 2021,,,Cumparare POS,"20,50",,
            ,,,Nr. card: xxxx 7270,,,
            ,,,Terminal: CANTINA,,,
            13 august 2021,,,Incasare,,,"100,00"
            ,,,Din contul: 999904927930,,,

            """)
        #expect(s.profile.endRows.isEmpty)
        #expect(
            s.decisions.contains {
                $0.topic == "end-row" && $0.reason.contains("'Din contul: 999904927930' follows the last transaction, but rows of other text sit between transactions too")
            })
    }

    /// A last row shaped like the transactions whose amount does not read was taken for a
    /// footer (`end-row any is "2024-01-04"`) and dropped with exit 0; it is a transaction
    /// the import refuses at its line.
    @Test func aLastTransactionWhoseAmountDoesNotReadIsNeverAnEndMarker() {
        let s = sniff(
            """
            date,description,amount
            2024-01-01,SHOP A,-10.00
            2024-01-02,SHOP B,-20.00
            2024-01-03,SHOP C,30.00
            2024-01-04,Refund,n/a 5.00

            """)
        #expect(s.profile.endRows.isEmpty)
        // A footer that is not shaped like a transaction still ends the data.
        let footer = sniff("date,description,amount\n2024-01-01,SHOP A,-10.00\n2024-01-02,SHOP B,20.00\nTotal for January\n")
        #expect(footer.profile.endRows.map(\.text) == ["Total for January"])
    }

    /// Odoo's export: `Amount` in the account's currency, `Amount Currency` the same money in
    /// the transaction's; the second is never an unread money column.
    @Test func anAmountCurrencyColumnIsTheTransactionsCurrency() {
        let s = sniff(
            """
            "Date","Label","Currency","Amount","Amount Currency","Partner Name"
            "2018-12-15","Supplier","USD","-33.50","0.0","John Doe"
            "2018-12-16","Payment","EUR","1,525.00","1,000.00","Azure Interior"

            """)
        #expect(s.profile.amount.map { "\($0)" } != nil)
        #expect(s.decisions.contains { $0.topic == "other currency" && $0.reason.contains("transaction's own currency") })
        #expect(s.ambiguities.isEmpty, "\(s.ambiguities)")
    }

    /// The sign refusal named the date as the positive amount in a file with no header
    /// (hledger's `t.iso8859-1.csv`: `'2025-01-01' on line 1`); it names the amount's cell.
    @Test func theSignRefusalNamesTheAmountCellOfAHeaderlessFile() {
        let s = sniff("2025-01-01, Eclair, 1\n")
        let sign = s.ambiguities.first { $0.topic == "sign" }
        #expect(sign?.reason.contains("1 of 1 amounts are positive ('1' on line 1)") == true, "\(String(describing: sign))")
    }

    @Test func anUnnamedColumnMarkingOnlyPaymentsIsTheIndicator() {
        // John Lewis Partnership card: charges unsigned, payments `+ £x` with `CR` in a column with no name.
        let s = sniff(
            """
            Date Processed,Description,Amount,
            28-Mar-2020,AMAZON,£99.99,
            30-Mar-2020,KINDLE,£0.99,
            21-Apr-2020,DIRECT DEBIT,"+ £1,234.56",CR

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.indicator == .column(.index(4)))
        #expect(s.profile.debitMarks.last == "")
        #expect(s.decisions.contains { $0.reason.contains("it marks some rows 'CR' (line 4) and no others, so the unmarked rows are money out") })
    }

    @Test func dottedDatesAreDayFirstAndAValueDateAloneIsTheDate() {
        let s = sniff(
            """
            Produit;Date de valeur;Description;Débit;Crédit
            A;05.03.2019;Virement;10.00;
            A;06.03.2019;Ordre;;240.00
            A;07.03.2019;Frais;5.00;

            """)
        #expect(s.profile.dateFormat.pattern == "%d.%m.%Y")
        #expect(s.profile.dateColumn == .header("Date de valeur"))
        #expect(s.decisions.contains { $0.reason == "the file's only date is the value date" })
    }
}

/// Shapes the sniffer reads since the second round of issue 26: details written on the
/// lines under a transaction, balance lines before the first row, and a pair of money
/// columns where one is empty in every row.
struct CSVSnifferShapesTests {
    func sniff(_ text: String) -> CSVSniff {
        CSVSniffer.sniff(head: Array(text.utf8), tail: nil, fileName: "export.csv")
    }

    @Test func detailLinesUnderATransactionAreJoinedToIt() {
        // The layout of ING Romania's export (ing-csv-to-ynab-csv): details under each row, a
        // page footer and a repeated header between pages.
        let s = sniff(
            """
            Data,,,Detalii tranzactie,Debit,,Credit,Balanta
            14 august 2021,,,Cumparare POS,"44,00",,,"6.732,33"
            ,,,Terminal: CRISNIC MARKET  RO  IASI,,,,
            ,,,Data: 11-08-2021 Autorizare: 648643,,,,
            13 august 2021,,,Incasare,,,"100,00","6.776,33"
            ,,,Ordonator: ANA POPESCU,,,,
            ,Roxana Petria,,,,Alexandra Ilie,,
            Data,,,Detalii tranzactie,Debit,,Credit,Balanta
            31 iulie 2021,,,Cumparare POS,"20,50",,,"6.676,33"
            ,,,Terminal: MY EVENTS SRL  RO  IASI,,,,

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.joinsDetailRows)
        #expect(s.profile.dateFormat.description == "%d %b %Y")
        #expect(s.profile.skipRows.map(\.text) == ["Roxana Petria", "Data"])
        #expect(s.decisions.contains { $0.topic == "detail-rows" && $0.reason.hasPrefix("3 rows between transactions have no date and no amount (line 3)") })
    }

    @Test func rowsOfOtherTextWithNothingUnderTheDescriptionAreSkipped() {
        let s = sniff(
            """
            Date;Description;Amount
            13/03/2024;COFFEE;-3,20
            14/03/2024;BAKERY;-2,10
            Page 2;;
            15/03/2024;RENT;-800,00
            16/03/2024;SALARY;1500,00

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(!s.profile.joinsDetailRows)
        #expect(s.profile.skipRows.map(\.text) == ["Page 2"])
    }

    @Test func anOpeningBalanceLineBeforeTheFirstRowAndAClosingOneAfterAreSkipped() {
        // BancoPosta (ofxstatement-bancoposta): `|` glued to the balance lines' cells.
        let s = sniff(
            """
            Data;Valuta;Addebiti;Accrediti;Descrizione operazioni
            31/12/17;;;26.851,95|;SALDO INIZIALE
            03/01/18;03/01/18;2,90;;IMPOSTA DI BOLLO
            13/01/18;13/01/18;250,00;;RICARICA POSTEPAY
            23/01/18;23/01/18;;1.250,00;BONIFICO A VOSTRO FAVORE
            31/01/18;;;28.359,05;|SALDO FINALE
            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.skipRows.map(\.text) == ["SALDO INIZIALE", "|SALDO FINALE"])
        #expect(s.rowCount == 3)
    }

    @Test func aNamedMoneyInColumnEmptyInEveryRowIsStillTheOtherSide() {
        // DBS/POSB Singapore (bank2ynab): a statement of withdrawals only.
        let s = sniff(
            """
            Transaction date,Value date,Description,Withdrawals (SGD),Deposits (SGD)
            18/04/2018,18/04/2018,DEBIT PURCHASE,6.66,
            ,,15/04/18  66-6666 UBER EATS
            17/04/2018,17/04/2018,CASH WITHDRAWAL  ATM,66.66,
            ,,66-6666 OCBC-666 BRANCH
            13/04/2018,13/04/2018,DEBIT PURCHASE,16.60,

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .debitCredit(debit: .header("Withdrawals (SGD)"), credit: .header("Deposits (SGD)")))
        #expect(s.profile.joinsDetailRows)
    }

    @Test func amountsWrittenWithAUnitAreReadWithIt() {
        // ICA Banken (bank2ynab): `kr` after every amount, a space between thousands.
        let s = sniff(
            """
            Datum;Text;Typ;Belopp;Saldo
            2018-01-17;Närbutik;Korttransaktion;-144,75 kr;419,87 kr
            2018-01-18;Supermarket;Korttransaktion;-352,66 kr;67,21 kr
            2018-02-01;Överföring;Insättning;2 500,00 kr;2 567,21 kr
            2018-02-01;Närbutik;Korttransaktion;-139,31 kr;2 427,90 kr

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amountFormat.unit == "kr")
        #expect(s.profile.amountFormat.thousandsSeparator == " ")
        #expect(s.profile.balanceColumn == .header("Saldo"))
    }

    @Test func aDatedRowWhoseAmountDoesNotReadIsNeverPassedOver() {
        let s = sniff(
            """
            Date;Description;Amount
            13/03/2024;COFFEE;-3,20
            14/03/2024;BAKERY;-2,10
            15/03/2024;TRANSFER;ca. 2.500,00
            16/03/2024;RENT;-800,00
            17/03/2024;SALARY;1500,00

            """)
        #expect(
            s.refusal
                == "rows: line 4 has a date and 'ca. 2.500,00' in column \"Amount\", which does not read as an amount like the other rows'; it cannot be passed over as not a transaction"
        )
    }
    @Test func aNegativeColumnBesideAPositiveOneIsMoneyOut() {
        // No header: which of the two sparse columns is money out is said by the signs written.
        let s = sniff(
            """
            03.11.2025;TRANSFER;-5,00;;'DE67'
            03.11.2025;DIRECT DEBIT;-24,00;;'DE67'
            10.11.2025;CREDIT TRANSFER;;83,16;'DE67'
            11.11.2025;CARD;-53,00;;'DE67'

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .debitCredit(debit: .index(3), credit: .index(4)))
        #expect(
            s.decisions.contains {
                $0.reason == "every value of column 3 is negative ('-5,00', line 1) and every value of column 4 positive ('83,16', line 3): the negative column is money out"
            })
        // Unsigned in both columns: still refused.
        let unsigned = sniff(
            """
            03.11.2025;TRANSFER;5,00;
            10.11.2025;CREDIT TRANSFER;;83,16
            11.11.2025;CARD;53,00;

            """)
        #expect(
            unsigned.refusal
                == "debit and credit: two columns of unsigned amounts ('5,00' in column 3, line 1; '83,16' in column 4, line 2) and no header, balance or sign says which is money out (debit 3, credit 4 or debit 4, credit 3)"
        )
    }
    @Test func aBalticExportWithBalanceLinesAndAQuotedNameIsRead() {
        // Swedbank's Baltic layout: opening balance, turnover and closing balance lines among
        // the rows, a D/K mark, the pre-euro currency and a name quoted without doubling.
        let s = sniff(
            """
            "Sąskaitos Nr.","","Data","Gavėjas","Paaiškinimai","Suma","Valiuta","D/K",
            "LT01","10","2012-01-01","","Likutis pradžiai","2123.82","LTL","K",
            "LT01","20","2012-01-02","SHOP","PIRKINYS","14.34","LTL","D",
            "LT01","20","2012-01-26","UAB "Naktida"","PIRKINYS UAB "Naktida"","12.20","LTL","D",
            "LT01","20","2012-01-10","Company","Salary","1600.00","LTL","K",
            "LT01","82","2012-01-31","","Apyvarta","26.54","LTL","D",
            "LT01","86","2012-01-31","","Likutis pabaigai","3697.28","LTL","K",

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .signed(.header("Suma")))
        #expect(s.profile.indicator == .column(.header("D/K")))
        #expect(s.profile.currencyColumn == .header("Valiuta"))
        #expect(s.profile.skipRows.map(\.text) == ["Likutis pradžiai", "Apyvarta", "Likutis pabaigai"])
        #expect(s.rowCount == 3)
    }
    @Test func ofxDateTimesInACSVAreRead() {
        // No header; a type column that is not a mark (a CREDIT row may be negative).
        let s = sniff(
            """
            DEBIT,20091224120000[0:GMT],"HOST 037196321563 MO",-85.00
            CHECK,20091224120000[0:GMT],"CHECK 2656",-20.00
            CREDIT,20091223120000[0:GMT],"VENDOR PAYMENT",3520.00
            CREDIT,20091211120000[0:GMT],"PAYPAL TRANSFER",-116.22

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.dateColumn == .index(2))
        #expect(s.profile.dateFormat.pattern == "%Y%m%d%H%M%S%Z")
        #expect(s.profile.amount == .signed(.index(4)))
        #expect(s.profile.indicator == nil)
    }
    @Test func aHeaderlessPairWithZerosInTheUnusedColumnIsProvenByTheBalance() {
        // No header: date, check number, text, money out, money in (0 in the unused one), balance.
        let s = sniff(
            """
            11/01/2014,0, Deposit,0,500.00,500.00
            11/02/2014,101,Check,100.00,0,400.00
            11/03/2014,102,Check,100.00,0,300.00
            11/17/2014,0, Deposit,0,700.00,1000.00

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.amount == .debitCredit(debit: .index(4), credit: .index(5)))
        #expect(s.profile.balanceColumn == .index(6))
        // Without the balance nothing says which column is money out.
        let unproven = sniff(
            """
            11/01/2014,0, Deposit,0,500.00
            11/02/2014,101,Check,100.00,0
            11/17/2014,0, Deposit,0,700.00

            """)
        #expect(unproven.refusal.hasPrefix("debit and credit: two columns of unsigned amounts"))
    }
    @Test func aStrayQuoteInAnUnquotedFieldIsReadLenientlyAndNamed() {
        let s = sniff(
            """
            "Buchungsdatum";"Zahlungsempfänger";"Verwendungszweck";"Betrag"
            "05.12.25";"Firma";"K.MICHEL GMBH";"-62,3"
            "01.12.25";Firma";"ABS. 11/25";"-207"
            "28.11.25";"Max";"Nebenkosten";"150"

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.quoting == .lenient)
        #expect(s.decisions.contains { $0.reason == "line 3, field 2 has a quote in a field that is not quoted ('Firma\"'); it is read as text" })
    }
    @Test func aTypeColumnWhoseWordsAgreeWithTheSignsProvesThem() {
        // Sparkasse's CSV-CAMT layout: more money in than out, and a Buchungstext saying which.
        let text = """
            "Buchungstag";"Buchungstext";"Verwendungszweck";"Betrag";"Info"
            "05.12.25";"BUCHUNG";"KOSTEN KONTO";"-5,95";"Umsatz gebucht"
            "05.12.25";"FOLGELASTSCHRIFT";"RE-NR123456";"-12,85";"Umsatz gebucht"
            "03.12.25";"GUTSCHR. UEBERWEISUNG";"Beleg 203047";"67,50";"Umsatz gebucht"
            "03.12.25";"ECHTZEIT-GUTSCHRIFT";"Beleg 203036";"35,90";"Umsatz gebucht"
            "03.12.25";"UEBERWEISUNG";"Miete";"119,00";"Umsatz gebucht"

            """
        let s = sniff(text)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.negate == false)
        #expect(
            s.decisions.contains {
                $0.reason
                    == "\"Buchungstext\" says money out on 1 rows ('FOLGELASTSCHRIFT', line 3), all negative, and money in on 2 ('GUTSCHR. UEBERWEISUNG', line 4), all positive: read as written"
            })
        // A card export whose types say the other way: every amount is negated.
        let card = sniff(
            """
            Date,Type,Description,Amount
            2024-03-01,DEBIT,AMAZON,23.99
            2024-03-02,CREDIT,PAYMENT THANK YOU,-300.00
            2024-03-03,DEBIT,TAXI,18.00

            """)
        #expect(card.isConclusive, "\(card.refusal)")
        #expect(card.profile.negate)
        // One row against its word: the words prove nothing, and the signs alone do not either.
        let mixed = sniff(text.replacingOccurrences(of: "\"-12,85\"", with: "\"12,85\""))
        #expect(mixed.refusal.hasPrefix("sign: 4 of 5 amounts are positive ('12,85' on line 3)"))
        // A returned debit is money in: its type says nothing.
        #expect(HeaderVocabulary.typeDirection("RUECKLASTSCHRIFT") == nil)
        #expect(HeaderVocabulary.typeDirection("Lastschrift") == .out)
        #expect(HeaderVocabulary.typeDirection("UEBERWEISUNG") == nil)
    }
}

/// Shapes of issue 26's second round: each read only on the evidence named.
@Suite struct CSVSnifferSecondRoundTests {
    private func sniff(_ text: String) -> CSVSniff { CSVSniffer.sniff(head: Array(text.utf8), tail: nil, fileName: "t.csv") }

    @Test func italianMonthsWithADotAfterTheYearAreDates() {
        let s = sniff(
            """
            id,name,state,date,amount
            17f0,Ricarica,APPROVED,24 lug 2024. 02:59:45,"30,40 "
            9c4c,Ajeje,APPROVED,22 giu 2024. 19:45:52,"-17,00 "
            b84e,Supermercato,APPROVED,20 mag 2024. 12:21:36,"-2,00 "

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.dateFormat.pattern == "%d %b %Y. %H:%M:%S")
    }

    @Test func aStatusPennyDoesNotKnowBesideOthersIsAsked() {
        let s = sniff(
            """
            Date,Description,Amount,State
            2024-03-01,SHOP,-12.00,APPROVED
            2024-03-02,SHOP,-8.00,ON HOLD
            2024-03-03,SHOP,-5.00,APPROVED

            """)
        #expect(s.refusal.hasPrefix("status: \"State\" says 'ON HOLD' (line 3) beside other statuses, and whether such a row is booked is not known"), "\(s.refusal)")
    }

    @Test func rowsLongerThanTheHeaderByVaryingFieldsKeepTheNames() {
        // Livebank: the text runs on over the fields after the last name.
        let s = sniff(
            """
            Konto;Buchungsdatum;Waehrung;Betrag;Buchungstext;Umsatztext
            1234;2013-07-03;EUR;-150,00;Internet;A name;A text;REF 1
            1234;2013-07-01;EUR;-20,00;Internet;A name;A text;more;REF 2
            1234;2013-06-10;EUR;-100,00;Internet;A text;REF 3

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.decisions.contains { $0.choice == "names from the left" })
        #expect(s.profile.ignoresExtraFields)
    }

    @Test func aLastRowCutShortIsNeverTakenForATrailer() {
        // Issue 33, item 14: a download that stopped inside its last row. Taken for a
        // trailer (`end-row`), the cut row vanished with exit 0 and no warning.
        for cut in ["2024-12-13,2024-12-12,\"Some sushi place\",,Presentment", "2024-1", "2024-12-13,2024-12-12,\"Some sushi place\",,Presentment,,\"Main Account\""] {
            let s = sniff(
                """
                Booking Date,Value Date,Partner Name,Partner Iban,Type,Payment Reference,Account Name,Amount (EUR)
                2024-12-12,2024-12-11,"Some bakery",,Presentment,,"Main Account",-5.95
                2024-12-11,2024-12-10,"Some shop",,Presentment,,"Main Account",-3.10
                \(cut)
                """)
            #expect(s.profile.endRows.isEmpty, "\(cut)")
        }
    }

    @Test func rowsOneFieldLongerThanTheHeaderStillNeedAProof() {
        let s = sniff(
            """
            Date;Amount;Description
            2024-03-01;X1;-12,00;SHOP
            2024-03-02;X2;-8,00;SHOP
            2024-03-03;X3;-5,00;SHOP

            """)
        #expect(!s.decisions.contains { $0.choice == "names from the left" })
    }
}

/// Dates, marks and amounts of issue 26's second round that the sniffer reads.
@Suite struct CSVSnifferDateAndMarkTests {
    private func sniff(_ text: String) -> CSVSniff { CSVSniffer.sniff(head: Array(text.utf8), tail: nil, fileName: "t.csv") }

    @Test func dateTimesWithAZoneAfterASpaceAreDates() {
        let s = sniff(
            """
            Date,Description,Amount
            2024-03-01 10:11:12 +0000,SHOP,-12.30
            2024-03-13 10:11:12 +0100,SHOP,-5.00

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.dateFormat.pattern == "%Y-%m-%d %H:%M:%S %Z")
    }

    @Test func aColumnNamedSignOfBarePlusAndMinusIsTheIndicator() {
        let s = sniff(
            """
            Date;Text;Amount;Sign
            01.03.2024;SHOP;12,30;-
            02.03.2024;PAY;1200,00;+
            03.03.2024;SHOP;5,00;-

            """)
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.indicator != nil)
    }
}

/// A large file whose rows read (the head) all fall on one day: the dates at its end say
/// which way it runs, so its running balance proves the sign (a busy account's export).
@Suite struct CSVSnifferTailOrderTests {
    /// Rows on `date` chaining a balance from `start`: each amount -1.00, the balance after it.
    func rows(_ count: Int, date: String, start: Int) -> String {
        (0..<count).map { i in "\(date);SHOP \(i);-1,00;\(start - i - 1),00\n" }.joined()
    }

    @Test func theDatesAtTheEndSayTheOrder() {
        let head = Array(("Data;Descricao;Montante;Saldo\n" + rows(50, date: "01-01-2024", start: 1000)).utf8)
        let later = Array(("cut row\n" + rows(5, date: "28-12-2024", start: 100)).utf8)
        let s = CSVSniffer.sniff(head: head, tail: later, fileName: "big.csv")
        #expect(s.isConclusive, "\(s.refusal)")
        #expect(s.profile.negate == false)
        #expect(s.decisions.contains { $0.reason.contains("as the dates at the end of the file say") })
        // The same rows with nothing after them: one day says no order, and the sign stays open.
        let alone = CSVSniffer.sniff(head: head, tail: nil, fileName: "big.csv")
        #expect(!alone.isConclusive)
        // Dates at the end earlier than the head's: newest first, so the chain reads the other way.
        let earlier = Array(("cut row\n" + rows(5, date: "02-01-2023", start: 100)).utf8)
        let reversed = CSVSniffer.sniff(head: head, tail: earlier, fileName: "big.csv")
        #expect(!reversed.decisions.contains { $0.reason.contains("dates oldest first") })
    }
}

import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// One test per error message of the MT940 reader, with its location.
struct MT940ErrorTests {
    static let head = ":20:STMT1\n:25:NL91ABNA0417164300\n:60F:C240101EUR100,00\n"

    @Test(arguments: [
        ("{1:F01BANK}{2:I940BANK}{4:\n-}\n", "x.sta:1: error: no statement in this MT940 file: expected a :20: field"),
        (":61:2401020102D1,00NTRFNONREF\n:20:X\n:62F:C240102EUR1,00\n", "x.sta:1: error: :61: before the first :20:"),
        (head + ":61:24013XD1,00NTRF\n:62F:C240102EUR99,00\n", "x.sta:4: error: cannot read :61: '24013XD1,00NTRF': expected the value date as YYMMDD"),
        (head + ":61:2401021399D1,00NTRF\n:62F:C240102EUR99,00\n", "x.sta:4: error: cannot read :61: '2401021399D1,00NTRF': expected the entry date as MMDD"),
        (head + ":61:2401020102X1,00NTRF\n:62F:C240102EUR99,00\n", "x.sta:4: error: cannot read :61: '2401020102X1,00NTRF': expected C, D, RC or RD after the date"),
        (
            head + ":61:2401020102D1,00\n:62F:C240102EUR99,00\n",
            "x.sta:4: error: cannot read :61: '2401020102D1,00': expected a transaction type like NTRF after the amount"
        ),
        (":20:STMT1\n:60F:C240101EUR100\n:62F:C240102EUR99,00\n", "x.sta:2: error: cannot read :60F: amount '100': expected digits with a decimal comma, like 1234,56"),
        (head + ":61:2401020102D1,005NTRF\n:62F:C240102EUR99,00\n", "x.sta:4: error: cannot read :61: amount '1,005': amount has more than 2 decimals (EUR)"),
        (
            ":20:STMT1\n:60F:C2401EUR100,00\n:62F:C240102EUR99,00\n",
            "x.sta:2: error: cannot read :60F: 'C2401EUR100,00': expected C or D, a YYMMDD date, a currency and an amount, like C250801EUR1500,00"
        ),
        (":20:STMT1\n:60F:C240101EU1100,00\n:62F:C240102EUR99,00\n", "x.sta:2: error: unknown currency 'EU1' in :60F:"),
        (":20:STMT1\n:13D:2401021200+0100\n:34F:EU10,\n", "x.sta:3: error: unknown currency 'EU1' in :34F:"),
        (
            head + ":61:2401020102D1,00NTRF\n:86:Coffee\n",
            "x.sta:1: error: the statement that starts here has no closing balance (:62F: or :62M:): the file may be cut off"
        ),
        (
            head + ":61:2401020102D1,00NTRF\n:62F:C240102EUR99,",
            "x.sta:5: error: the file ends in the middle of a line, without a line end: it was cut off; download it again"
        ),
        (
            "{1:F01BANK}{2:I940BANK}{4:\n" + head + ":62F:C240102EUR100,00\n",
            "x.sta:6: error: a SWIFT text block '{4:' is not closed by '-}': the file was cut off; download it again"
        ),
    ])
    func mt940Errors(text: String, message: String) {
        #expect(ReaderErrorTests.rejection(text, name: "x.sta", reader: MT940Reader()) == message)
    }

    @Test func aCutOffSecondStatementRefusesTheWholeFile() {
        let text = Self.head + ":61:2401020102D1,00NTRF\n:62F:C240102EUR99,00\n-\n:20:STMT2\n:25:NL91ABNA0417164300\n:60F:C240102EUR99,00\n:61:2401030103D1,00NTRF\n"
        #expect(
            ReaderErrorTests.rejection(text, name: "x.sta", reader: MT940Reader())
                == "x.sta:7: error: the statement that starts here has no closing balance (:62F: or :62M:): the file may be cut off")
    }
}

import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// One test per error message of the QIF reader, with its location.
struct QIFErrorTests {
    @Test(arguments: [
        ("D01/02/2024\nT-1.00\n^\n", "x.qif:1: error: expected a QIF header such as '!Type:Bank' before the first record"),
        ("!Type:Bank\nD01/02/2024\nT-1.00\n!Type:Bank\n", "x.qif:4: error: the record that starts on line 2 has no closing '^' before this header"),
        ("!Type:Bank\nD01/02/2024\nT-1.00\n^\nD01/03/2024\nT-2.0\n", "x.qif:6: error: the last record (line 5) has no closing '^': the file may be cut off"),
        ("!Type:Bank\nD01/02/2024\nT-1.00\n^\n!Tipe:Bank\n", "x.qif:5: error: unknown QIF header '!Tipe:Bank': expected !Type:, !Account, !Option: or !Clear:"),
        (
            "!Type:Security\nNACME\n^\n",
            "x.qif:1: error: no transactions in this QIF file: expected a !Type:Bank, !Type:CCard, !Type:Cash, !Type:Oth A or !Type:Oth L section"
        ),
        ("!Type:Bank\nPShop\nT-1.00\n^\n", "x.qif:2: error: record without a date (D line)"),
        ("!Type:Bank\nD01/02/2024\nPShop\n^\n", "x.qif:2: error: record without an amount (T line)"),
        ("!Type:Bank\nD01/02/2024\nT-1.005\n^\n", "x.qif:3: error: cannot read amount '-1.005': amount has more than 2 decimals (EUR)"),
        ("!Type:Bank\nD01/02/2024\nT12 apples\n^\n", "x.qif:3: error: cannot read amount '12 apples': unexpected character in amount (EUR)"),
        ("!Type:Bank\nDyesterday\nT-1.00\n^\n", "x.qif:2: error: cannot read date 'yesterday': expected a date like 01/31/2024, 1/31'24, 31.01.2024 or 2024-01-31"),
        (
            "!Type:Bank\nD13/01/2024\nT-1.00\n^\nD01/13/2024\nT-1.00\n^\n",
            "x.qif:5: error: dates disagree on the order of day and month: '13/01/2024' (line 2) and '01/13/2024' cannot both be read one way"
        ),
        ("!Type:Bank\nD02/30/2024\nT-1.00\n^\n", "x.qif:2: error: cannot read date '02/30/2024': no such day when read as MM/DD/YYYY"),
        (
            "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/2/24\nT-5.00\n^\n!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD1/3/24\nT-7.00\n^\n",
            "x.qif:13: error: this QIF holds the transactions of several accounts, 'Checking' (line 2) and 'Visa' (line 10): Penny books a file into one account; export each account alone"
        ),
        ("!Type:Bank\nD2024/02/30\nT-1.00\n^\n", "x.qif:2: error: cannot read date '2024/02/30': no such day when read as YYYY/MM/DD"),
    ])
    func qifErrors(text: String, message: String) {
        #expect(ReaderErrorTests.rejection(text, name: "x.qif", reader: QIFReader()) == message)
    }
}

import Foundation
import PennyTestSupport
import PennyCore
import PennyLedger

/// A fresh temporary directory per test.
func temporaryDirectory() -> URL {
    let url = TestScratch.root.appendingPathComponent("penny-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

func euros(_ units: Int64) -> Money { Money(minorUnits: units, currency: .euro) }

func transaction(_ date: String, _ units: Int64, _ description: String, id: String? = nil, line: Int = 2, pending: Bool = false) -> Transaction {
    Transaction(date: day(date), amount: euros(units), description: description, location: SourceLocation(file: "s.csv", line: line), bankID: id, isPending: pending)
}

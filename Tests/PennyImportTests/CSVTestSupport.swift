import Foundation
import PennyCore
@testable import PennyImport

/// Reads a fixture with a profile and collects what the reader emits.
func readFixture(_ name: String, _ profile: CSVProfile, currency: Currency = .euro) throws(PennyError) -> [Transaction] {
    let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
    var transactions: [Transaction] = []
    let configuration = ReaderConfiguration(csvProfiles: [profile], defaultCurrency: currency)
    try CSVReader().read(url, profile: profile, displayName: name, configuration: configuration) { (event) throws(PennyError) in
        if case .transaction(let t) = event { transactions.append(t) }
    }
    return transactions
}

/// The error a fixture is rejected with, or nil when it reads.
func rejection(_ name: String, _ profile: CSVProfile) -> PennyError? {
    do throws(PennyError) {
        _ = try readFixture(name, profile)
        return nil
    } catch { return error }
}

/// A profile built in code (the rules parser has its own tests).
func profile(
    delimiter: Character = ",", encoding: CSVProfile.Encoding = .utf8, headerLines: Int = 1,
    date: CSVProfile.Column = .index(1), dateFormat: String = "%Y-%m-%d",
    description: [CSVProfile.Column] = [.index(2)], amount: CSVProfile.AmountColumns = .signed(.index(3)),
    decimalMark: Character = ".", thousands: Character?? = .none, balance: CSVProfile.Column? = nil,
    id: CSVProfile.Column? = nil, negate: Bool = false
) -> CSVProfile {
    var p = CSVProfile(name: "test", location: SourceLocation(file: "test.rules", line: 1))
    p.delimiter = delimiter.asciiValue!
    p.encoding = encoding
    p.headerLines = headerLines
    p.dateColumn = date
    p.dateFormat = DateFormat(dateFormat)!
    p.descriptionColumns = description
    p.amount = amount
    p.amountFormat = AmountFormat(decimalMark: decimalMark, thousandsSeparator: thousands)
    p.balanceColumn = balance
    p.idColumn = id
    p.negate = negate
    p.account = "assets:bank:test"
    return p
}

extension Array where Element == Transaction {
    /// The sum of amounts in minor units.
    var total: Int64 { reduce(0) { $0 + $1.amount.minorUnits } }
}

import Foundation
import PennyCore

/// Account names and currency codes seen so far, so each is made into a `String` once.
struct NameTable {
    /// An empty table.
    init() {}

    /// A table whose amount totals start at `totals` (a ledger's, read from its index).
    init(totals: [Currency: Int64]) { magnitudes = CurrencyTotals(totals) }

    private var accounts: [UInt64: [(bytes: [UInt8], name: String)]] = [:]
    private var currencies: [UInt32: Currency] = [:]
    /// The sum of the magnitudes of the amounts read so far, per currency.
    private var magnitudes = CurrencyTotals()

    /// Adds an amount's magnitude to its currency's total; false when the total would no
    /// longer fit in 64 bits (then some report's sum could overflow).
    mutating func count(_ units: Int64, _ currency: Currency) -> Bool {
        (try? magnitudes.addMagnitude(of: units, to: currency)) != nil
    }

    /// The totals so far.
    var totals: [Currency: Int64] { magnitudes.dictionary }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        if let bucket = accounts[hash],
            let hit = bucket.first(where: { entry in
                entry.bytes.count == bytes.count && (bytes.isEmpty || entry.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
            })
        {
            return hit.name
        }
        let name = String(decoding: bytes, as: UTF8.self)
        accounts[hash, default: []].append((Array(bytes), name))
        return name
    }

    mutating func currency(_ bytes: UnsafeBufferPointer<UInt8>) -> Currency? {
        guard bytes.count == 3 else { return nil }
        let key = UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
        if let known = currencies[key] { return known }
        guard let currency = Currency(code: String(decoding: bytes, as: UTF8.self)), currency.code.utf8.elementsEqual(bytes) else { return nil }
        currencies[key] = currency
        return currency
    }
}

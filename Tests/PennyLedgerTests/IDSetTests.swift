import Testing

@testable import PennyLedger

/// `IDSet` answers as `Set<UInt64>` does through random inserts, lookups and removals,
/// with ids crowded into few slots (small values, a common high part) as well as spread.
struct IDSetTests {
    @Test func agreesWithSetOnRandomOperations() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            var ids = IDSet()
            var reference: Set<UInt64> = []
            let range: UInt64 = round % 2 == 0 ? 64 : 5_000
            let high: UInt64 = round % 4 < 2 ? 0 : 0xABCD_0000_0000_0000
            for _ in 0..<20_000 {
                let id = UInt64.random(in: 0..<range, using: &generator) | (Bool.random(using: &generator) ? high : 0)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: #expect(ids.insert(id) == reference.insert(id).inserted)
                case 1:
                    ids.remove(id)
                    reference.remove(id)
                default: #expect(ids.contains(id) == reference.contains(id))
                }
                #expect(ids.count == reference.count)
            }
            for id in reference { #expect(ids.contains(id)) }
        }
    }

    @Test func holdsAMillionSpreadIDs() {
        var ids = IDSet()
        var generator = SystemRandomNumberGenerator()
        var all: [UInt64] = []
        for _ in 0..<1_000_000 {
            let id = UInt64.random(in: .min ... .max, using: &generator)
            all.append(id)
            ids.insert(id)
        }
        #expect(ids.count == Set(all).count)
        #expect(all.allSatisfy { ids.contains($0) })
    }
}

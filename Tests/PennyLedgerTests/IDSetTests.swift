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

    /// A copy is a value: its table is shared until one of the two changes (`WordTable`
    /// is a class), and then each answers for its own ids, through growth and removal too.
    @Test func aCopyChangesApartFromItsOriginal() {
        var original = IDSet()
        for id in UInt64(1)...1_000 { original.insert(id &* 0x9E37_79B9_7F4A_7C15) }
        var copy = original
        copy.insert(7)
        copy.remove(1 &* 0x9E37_79B9_7F4A_7C15)
        for id in UInt64(5_000)..<400_000 { copy.insert(id) }  // grows past 2 MiB: huge pages asked for
        #expect(!original.contains(7) && copy.contains(7))
        #expect(original.contains(1 &* 0x9E37_79B9_7F4A_7C15) && !copy.contains(1 &* 0x9E37_79B9_7F4A_7C15))
        #expect(original.count == 1_000 && copy.count == 1_000 + 395_000)
        original.removeAll()
        #expect(copy.contains(7) && copy.contains(399_999) && original.count == 0 && !original.contains(7))
    }
}

import PennyCore
import PennyLedger
import PennyTestSupport
import Testing

struct DedupTests {
    @Test func identicalSameDayTransactionsStayTwo() {
        var assigner = DedupIDAssigner()
        let a = assigner.id(account: "assets:x", transaction: transaction("2024-03-02", -120, "CAFÉ A BRASILEIRA"))
        let b = assigner.id(account: "assets:x", transaction: transaction("2024-03-02", -120, "cafe a  brasileira"))
        #expect(a != b)
        // The same file read again gives the same ids, in order.
        var again = DedupIDAssigner()
        #expect(again.id(account: "assets:x", transaction: transaction("2024-03-02", -120, "CAFÉ A BRASILEIRA")) == a)
        #expect(again.id(account: "assets:x", transaction: transaction("2024-03-02", -120, "CAFÉ A BRASILEIRA")) == b)
    }

    @Test func idsAreScopedToTheAccountAndAmount() {
        var assigner = DedupIDAssigner()
        let a = assigner.id(account: "assets:x", transaction: transaction("2024-03-02", -120, "FEE", id: "T1"))
        let b = assigner.id(account: "assets:y", transaction: transaction("2024-03-02", -120, "FEE", id: "T1"))
        var other = DedupIDAssigner()
        let c = other.id(account: "assets:x", transaction: transaction("2024-03-02", -250, "FEE", id: "T1"))
        #expect(Set([a, b, c]).count == 3)
        // The bank id decides, not the text: a bank that rewrites descriptions is still deduplicated.
        var later = DedupIDAssigner()
        #expect(later.id(account: "assets:x", transaction: transaction("2024-03-02", -120, "FEE (corrected)", id: "T1")) == a)
    }

    @Test func blankOrScratchIDSetFallBackToContent() {
        var first = DedupIDAssigner()
        _ = first.id(account: "a:b", transaction: transaction("2024-03-02", -100, "X", id: "R"))
        _ = first.id(account: "a:b", transaction: transaction("2024-03-03", -200, "Y", id: "R"))
        #expect(first.needsRerun)
        var second = DedupIDAssigner(knownRepeats: first.repeatedBankIDs)
        let x = second.id(account: "a:b", transaction: transaction("2024-03-02", -100, "X", id: "R"))
        #expect(!second.needsRerun)
        var content = DedupIDAssigner()
        #expect(content.id(account: "a:b", transaction: transaction("2024-03-02", -100, "X", id: "")) == x)
    }

    /// The repeats' last answer is remembered only until the set changes, and the union
    /// of another reading's repeats is their union.
    @Test func repeatedBankIDsAnswerAfterEveryChange() {
        let known: ScratchIDSet = [1, 2]
        #expect(!known.contains(3))
        #expect(known.insert(3))
        #expect(known.contains(3))
        #expect(!known.insert(3))
        let found: ScratchIDSet = [3, 4]
        #expect(!known.contains(4))
        known.formUnion(found)
        #expect(known.contains(4) && known.contains(1) && !known.contains(5))
        #expect(known.count == 4)
    }

    @Test func ungroupedDatesAskForARerunThatKeepsEveryCount() {
        let file = [
            transaction("2024-03-02", -120, "COFFEE"), transaction("2024-03-03", -500, "LUNCH"),
            transaction("2024-03-02", -120, "COFFEE"),
        ]
        var flat = DedupIDAssigner()
        for t in file { _ = flat.id(account: "a:b", transaction: t) }
        #expect(flat.isUngrouped && flat.needsRerun)
        var full = DedupIDAssigner(keepsAllDates: true)
        let ids = file.map { full.id(account: "a:b", transaction: $0) }
        #expect(Set(ids).count == 3)
        #expect(!full.needsRerun)
        // Grouped files (ascending or descending) never need it, and get the same ids.
        var descending = DedupIDAssigner()
        let grouped = [file[1], file[0], file[2]].map { descending.id(account: "a:b", transaction: $0) }
        #expect(!descending.needsRerun)
        #expect(Set(grouped) == Set(ids))
    }

    @Test func hexRoundTrip() {
        let id = DedupID.opening(account: "assets:bank:checking")
        #expect(DedupID(hex: id.description) == id)
        #expect(DedupID(hex: "xyz") == nil)
    }
}

/// An unordered file's occurrence counts (every date's kept) spill to a scratch file past a
/// limit: the ids must be those of counting in memory, repeats across the spill included.
struct SpilledOccurrenceCountsTests {
    @Test(arguments: [1, 7, 300]) func spilledCountsGiveTheIdsOfCountingInMemory(limit: Int) {
        var random = SeededGenerator(seed: UInt64(limit))
        var spilling = DedupIDAssigner(keepsAllDates: true, spillsPast: limit)
        var inMemory = DedupIDAssigner(keepsAllDates: true, spillsPast: .max)
        var repeats = 0
        var seen: Set<UInt64> = []
        for _ in 0..<5_000 {
            let date = LocalDate(dayNumber: 19_000 + Int.random(in: 0...60, using: &random))
            let key = UInt64.random(in: 0...1_500, using: &random) &* 0x9E37_79B9_7F4A_7C15
            if !seen.insert(key).inserted { repeats += 1 }
            #expect(spilling.contentID(key: key, date: date) == inMemory.contentID(key: key, date: date))
        }
        #expect(!spilling.countsFailed)
        #expect(repeats > 1_000, "keys repeat across the spill")
    }
}

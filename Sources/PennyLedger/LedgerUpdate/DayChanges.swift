/// One account's change per day in one currency (`StatementBalances`), by day number:
/// open addressing over the days, so a lookup is a multiply and a probe where `Dictionary`
/// hashed each day with SipHash (an unordered statement looks up a day per row).
struct DayChanges: Sequence, Sendable {
    /// Marks an empty slot (no day number is this far from 1970).
    private static let empty = Int.min
    private var days = [Int](repeating: DayChanges.empty, count: 16)
    private var changes = [Int64](repeating: 0, count: 16)
    /// How many days have a change.
    private(set) var count = 0

    /// An empty table.
    init() {}

    /// The change of `day`, if it has one.
    subscript(day: Int) -> Int64? {
        let slot = self.slot(of: day)
        return days[slot] == day ? changes[slot] : nil
    }

    /// Makes `change` the change of `day`.
    mutating func set(_ change: Int64, for day: Int) {
        let (slot, found) = find(day)
        if found {
            store(change, at: slot)
        } else {
            _ = insert(change, for: day, at: slot)
        }
    }

    /// Where `day` is (`found`), or the empty slot where it would go: for `change(at:)`,
    /// `store(_:at:)` and `insert(_:for:at:)`, valid until the next insert.
    func find(_ day: Int) -> (slot: Int, found: Bool) {
        let slot = self.slot(of: day)
        return (slot, days[slot] == day)
    }

    /// The change in a slot `find` found.
    func change(at slot: Int) -> Int64 { changes[slot] }

    /// Replaces the change in a slot `find` found (or `insert` returned).
    mutating func store(_ change: Int64, at slot: Int) { changes[slot] = change }

    /// Adds `day` with `change` at the empty slot `find` gave for it; returns its slot,
    /// another one when the table grew first.
    mutating func insert(_ change: Int64, for day: Int, at slot: Int) -> Int {
        var slot = slot
        if (count + 1) * 4 > days.count * 3 {
            grow()
            slot = self.slot(of: day)
        }
        days[slot] = day
        changes[slot] = change
        count += 1
        return slot
    }

    /// The slot holding `day`, or the empty one where it would go.
    private func slot(of day: Int) -> Int {
        days.withUnsafeBufferPointer { days in
            let mask = days.count - 1
            var i = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while days[i] != day && days[i] != Self.empty { i = (i + 1) & mask }
            return i
        }
    }

    /// Doubles the table.
    private mutating func grow() {
        let old = Array(self)
        days = [Int](repeating: Self.empty, count: days.count * 2)
        changes = [Int64](repeating: 0, count: days.count)
        count = 0
        for (day, change) in old { set(change, for: day) }
    }

    /// The days with a change and their changes, in no particular order.
    func makeIterator() -> some IteratorProtocol<(day: Int, change: Int64)> {
        zip(days, changes).lazy.filter { $0.0 != Self.empty }.map { (day: $0.0, change: $0.1) }.makeIterator()
    }
}

public import PennyCore

/// Payments grouped as the recurring detector groups them (own account, sign, currency and
/// payee key), held compactly while the ledger streams past: each payment as its day's
/// distance from the group's previous payment and its minor units, both zigzag varints
/// (about 4 bytes a payment where fixed words took 16), and the description and category
/// of only the two latest, which are all the detector reads of them. Past `spillBudget`
/// bytes of payments, every group's bytes go to a scratch file (`PaymentSpill`) and are read
/// back one group at a time, so memory does not grow with the ledger.
public struct PaymentGroups: Sendable {
    /// One group's payments.
    struct Group: Sendable {
        let account: String
        let currency: Currency
        /// The payments in arrival order, as varints: day − previous day, minor units; the
        /// first of them in `spilled`, the rest here.
        var packed: [UInt8] = []
        /// The group's earlier bytes in the spill file, oldest first.
        var spilled: [PaymentSpill.Segment] = []
        var count: Int32 = 0
        var lastDay: Int32 = 0
        /// The latest two payments' texts, oldest first, by day then arrival (`arrival` is
        /// the payment's number within the group).
        var latest: [(day: Int32, arrival: Int32, description: String, category: String)] = []

        /// Appends one payment.
        mutating func append(day: Int32, units: Int64) {
            VarintPacking.append(Int64(day) - Int64(lastDay), to: &packed)
            VarintPacking.append(units, to: &packed)
            lastDay = day
            count += 1
        }

        /// The payments in arrival order: day and minor units (the spilled bytes read back).
        func unpacked(from spill: PaymentSpill?) -> [(day: Int32, units: Int64)] {
            var packed: [UInt8] = []
            for segment in spilled where spill?.read(segment, into: &packed) != true { return [] }
            packed += self.packed
            var out: [(day: Int32, units: Int64)] = []
            out.reserveCapacity(Int(count))
            var at = 0
            var day: Int64 = 0
            while at < packed.count {
                day += VarintPacking.read(packed, at: &at)
                out.append((Int32(truncatingIfNeeded: day), VarintPacking.read(packed, at: &at)))
            }
            return out
        }
    }

    private(set) var groups: [String: Group] = [:]
    /// Each own account's latest payment.
    public private(set) var latestByAccount: [String: LocalDate] = [:]
    private var arrivals = 0
    private let spillBudget: Int
    private var held = 0
    private var spill: PaymentSpill?
    private var spillRefused = false

    /// No payments yet; past `spillBudget` bytes of payments they go to a scratch file.
    public init(spillBudget: Int = 4 << 20) {
        self.spillBudget = spillBudget
    }

    /// True when spilled payments could not be read back: what `compactMapGroups` gave
    /// lacks them, and the report must not be shown.
    public var lostPayments: Bool { spill?.readFailed ?? false }

    /// True once some payments went to the scratch file.
    var hasSpilled: Bool { spill != nil && !spillRefused }

    /// How many payments were added.
    public var count: Int { arrivals }

    /// Adds one payment (a zero amount moves nothing and is left out).
    public mutating func add(_ p: Payment) {
        guard p.amount.minorUnits != 0 else { return }
        if latestByAccount[p.account].map({ p.date > $0 }) ?? true { latestByAccount[p.account] = p.date }
        let key = "\(p.account)|\(p.amount.isNegative)|\(p.amount.currency.code)|\(RecurringDetector.payeeKey(p.description))"
        let day = Int32(clamping: p.date.dayNumber)
        arrivals += 1
        if groups[key] == nil { groups[key] = Group(account: p.account, currency: p.amount.currency) }
        let arrival = groups[key]!.count
        let before = groups[key]!.packed.count
        groups[key]!.append(day: day, units: p.amount.minorUnits)
        held += groups[key]!.packed.count - before
        var latest = groups[key]!.latest
        latest.append((day, arrival, p.description, p.category))
        if latest.count > 2 {
            latest.sort { ($0.day, $0.arrival) < ($1.day, $1.arrival) }
            latest.removeFirst()
        }
        groups[key]!.latest = latest
        if held > spillBudget && !spillRefused { spillAll() }
    }

    /// Moves every group's bytes to the spill file (kept in memory when the disk refuses).
    private mutating func spillAll() {
        if spill == nil { spill = PaymentSpill() }
        guard let spill else { return spillRefused = true }
        for key in groups.keys where !groups[key]!.packed.isEmpty {
            guard let segment = spill.write(groups[key]!.packed) else { return spillRefused = true }
            groups[key]!.spilled.append(segment)
            held -= groups[key]!.packed.count
            groups[key]!.packed = []
        }
    }

    /// Each group's payments by date (arrival order within a day), as `Payment`s, made one
    /// group at a time; only the two latest carry their description and category.
    func compactMapGroups<T, E: Error>(_ body: ([Payment]) throws(E) -> T?) throws(E) -> [T] {
        var results: [T] = []
        for group in groups.values {
            let texts = Dictionary(uniqueKeysWithValues: group.latest.map { ($0.arrival, ($0.description, $0.category)) })
            let entries = group.unpacked(from: spill).enumerated().map { (day: $1.day, arrival: Int32($0), units: $1.units) }
            let payments = entries.sorted { ($0.day, $0.arrival) < ($1.day, $1.arrival) }.map { entry in
                let text = texts[entry.arrival] ?? ("", "")
                return Payment(
                    date: LocalDate(dayNumber: Int(entry.day)), amount: Money(minorUnits: entry.units, currency: group.currency), description: text.0,
                    category: text.1, account: group.account)
            }
            if let result = try body(payments) { results.append(result) }
        }
        return results
    }
}

/// Signed integers as zigzag varints (7 bits a byte, small magnitudes in one or two bytes).
enum VarintPacking {
    /// Appends `value`.
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var rest = UInt64(bitPattern: (value &<< 1) ^ (value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads the value at `at` and moves `at` past it.
    static func read(_ bytes: [UInt8], at: inout Int) -> Int64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[at]
            at += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1)
    }
}

/// The rates held (rules' `price` lines, the ledger's `P` directives), looked up by day:
/// the latest rate on or before a date, published (`EUR→USD`) or reversed (`USD→EUR`
/// from `EUR→USD`), else through one third currency (`USD→EUR→GBP`).
///
/// A direct or reversed rate of the pair is always preferred to a chain, however old;
/// on one day a published rate wins over a reversed one. Through a third currency, the
/// chain whose older rate is the most recent wins (ties: the third currency's code).
public struct ExchangeRates: Sendable {
    private struct Pair: Hashable {
        let from: String
        let to: String
    }

    /// Per published pair, its rates sorted by date (one per day: the last one added wins).
    private var byPair: [Pair: [ExchangeRate]] = [:]
    /// The currencies each currency has a rate with (either way).
    private var neighbours: [String: Set<String>] = [:]

    /// Makes a book; for one pair and day, a later rate in `rates` replaces an earlier one.
    public init(_ rates: [ExchangeRate] = []) {
        var days: [Pair: [LocalDate: ExchangeRate]] = [:]
        for rate in rates where rate.from != rate.to {
            days[Pair(from: rate.from.code, to: rate.to.code), default: [:]][rate.date] = rate
            neighbours[rate.from.code, default: []].insert(rate.to.code)
            neighbours[rate.to.code, default: []].insert(rate.from.code)
        }
        byPair = days.mapValues { $0.values.sorted { $0.date < $1.date } }
    }

    /// True when no rate is held.
    public var isEmpty: Bool { byPair.isEmpty }

    /// Every rate held, by date, then pair.
    public var all: [ExchangeRate] {
        byPair.values.flatMap { $0 }.sorted { ($0.date, $0.from.code, $0.to.code) < ($1.date, $1.from.code, $1.to.code) }
    }

    /// The latest published rate of `from→to` on or before `date`.
    /// - Complexity: O(log n) in the pair's rates.
    public func published(from: String, to: String, on date: LocalDate) -> ExchangeRate? {
        guard let list = byPair[Pair(from: from, to: to)] else { return nil }
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : list[low - 1]
    }

    /// The one-step conversion of a pair on a date, published or reversed.
    private func step(_ from: String, _ to: String, on date: LocalDate) -> Conversion.Step? {
        let direct = published(from: from, to: to, on: date), reverse = published(from: to, to: from, on: date)
        switch (direct, reverse) {
        case (let d?, let r?): return r.date > d.date ? Conversion.Step(rate: r, reversed: true) : Conversion.Step(rate: d, reversed: false)
        case (let d?, nil): return Conversion.Step(rate: d, reversed: false)
        case (nil, let r?): return Conversion.Step(rate: r, reversed: true)
        case (nil, nil): return nil
        }
    }

    /// How to convert `from` into `to` with the rates known on `date`; nil when no rate or
    /// chain of two reaches it.
    public func conversion(from: Currency, to: Currency, on date: LocalDate) -> Conversion? {
        if from == to { return Conversion(from: from, to: to, steps: []) }
        if let one = step(from.code, to.code, on: date) { return Conversion(from: from, to: to, steps: [one]) }
        var best: (Conversion.Step, Conversion.Step, String)?
        for middle in (neighbours[from.code] ?? []).intersection(neighbours[to.code] ?? []).sorted() {
            guard let first = step(from.code, middle, on: date), let second = step(middle, to.code, on: date) else { continue }
            let older = min(first.rate.date, second.rate.date)
            if let current = best, min(current.0.rate.date, current.1.rate.date) >= older { continue }
            best = (first, second, middle)
        }
        guard let best else { return nil }
        return Conversion(from: from, to: to, steps: [best.0, best.1])
    }

    /// `money` in `currency` at the rates known on `date`.
    public func convert(_ money: Money, to currency: Currency, on date: LocalDate) throws(ConversionError) -> Money {
        guard let conversion = conversion(from: money.currency, to: currency, on: date) else {
            throw .noRate(from: money.currency, to: currency, on: date)
        }
        do { return try conversion.apply(money) } catch { throw .overflow }
    }
}

/// Why an amount could not be converted.
public enum ConversionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No rate (published, reversed or through a third currency) on or before the day.
    case noRate(from: Currency, to: Currency, on: LocalDate)
    /// The converted amount does not fit in 64 bits of minor units.
    case overflow

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .noRate(let from, let to, let date):
            "no exchange rate from \(from.code) to \(to.code) on or before \(date) (add a 'price' line to the rules or run 'penny prices import')"
        case .overflow: "the converted amount is too large"
        }
    }
}

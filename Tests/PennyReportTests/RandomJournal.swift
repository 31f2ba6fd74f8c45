import Foundation
import PennyTestSupport

/// Random journals for the split read's property test: Penny's and hand-written
/// transactions (statuses, `/` and `.` dates, tabs, elided amounts, other currencies),
/// comments and directives, blank lines of spaces, CRLF line ends, no final line end,
/// `include` lines (nested, missing, a cycle), an error or amounts that overflow.
struct RandomJournal {
    /// What may go wrong in a journal.
    enum Trouble: CaseIterable {
        case none, badDate, unbalanced, twoElided, badAmount, orphanPosting, cycle, hugeAmounts
        /// Amounts at the start and end of the main file that fit, and an included one that
        /// makes them pass 64 bits: the included file's reading must start from both parts' totals.
        case overflowInInclude
    }

    var generator: SeededGenerator
    /// Transactions in the main file, about.
    var size: Int
    var crlf = false
    var finalLineEnd = true
    var includes = false
    var trouble = Trouble.none

    private static let accounts = [
        "income:salary", "income:other", "expenses:food:groceries", "expenses:food:out", "expenses:rent", "expenses:travel:air", "assets:bank", "liabilities:card",
    ]

    /// Writes the main file (and its included files) into `folder`; returns its path.
    mutating func write(into folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lines: [String] = []
        let troubleAt = Int.random(in: 0...max(size, 1), using: &generator)
        for index in 0..<size {
            if index == troubleAt { lines += troubleLines() }
            lines += entry(index: index, folder: folder)
            lines += separator()
        }
        if troubleAt >= size { lines += troubleLines() }
        var last = transactions(4) + ["include missing.journal"]
        if trouble == .overflowInInclude {
            lines = Self.elided(3_000_000_000_000_000_000) + [""] + lines + [""] + Self.elided(3_000_000_000_000_000_000)
            last += [""] + Self.elided(3_500_000_000_000_000_000)
        }
        if includes && bool(3) || trouble == .overflowInInclude { lines.append("include sub-last.journal") }
        try text(last).write(to: folder.appendingPathComponent("sub-last.journal"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("main.journal").path
        try text(lines).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func text(_ lines: [String]) -> String {
        let end = crlf ? "\r\n" : "\n"
        let body = lines.joined(separator: end)
        return finalLineEnd ? body + end : body
    }

    private mutating func bool(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &generator) == 0 }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }

    /// What separates two entries: mostly one blank line; sometimes none, two, or spaces.
    private mutating func separator() -> [String] {
        pick([[""], [""], [""], [""], ["", ""], ["  "], [], ["\t"]])
    }

    /// A transaction, a comment, a directive, or an include.
    private mutating func entry(index: Int, folder: URL) -> [String] {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: return [pick(["; a comment", "# another", "; statement-balance assets:bank 12.00 EUR", "account expenses:food", "P 2024-01-01 USD 0.9 EUR"])]
        case 1 where includes:
            let name = "sub-\(index).journal"
            var sub = transactions(Int.random(in: 0...3, using: &generator))
            if bool(3) { sub.append(pick(["include missing.journal", "include sub-last.journal"])) }
            try? text(sub).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            return ["include \(name)"]
        default: return transaction(huge: trouble == .hugeAmounts && bool(max(size / 3, 2)))
        }
    }

    private mutating func transactions(_ count: Int) -> [String] {
        (0..<count).flatMap { _ in transaction(huge: trouble == .hugeAmounts && bool(4)) + [""] }
    }

    private mutating func date() -> String {
        let separator = pick(["-", "-", "-", "/", "."])
        let month = Int.random(in: 1...12, using: &generator), day = Int.random(in: 1...28, using: &generator)
        return String(format: "%04d%@%02d%@%02d", pick([2023, 2024, 2025]), separator, month, separator, day)
    }

    /// A balanced transaction: amounts in EUR (with or without the code), sometimes USD;
    /// the last posting elided or balancing.
    private mutating func transaction(huge: Bool = false) -> [String] {
        var lines = ["\(date())\(pick(["", " *", " !"])) \(pick(["Shop", "Salary (March)", "Rent; note", "MB WAY"]))"]
        if bool(6) { lines.append("    ; tag: value") }
        var sum: Int64 = 0
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let units = huge ? Int64.random(in: 1_000_000_000_000_000_000...3_000_000_000_000_000_000, using: &generator) : Int64.random(in: -500_000...500_000, using: &generator)
            let currency = bool(10) ? "USD" : "EUR"
            if currency == "EUR" { sum += units }
            lines.append("\(pick(["    ", "  ", "\t"]))\(pick(Self.accounts))\(pick(["  ", "\t", "   "]))\(amount(units, currency))")
        }
        let last = pick(Self.accounts)
        lines.append(bool(2) || lines.contains { $0.hasSuffix("USD") } ? "    \(last)" : "    \(last)  \(amount(-sum, "EUR"))")
        return lines
    }

    /// A transaction of `units` cents on expenses, its other posting elided.
    private static func elided(_ units: Int64) -> [String] {
        ["2024-06-01 large", "    expenses:large  \(units / 100).00 EUR", "    assets:bank"]
    }

    private mutating func amount(_ units: Int64, _ currency: String) -> String {
        let magnitude = units.magnitude
        let number = "\(units < 0 ? "-" : "")\(magnitude / 100).\(String(format: "%02d", Int(magnitude % 100)))"
        if currency == "EUR" && bool(4) { return number }
        return bool(3) ? "\(currency) \(number)" : "\(number) \(currency)"
    }

    private mutating func troubleLines() -> [String] {
        switch trouble {
        case .none: return []
        case .badDate: return ["2024-13-45 a date that cannot be", "    expenses:food  1.00 EUR", "    assets:bank", ""]
        case .unbalanced: return ["2024-03-01 unbalanced", "    expenses:food  1.00 EUR", "    assets:bank  -2.00 EUR", ""]
        case .twoElided: return ["2024-03-01 two elided", "    expenses:food  1.00 EUR", "    assets:bank", "    assets:cash", ""]
        case .badAmount: return ["2024-03-01 bad amount", "    expenses:food  1.00 EURO x", "    assets:bank", ""]
        case .orphanPosting: return ["2024-03-01 orphan", "    expenses:food  1.00 EUR", "    assets:bank", "", "    expenses:food  1.00 EUR", ""]
        case .cycle: return includes ? ["include main.journal", ""] : []
        case .hugeAmounts: return transaction(huge: true) + [""]
        case .overflowInInclude: return []
        }
    }
}

import Foundation
import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The hledger these tests ask, if installed.
private let hledgerPath = ["/usr/bin/hledger", "/usr/local/bin/hledger"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// On random journals (date separators, status marks, accounts with single spaces,
/// separators of spaces and tabs, commodity left or right, elided amounts, tag and comment
/// lines, blank lines of spaces, prices, `id` tags), every reading of Penny's — the check's
/// postings (`forEachPosting`), the transaction scanner, the blocks `recategorize` rewrites,
/// the beancount export's items and the line classifier — agrees with hledger's (`print -O
/// json`) on dates, accounts and amounts; the import's copy pass and the scanner find the
/// `id` tags hledger reads, and the declarations scan the accounts hledger uses.
@Suite(.enabled(if: hledgerPath != nil))
struct JournalHledgerAgreementTests {

    /// One transaction as both sides report it: its date and postings (account, amount;
    /// nil where the journal elides it and the reader does not infer it).
    struct Reading: Equatable, CustomStringConvertible {
        let date: LocalDate
        let postings: [String]
        var description: String { "\(date) \(postings)" }
    }

    @Test func everyReaderAgreesWithHledger() throws {
        var g = SeededGenerator(seed: 29)
        for round in 0..<25 {
            let text = Self.journal(&g)
            let path = temporaryDirectory().appendingPathComponent("j\(round).journal").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let theirs = try Self.hledgerReading(path)
            let explicit = try Self.hledgerReading(path, explicitOnly: text)
            let readings = [
                ("check", try Self.checkReading(path), theirs.map { Reading(date: $0.date, postings: $0.postings.sorted()) }),
                ("scanner", try Self.scannerReading(path), explicit), ("blocks", try Self.blocksReading(path), explicit),
                ("lines", Self.linesReading(text), explicit), ("items", try Self.itemsReading(path), explicit),
            ]
            for (name, mine, hledger) in readings where mine != hledger {
                let at = Array(zip(mine, hledger)).firstIndex { $0 != $1 } ?? min(mine.count, hledger.count)
                Issue.record("\(name): Penny \(at < mine.count ? mine[at].description : "-") / hledger \(at < hledger.count ? hledger[at].description : "-")\n\(text)")
            }
            let ids = try Self.hledgerIDs(path)
            let copied = Self.copyPassIDs(path)
            #expect(copied.count == ids.count && ids.allSatisfy(copied.contains), "the copy pass's ids\n\(text)")
            #expect(try Self.scannerIDs(path) == ids, "the scanner's ids\n\(text)")
            #expect(try DeclarationScan.names(path: path).accounts == Self.hledgerAccounts(path), "the declared accounts\n\(text)")
        }
    }

    // MARK: the journals

    static func journal(_ g: inout SeededGenerator) -> String {
        var out = ""
        for n in 0..<Int.random(in: 1...12, using: &g) {
            out += [";  a note\n", "# a note\n", "* a note\n", "P 2024-01-0\(n % 9 + 1) USD 0.9 EUR\n", "", "", ""].randomElement(using: &g)!
            out += transaction(&g)
            out += ["\n", "  \n", "\t\n", "\n\n"].randomElement(using: &g)!
        }
        return out
    }

    static func transaction(_ g: inout SeededGenerator) -> String {
        let separator = ["-", "/", "."].randomElement(using: &g)!
        let date = "2024\(separator)0\(Int.random(in: 1...9, using: &g))\(separator)\(Int.random(in: 10...28, using: &g))"
        let status = ["", "* ", "! "].randomElement(using: &g)!
        var out = "\(date) \(status)shop \(Int.random(in: 1...99, using: &g))\(Bool.random(using: &g) ? "  ; paid" : "")\n"
        if Bool.random(using: &g) { out += "    ; id: \(String(format: "%016llx", UInt64.random(in: 1...UInt64.max, using: &g)))\n" }
        let (code, exponent) = [("EUR", 2), ("USD", 2), ("JPY", 0)].randomElement(using: &g)!
        let count = Int.random(in: 2...4, using: &g)
        let elides = Bool.random(using: &g)
        var sum: Int64 = 0
        for p in 0..<count {
            let indent = ["    ", "  ", "\t", " \t"].randomElement(using: &g)!
            let accounts = ["expenses:food", "expenses:my rent", "assets:bank a", "assets:cash", "income:pay day"]
            let account = accounts.randomElement(using: &g)!
            if Int.random(in: 0..<4, using: &g) == 0 { out += "\(indent); tag\(p): value \(p)\n" }
            var units = Int64.random(in: -99_999...99_999, using: &g)
            if p == count - 1 {
                if elides {
                    out += "\(indent)\(account)\(Bool.random(using: &g) ? "  ; the rest" : "")\n"
                    break
                }
                units = -sum
            }
            sum += units
            // A lone tab does not end an account for hledger 1.25 (it does for ledger and
            // Penny): the separators here end it for all.
            let gap = ["  ", "   ", " \t", "\t ", "\t\t"].randomElement(using: &g)!
            out += "\(indent)\(account)\(gap)\(amount(units, code, exponent, left: Bool.random(using: &g)))\(Bool.random(using: &g) ? "" : "  ; note")\n"
        }
        return out
    }

    static func amount(_ units: Int64, _ code: String, _ exponent: Int, left: Bool) -> String {
        var number = String(units.magnitude)
        if exponent > 0 {
            number = String(repeating: "0", count: max(0, exponent + 1 - number.count)) + number
            number.insert(".", at: number.index(number.endIndex, offsetBy: -exponent))
        }
        let signed = (units < 0 ? "-" : "") + number
        return left ? "\(code) \(signed)" : "\(signed) \(code)"
    }

    // MARK: hledger's reading

    /// hledger's transactions (`print -O json`) in file order (`print` lists them by date;
    /// `tindex` is the file's order).
    static func hledgerTransactions(_ path: String) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hledgerPath!)
        process.arguments = ["-f", path, "print", "-O", "json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let listed = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return listed.sorted { (($0["tindex"] as? Int) ?? 0) < (($1["tindex"] as? Int) ?? 0) }
    }

    /// The `id` tags of hledger's transactions, in file order.
    static func hledgerIDs(_ path: String) throws -> [UInt64] {
        try hledgerTransactions(path).compactMap { transaction in
            let tags = try #require(transaction["ttags"] as? [[String]])
            return tags.first { $0.first == "id" }.flatMap { UInt64($0[1], radix: 16) }
        }
    }

    /// The accounts of hledger's postings.
    static func hledgerAccounts(_ path: String) throws -> Set<String> {
        Set(try hledgerTransactions(path).flatMap { transaction in (transaction["tpostings"] as? [[String: Any]] ?? []).compactMap { $0["paccount"] as? String } })
    }

    /// hledger's transactions in file order; with `explicitOnly`, the amounts the journal
    /// elides are nil.
    static func hledgerReading(_ path: String, explicitOnly text: String? = nil) throws -> [Reading] {
        let transactions = try hledgerTransactions(path)
        let elided = text.map(elidedPostings) ?? []
        return try transactions.enumerated().map { t, transaction in
            let day = try #require(transaction["tdate"] as? String)
            let date = try #require(LocalDate(iso: day))
            let postings = try #require(transaction["tpostings"] as? [[String: Any]])
            return Reading(
                date: date,
                postings: try postings.enumerated().map { p, posting in
                    let account = try #require(posting["paccount"] as? String)
                    if elided.contains([t, p]) { return "\(account) -" }
                    let amounts = try #require(posting["pamount"] as? [[String: Any]])
                    let amount = try #require(amounts.first)
                    let code = try #require(amount["acommodity"] as? String)
                    let quantity = try #require(amount["aquantity"] as? [String: Any])
                    let mantissaNumber = try #require(quantity["decimalMantissa"] as? NSNumber)
                    let placesNumber = try #require(quantity["decimalPlaces"] as? NSNumber)
                    let (mantissa, places) = (mantissaNumber.int64Value, placesNumber.intValue)
                    let currency = try #require(Currency(code: code))
                    var units = mantissa
                    for _ in places..<max(places, currency.exponent) { units *= 10 }
                    return "\(account) \(Money(minorUnits: units, currency: currency))"
                })
        }
    }

    /// The (transaction, posting) positions whose amount the journal elides: the last
    /// posting of a transaction whose last posting line has no gap after its account.
    static func elidedPostings(_ text: String) -> Set<[Int]> {
        var result = Set<[Int]>()
        var t = -1
        var p = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch JournalLine.classify(String(line)) {
            case .transactionHead:
                t += 1
                p = 0
            case .posting(let account):
                let rest = Array(line.utf8)[account.upperBound...]
                if String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespaces).hasPrefix(";") || rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    result.insert([t, p])
                }
                p += 1
            default: break
            }
        }
        return result
    }

    // MARK: Penny's readings

    /// The check's postings (`forEachPosting`, elided amounts inferred), sorted per transaction.
    static func checkReading(_ path: String) throws -> [Reading] {
        var result: [Reading] = []
        var current: [(LocalDate, String)] = []
        var lastDate: LocalDate?
        try JournalReader(defaultCurrency: .euro).forEachPosting(path: path) { posting in
            current.append((posting.date, "\(posting.account) \(posting.amount)"))
            lastDate = posting.date
        }
        _ = lastDate
        // Postings come in file order; transactions are told apart by hledger's counts.
        let counts = try hledgerReading(path).map(\.postings.count)
        var at = 0
        for count in counts {
            let slice = current[at..<min(at + count, current.count)]
            at += count
            guard let first = slice.first else { break }
            result.append(Reading(date: first.0, postings: slice.map(\.1).sorted()))
        }
        if at != current.count { result.append(Reading(date: LocalDate(dayNumber: 0), postings: ["\(current.count - at) more postings"])) }
        return result
    }

    /// The transaction scanner's reading (explicit amounts only).
    static func scannerReading(_ path: String) throws -> [Reading] {
        var result: [Reading] = []
        try JournalReader(defaultCurrency: .euro).forEachTransaction(path: path, tagNames: [], wantsDescription: false, commentPrefix: "; ", requiresID: false, comment: { _ in }) {
            result.append(Reading(date: $0.date, postings: $0.postings.map { "\($0.account) \($0.amount.map(\.description) ?? "-")" }))
        }
        return result
    }

    /// The ids the import's copy pass (`LedgerIDScanner`) finds, the file fed in chunks of 100 bytes.
    static func copyPassIDs(_ path: String) -> SpillingIDSet {
        let ids = SpillingIDSet(near: path)
        var scanner = LedgerIDScanner(balances: StatementBalances(accounts: []), ids: ids)
        let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
        for start in stride(from: 0, to: bytes.count, by: 100) { scanner.scan(bytes[start..<min(start + 100, bytes.count)]) }
        scanner.finish()
        return ids
    }

    /// The transaction scanner's ids (`requiresID`), in file order.
    static func scannerIDs(_ path: String) throws -> [UInt64] {
        var ids: [UInt64] = []
        try JournalReader(defaultCurrency: .euro).forEachTransaction(path: path, tagNames: [], wantsDescription: false, commentPrefix: "; ", comment: { _ in }) {
            ids.append($0.id)
        }
        return ids
    }

    /// The beancount export's reading (`LedgerItemReader`: explicit amounts).
    static func itemsReading(_ path: String) throws -> [Reading] {
        var result: [Reading] = []
        try LedgerItemReader(defaultCurrency: .euro).forEach(path: path) { item in
            guard case .transaction(let t) = item else { return }
            result.append(Reading(date: t.date, postings: t.postings.map { "\($0.account) \($0.amount.map(\.description) ?? "-")" }))
        }
        return result
    }

    /// `JournalBlocks`' reading (explicit amounts through `PostingText`).
    static func blocksReading(_ path: String) throws -> [Reading] {
        try JournalBlocks(path: path).blocks.map { block in
            Reading(
                date: block.date,
                postings: block.postings.map { posting in
                    let money = posting.amount.flatMap { PostingText.money($0, defaultCurrency: nil) }
                    return "\(posting.account) \(money.map(\.description) ?? "-")"
                })
        }
    }

    /// The line classifier's reading: transactions from their date lines, accounts from
    /// the posting lines, amounts through `PostingText`.
    static func linesReading(_ text: String) -> [Reading] {
        var result: [Reading] = []
        var date: LocalDate?
        var postings: [String] = []
        func finish() {
            if let date { result.append(Reading(date: date, postings: postings)) }
            date = nil
            postings = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            switch JournalLine.classify(line) {
            case .transactionHead(let day):
                finish()
                date = day
            case .posting(let range):
                let bytes = Array(line.utf8)
                let account = String(decoding: bytes[range], as: UTF8.self)
                let rest = String(decoding: bytes[range.upperBound...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                let money = rest.isEmpty || rest.hasPrefix(";") ? nil : PostingText.money(rest, defaultCurrency: nil)
                postings.append("\(account) \(money.map(\.description) ?? "-")")
            case .indentedComment: break
            case .blank, .include, .other: finish()
            }
        }
        finish()
        return result
    }
}

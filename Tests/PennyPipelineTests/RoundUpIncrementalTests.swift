import Foundation
import PennyCore
import PennyLedger
@testable import PennyPipeline
import PennyRoundUp
import PennyRules
import Testing

/// The import keeps the round-ups up from the sidecar's totals plus what it appends; this
/// must give exactly what reading the whole ledger gives, and a sidecar that is not of the
/// ledger as it is (edited, foreign, older) must be ignored and written again.
@Suite struct RoundUpIncrementalTests {
    static let rulesText = """
        default currency EUR

        account assets:bank:a
          currency EUR

        account assets:savings:goal
          currency EUR

        csv t
          match-file "t-*.csv"
          account assets:bank:a
          delimiter ,
          header-lines 1
          date 1 %Y-%m-%d
          description 2
          amount 3

        rule food
          if description contains "SHOP"
          category expenses:food

        rule gifts
          if description contains "GIFT"
          category expenses:gifts
          no-roundup

        rule pay
          if description contains "SALARY"
          category income:salary

        roundup spare
          from assets:bank:a
          pot assets:savings:pot
          apply monthly
          to assets:savings:goal 100%

        roundup triple
          from assets:bank:a
          funding assets:savings:goal
          unit 5.00
          multiplier 3
          pot assets:savings:pot5
          apply when-pot-reaches 20.00
          to assets:savings:goal 100%

        """

    /// A statement of `rows` random rows (dates in two months, descriptions that file under
    /// expenses, income, the default category and `no-roundup`); `broken` adds a bad row.
    static func statement(_ rows: Int, _ random: inout SplitMix, broken: Bool = false) -> String {
        var lines = ["date,description,amount"]
        let words = ["SHOP ONE", "SHOP TWO", "GIFT BOX", "SALARY", "KIOSK", "SHOP THREE"]
        for _ in 0..<rows {
            let day = LocalDate(year: 2024, month: 1, day: 1)!.adding(days: Int(random.next() % 60))
            let word = words[Int(random.next() % UInt64(words.count))]
            let cents = Int(random.next() % 20_000) + 1
            let sign = word == "SALARY" || random.next() % 10 == 0 ? "" : "-"
            lines.append("\(day),\(word) \(random.next() % 1000),\(sign)\(cents / 100).\(String(format: "%02d", cents % 100))")
        }
        if broken { lines.append("2024-01-05,SHOP BROKEN,not-a-number") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A stamp standing for any ledger's where two sidecars are compared without theirs.
    static let anyStamp = LedgerStamp(line: "ledger 0 0 0 0 0 0")!

    /// The derived journal and the sidecar's totals a full read of `ledger` gives.
    static func fullRead(_ ledger: String, rules: RuleSet) throws -> (journal: String, state: String) {
        let run = RoundUpRun(rules: rules, ledgerPath: ledger)
        let totals = try run.scanTotals()
        let state = RoundUpState(stamp: Self.anyStamp, fingerprint: RoundUpRulesFingerprint.of(rules), totals: totals)
        return (RoundUpRun.render(try run.result(of: totals)), try state.text())
    }

    /// What the import left: the derived journal and the sidecar (its stamp line left out).
    static func written(_ ledger: String) throws -> (journal: String, state: String) {
        let journal = try String(contentsOfFile: ledger + ".roundups.journal", encoding: .utf8)
        var lines = try String(contentsOfFile: ledger + ".roundups.state", encoding: .utf8).components(separatedBy: "\n")
        #expect(LedgerStamp(line: lines[1]) != nil)
        lines[1] = anyStamp.line
        return (journal, lines.joined(separator: "\n"))
    }

    static func rules(_ folder: ScratchFolder, _ text: String = rulesText) throws -> RuleSet {
        try RulesLoader.load(path: try folder.write("penny.rules", text))
    }

    @Test(arguments: [1, 2, 3, 4]) func importsInBatchesGiveWhatOneFullReadGives(_ seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let folder = try ScratchFolder()
        let rules = try Self.rules(folder)
        let ledger = folder.path("ledger.journal")
        for batch in 0..<4 {
            // Each run imports one to three statements; some runs have a file that fails
            // after its good rows were appended (rolled back), or that repeats rows.
            var paths: [String] = []
            for file in 0..<Int(random.next() % 3 + 1) {
                let broken = random.next() % 4 == 0
                paths.append(try folder.write("t-\(batch)-\(file).csv", Self.statement(Int(random.next() % 300), &random, broken: broken)))
            }
            if batch > 0, random.next() % 2 == 0 { paths.append(folder.path("t-0-0.csv")) }
            let incremental = batch > 0 && RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() != nil
            #expect(batch == 0 || incremental, "the sidecar of the last run is fresh")
            let output = CapturedOutput()
            var run = ImportRun(rules: rules, ledgerPath: ledger, console: output.console())
            run.verbose = true
            _ = try run.perform(paths: paths)
            #expect(output.out.contains("round-ups: this import's purchases added to the sidecar's totals"))
            let written = try Self.written(ledger)
            let full = try Self.fullRead(ledger, rules: rules)
            #expect(written.journal == full.journal)
            #expect(written.state == full.state)
        }
        // The statuses come from the ledger read whole, as before.
        let statuses = try RoundUpRun(rules: rules, ledgerPath: ledger).statuses(of: rules.roundUps)
        #expect(statuses.count == 2)
    }

    @Test func aStaleOrForeignSidecarIsIgnoredAndWrittenAgain() throws {
        var random = SplitMix(seed: 7)
        let folder = try ScratchFolder()
        let rules = try Self.rules(folder)
        let ledger = folder.path("ledger.journal")
        let first = try folder.write("t-1.csv", Self.statement(200, &random))
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [first])
        let state = ledger + ".roundups.state"
        let fresh = try String(contentsOfFile: state, encoding: .utf8)
        var doubled = fresh.components(separatedBy: "\n")
        if let day = doubled.firstIndex(where: { $0.hasPrefix("day ") }) {
            let words = doubled[day].split(separator: " ")
            doubled[day] = (["day", String(words[1]), String(words[2]), String(Int64(words[3])! * 2)] + words[4...].map(String.init)).joined(separator: " ")
        }
        let olderVersion = "ledger 1 2 3 4.5"
        for damaged in [
            olderVersion, "garbage", doubled.joined(separator: "\n").replacingOccurrences(of: "penny roundups state 2", with: "penny roundups state 9"), String(fresh.dropLast(9)),
        ] {
            try damaged.write(toFile: state, atomically: true, encoding: .utf8)
            #expect(RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() == nil)
            let next = try folder.write("t-\(damaged.count).csv", Self.statement(50, &random))
            _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [next])
            let written = try Self.written(ledger)
            let full = try Self.fullRead(ledger, rules: rules)
            #expect(written.journal == full.journal)
            #expect(written.state == full.state)
        }
        // A sidecar written under other rules' round-up inputs is not used either.
        let other = try Self.rules(folder, Self.rulesText.replacingOccurrences(of: "multiplier 3", with: "multiplier 2"))
        #expect(RoundUpRun(rules: other, ledgerPath: ledger).freshTotals() == nil)
        let next = try folder.write("t-other.csv", Self.statement(50, &random))
        _ = try ImportRun(rules: other, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [next])
        let written = try Self.written(ledger)
        let full = try Self.fullRead(ledger, rules: other)
        #expect(written.journal == full.journal)
        #expect(written.state == full.state)
    }

    /// A run killed after the ledger's rename and before the sidecar's leaves the sidecar of
    /// the ledger before: well formed, but stamped with another version, so read whole.
    @Test func aSidecarOfTheLedgerBeforeIsStale() throws {
        var random = SplitMix(seed: 13)
        let folder = try ScratchFolder()
        let rules = try Self.rules(folder)
        let ledger = folder.path("ledger.journal")
        let state = ledger + ".roundups.state"
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [try folder.write("t-1.csv", Self.statement(150, &random))])
        let before = try String(contentsOfFile: state, encoding: .utf8)
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [try folder.write("t-2.csv", Self.statement(150, &random))])
        try before.write(toFile: state, atomically: true, encoding: .utf8)
        #expect(RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() == nil)
        let output = CapturedOutput()
        var run = ImportRun(rules: rules, ledgerPath: ledger, console: output.console())
        run.verbose = true
        _ = try run.perform(paths: [try folder.write("t-3.csv", Self.statement(150, &random))])
        #expect(output.out.contains("round-ups: the ledger read whole"))
        let written = try Self.written(ledger)
        let full = try Self.fullRead(ledger, rules: rules)
        #expect(written.journal == full.journal)
        #expect(written.state == full.state)
    }

    /// A transfer that pairs with an entry already in the ledger refiles that entry (no
    /// longer a purchase): the import cannot follow that entry by entry, so it reads whole.
    @Test func aRefiledTransferIsReadWhole() throws {
        let folder = try ScratchFolder()
        let text = Self.rulesText.replacingOccurrences(
            of: "csv t\n",
            with:
                "account assets:bank:b\n  currency EUR\n\ncsv u\n  match-file \"u-*.csv\"\n  account assets:bank:b\n  delimiter ,\n  header-lines 1\n  date 1 %Y-%m-%d\n  description 2\n  amount 3\n\ncsv t\n"
        )
        let rules = try Self.rules(folder, text + "rule move\n  if description contains \"MOVE FROM A\"\n  category assets:bank:a\n")
        let ledger = folder.path("ledger.journal")
        let a = try folder.write("t-1.csv", "date,description,amount\n2024-01-10,MOVE TO B,-49.30\n2024-01-10,SHOP ONE 1,-3.20\n")
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [a])
        #expect(try Self.written(ledger).journal.contains("spare change of 2 purchases"))
        let output = CapturedOutput()
        var run = ImportRun(rules: rules, ledgerPath: ledger, console: output.console())
        run.verbose = true
        _ = try run.perform(paths: [try folder.write("u-1.csv", "date,description,amount\n2024-01-10,MOVE FROM A,49.30\n")])
        #expect(output.out.contains("round-ups: the ledger read whole"))
        let written = try Self.written(ledger)
        #expect(written.journal == (try Self.fullRead(ledger, rules: rules)).journal)
        #expect(written.journal.contains("spare change of 1 purchase\n"))
    }

    /// The last entry of `text` that is a purchase round-ups count (money out of
    /// `assets:bank:a`, no `no-roundup`), found entry by entry from the end.
    static func lastPurchase(in text: String) -> Range<String.Index>? {
        var end = text.endIndex
        while let gap = text.range(of: "\n\n", options: .backwards, range: text.startIndex..<end) {
            let entry = gap.upperBound..<end
            if text.range(of: #"assets:bank:a +-\d"#, options: .regularExpression, range: entry) != nil, text.range(of: "no-roundup", range: entry) == nil {
                return entry
            }
            end = gap.lowerBound
        }
        return nil
    }

    @Test func aHandEditedLedgerIsReadWhole() throws {
        var random = SplitMix(seed: 11)
        let folder = try ScratchFolder()
        let rules = try Self.rules(folder)
        let ledger = folder.path("ledger.journal")
        let first = try folder.write("t-1.csv", Self.statement(200, &random))
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [first])
        #expect(RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() != nil)

        // An edit in place that keeps the size and the modification time: the last
        // purchase's amount changes by one cent (the stamp's hash of the last bytes sees it).
        var status = stat()
        #expect(stat(ledger, &status) == 0)
        var text = try String(contentsOfFile: ledger, encoding: .utf8)
        let lastEntry = try #require(Self.lastPurchase(in: text))
        let bankPosting = try #require(text.range(of: #"assets:bank:a +-\d+\.\d\d EUR"#, options: .regularExpression, range: lastEntry))
        let lastAmount = try #require(text.range(of: #"-\d+\.\d\d EUR"#, options: .regularExpression, range: bankPosting))
        let amount = String(text[lastAmount])
        let digit = amount[amount.index(amount.endIndex, offsetBy: -5)]
        let changed = amount.replacingCharacters(
            in: amount.index(amount.endIndex, offsetBy: -5)..<amount.index(amount.endIndex, offsetBy: -4), with: digit == "1" ? "2" : "1")
        // The other posting of the same transaction changes the same way, so it still balances.
        let positive = try #require(text.range(of: " " + amount.dropFirst(), range: lastEntry))
        // The later one first: replacing it leaves the earlier one's range as it was.
        for (range, replacement) in [(lastAmount, changed), (positive, " " + changed.dropFirst())].sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            text.replaceSubrange(range, with: replacement)
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: ledger))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, ledger, &times, 0) == 0)
        #expect(RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() == nil)

        // The next import reads the ledger whole (with the hand edit) and writes the sidecar.
        let next = try folder.write("t-2.csv", Self.statement(100, &random))
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [next])
        let written = try Self.written(ledger)
        let full = try Self.fullRead(ledger, rules: rules)
        #expect(written.journal == full.journal)
        #expect(written.state == full.state)
        #expect(RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() != nil)

        // An entry added by hand (size and time change) is seen too.
        try (text + "\n2024-03-01 * SHOP BY HAND\n    ; id: 00000000000000aa\n    expenses:food  0.30 EUR\n    assets:bank:a  -0.30 EUR\n")
            .write(toFile: ledger, atomically: false, encoding: .utf8)
        #expect(RoundUpRun(rules: rules, ledgerPath: ledger).freshTotals() == nil)
        try RoundUpRun(rules: rules, ledgerPath: ledger).refreshIfStale()
        let refreshed = try Self.written(ledger)
        #expect(refreshed.journal == (try Self.fullRead(ledger, rules: rules)).journal)
        #expect(refreshed.journal.contains("2024-03-01 * Round-up spare"))
    }

    @Test func roundUpApplyAddsItsDecisionToTheSidecar() throws {
        var random = SplitMix(seed: 5)
        let folder = try ScratchFolder()
        let rules = try Self.rules(folder, Self.rulesText.replacingOccurrences(of: "apply monthly", with: "apply later"))
        let ledger = folder.path("ledger.journal")
        _ = try ImportRun(rules: rules, ledgerPath: ledger, console: CapturedOutput().console()).perform(paths: [try folder.write("t-1.csv", Self.statement(100, &random))])
        let outcome = try RoundUpApply(rules: rules, ledgerPath: ledger).perform(program: "spare", date: LocalDate(year: 2024, month: 1, day: 20))
        guard case .swept = outcome else {
            Issue.record("expected a sweep, got \(outcome)")
            return
        }
        let written = try Self.written(ledger)
        let full = try Self.fullRead(ledger, rules: rules)
        #expect(written.journal == full.journal)
        #expect(written.state == full.state)
        #expect(written.state.contains("\nmanual 2024-01-20 spare\n"))
    }

    @Test func theSidecarReadsBackWhatItWrote() throws {
        var tally = RoundUpTally()
        let day = LocalDate(year: 2024, month: 2, day: 29)!
        try tally.add(RoundUpTally(rows: [RoundUpTally.Row(date: day, program: 1, funding: "assets:bank:a b", amount: 12, purchases: 2)]))
        let totals = RoundUpTotals(tally: tally, manualSweeps: [ManualSweep(program: "spare", date: day)], asOf: day)
        let state = RoundUpState(stamp: try #require(LedgerStamp(line: "ledger 1 2 3 4 5 ff")), fingerprint: "abc", totals: totals)
        let text = try state.text()
        let read = try #require(RoundUpState(text: text))
        #expect(try read.text() == text)
        #expect(read.stamp == state.stamp)
        #expect(RoundUpState(text: text.replacingOccurrences(of: "end 1", with: "end 2")) == nil)
        #expect(RoundUpState(text: text.replacingOccurrences(of: " 12 2 ", with: " 0 2 ")) == nil)
        #expect(RoundUpState(text: String(text.dropLast())) == nil)
    }
}

/// A small seeded generator (SplitMix64): the same rows for the same seed on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

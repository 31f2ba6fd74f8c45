import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import PennyRules
import PennyTestSupport
import Testing

/// The transfer sidecar (the fast path) against reading the ledger whole (the slow path):
/// random statements of two own accounts imported over several runs must pair the same
/// legs and write the same ledger byte for byte, whether each run found the sidecar the
/// run before left or had it deleted; and the sidecar must really be what the fast runs used.
@Suite struct TransferSidecarEquivalenceTests {
    static let rules = """
        default currency EUR

        account assets:bank:a
          currency EUR
        account assets:bank:b
          currency EUR

        csv a
          match-file "a-*.csv"
          account assets:bank:a
          delimiter ;
          header-lines 1
          date 1 %d-%m-%Y
          description 2
          amount 3
          decimal-mark ,

        csv b
          match-file "b-*.csv"
          account assets:bank:b
          delimiter ;
          header-lines 1
          date 1 %d-%m-%Y
          description 2
          amount 3
          decimal-mark ,

        rule to-b
          if account is assets:bank:a
          if description contains "TRF"
          category assets:bank:b

        rule to-a
          if account is assets:bank:b
          if description contains "TRF"
          category assets:bank:a

        rule coffee
          if description contains "CAFE"
          category expenses:coffee
        """

    @Test(arguments: 1...6) func runsWithTheSidecarWriteWhatRunsReadingTheLedgerWrite(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let folder = try ScratchFolder()
        _ = try folder.write("rules/main.rules", Self.rules)
        let rules = try RulesLoader.load(path: folder.path("rules"))
        var statements: [String] = []
        var ledgers = ["fast": folder.path("fast.journal"), "slow": folder.path("slow.journal")]
        var lines: [String: [String]] = [:]
        for run in 0..<7 {
            let account = run % 2 == 0 ? "a" : "b"
            statements.append(try writeStatement(folder, "\(account)-\(run).csv", rows: Int.random(in: 5...40, using: &random), day: run * 2, &random))
            var paths = [statements.last!]
            if run > 1, Int.random(in: 0..<3, using: &random) == 0 { paths.append(statements[Int.random(in: 0..<(statements.count - 1), using: &random)]) }
            for (kind, ledger) in ledgers.sorted(by: { $0.key < $1.key }) {
                if kind == "slow" { TransferSidecar(ledgerPath: ledger).remove() }
                if kind == "fast" && run > 0 { try expectTheSidecarIsUsed(rules, ledger) }
                let output = CapturedOutput()
                _ = try ImportRun(rules: rules, ledgerPath: ledger, console: output.console()).perform(paths: paths)
                lines[kind, default: []] += output.out + output.err
            }
        }
        ledgers = ledgers.mapValues { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
        let fast = ledgers["fast"]!.replacingOccurrences(of: "fast.journal", with: "LEDGER")
        #expect(fast == ledgers["slow"]!.replacingOccurrences(of: "slow.journal", with: "LEDGER"))
        #expect(lines["fast"] == lines["slow"])
        #expect(fast.contains("; transfer-leg:"), "some legs paired")
    }

    /// The sidecar describes the ledger as it is, and the index it gives offers the same
    /// candidates as the ledger read whole.
    private func expectTheSidecarIsUsed(_ rules: RuleSet, _ ledger: String) throws {
        let stamp = try #require(LedgerStamp(path: ledger))
        let fingerprint = TransferSidecar.fingerprint(ownAccounts: ["assets:bank:a", "assets:bank:b"], targets: rules.transferTargets, defaultCurrency: .euro)
        #expect(
            TransferIndex.fromSidecar(
                TransferSidecar(ledgerPath: ledger), stamp: stamp, fingerprint: fingerprint, windows: rules.transferWindow, maxWindow: rules.maxTransferWindow, scratchNear: ledger)
                != nil)
        let kept = try ImportRun.transferIndex(rules: rules, ledgerPath: ledger)
        let read = try ImportRun.transferIndex(rules: rules, ledgerPath: ledger, usesSidecar: false)
        for account in ["assets:bank:a", "assets:bank:b"] {
            for units in Self.amounts.flatMap({ [$0, -$0] }) {
                for day in stride(from: 0, through: 16, by: 2) {
                    let amount = Money(minorUnits: units, currency: .euro), date = LocalDate(dayNumber: Self.firstDay + day)
                    for category in [nil, "assets:bank:a", "assets:bank:b"] {
                        #expect(
                            try kept.candidates(account: account, amount: amount, date: date, category: category)
                                == read.candidates(account: account, amount: amount, date: date, category: category))
                    }
                    let other = account == "assets:bank:a" ? "assets:bank:b" : "assets:bank:a"
                    let k = try kept.uncategorizedCandidates(account: account, amount: amount, date: date, from: other),
                        r = try read.uncategorizedCandidates(account: account, amount: amount, date: date, from: other)
                    #expect(k == r, "\(account) \(amount) \(date): \(k) vs \(r)")
                }
            }
        }
    }

    static let amounts: [Int64] = [10_000, 25_000, 30_000]
    static let firstDay = LocalDate(year: 2024, month: 3, day: 1)!.dayNumber

    /// Rows on a few days around `day`: transfers (`TRF`), legs no rule knows (`INCOMING`,
    /// `OUTGOING`), and coffee, in few amounts so that legs find partners.
    private func writeStatement(_ folder: ScratchFolder, _ name: String, rows: Int, day: Int, _ random: inout SeededGenerator) throws -> String {
        var text = "Data;Descricao;Montante\n"
        for row in 0..<rows {
            let date = LocalDate(dayNumber: Self.firstDay + day + Int.random(in: 0...3, using: &random))
            let words = ["TRF \(row)", "INCOMING", "OUTGOING", "CAFE"].randomElement(using: &random)!
            let units = Self.amounts.randomElement(using: &random)! * (Bool.random(using: &random) ? 1 : -1)
            text += String(format: "%02d-%02d-%04d;%@;%@%d,%02d\n", date.day, date.month, date.year, words, units < 0 ? "-" : "", abs(units) / 100, abs(units) % 100)
        }
        return try folder.write(name, text)
    }
}

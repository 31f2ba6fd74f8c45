import Foundation
import PennyCore
import PennyPipeline
import PennyRules
import PennyTestSupport
import Testing

/// The importer's row lane (`PlainRow`) against the `Transaction` path: random statements
/// (with and without detail columns: payee, memo, type, counterparty, IBAN, bank id; with a
/// signed amount, debit and credit columns, or an indicator in a column or after the number) and rules,
/// imported both ways, must give the same ledger byte for byte and the same lines.
@Suite struct RowLaneEquivalenceTests {
    /// The statements' profiles: each file's account and the columns after the date and
    /// the description (the amount in each shape, the balance, the details).
    static let profiles = [
        ("a", "a", "amount 3\n  balance 4"), ("b", "b", "amount 3\n  balance 4"),
        ("c", "a", "amount 3\n  balance 4\n  payee 5\n  memo 6\n  type 7\n  counterparty 8\n  iban 9\n  id 10"),
        ("d", "b", "debit 3\n  credit 4\n  balance 5"), ("e", "a", "amount 3\n  indicator 4\n  balance 5"),
        ("f", "b", "amount 3\n  indicator after-amount\n  balance 4"),
    ].map { name, account, columns in
        """
        csv \(name)
          match-file "\(name)-*.csv"
          account assets:bank:\(account)
          delimiter ;
          encoding windows-1252
          header-lines 1
          date 1 %d-%m-%Y
          description 2
          decimal-mark ,
          thousands-separator .
          \(columns)

        """
    }.joined()

    /// Rules that reach every branch: categories with amount and date checks, payees (one
    /// equal to a description), `continue` with tags and notes, `skip`, `no-roundup`,
    /// transfers between the two own accounts, and rules the lane cannot decide (a payee
    /// field, a regular expression, a negated description test).
    static let rules = """
        default currency EUR

        account assets:bank:a
          currency EUR
        account assets:bank:b
          currency EUR

        \(profiles)
        rule tagged
          if description contains "pingo"
          tag shop=pingo
          note "weekly, shop"
          continue

        rule groceries
          if description contains "PINGO DOCE", "LIDL"
          if amount < 0
          category expenses:food
          payee "Pingo Doce"

        rule same-payee
          if description is "cafe central"
          category expenses:coffee
          payee "CAFE CENTRAL"

        rule late
          if description starts-with "uber"
          if date >= 2024-02-10
          category expenses:transport
          no-roundup

        rule skipped
          if description contains "SKIPME"
          skip

        rule to-b
          if account is assets:bank:a
          if description contains "TRF"
          category assets:bank:b

        rule to-a
          if account is assets:bank:b
          if description contains "TRF"
          category assets:bank:a

        rule payee-field
          if description contains "farmacia"
          if payee is ""
          category expenses:health

        rule regex
          if description matches /galp [0-9]+/
          category expenses:fuel

        rule negated
          if description contains "edp"
          if description not contains "gas"
          category expenses:power

        rule between
          if description contains "renda"
          if amount between -900 and -100
          category expenses:rent

        rule memo-field
          if description contains "lisboa"
          if memo contains "rent"
          category expenses:housing

        rule type-field
          if type is "DD"
          if amount < -500
          category expenses:debits
          tag debit
        """

    /// Description pieces in Windows-1252 bytes: accents, the euro sign (not plain), a
    /// control character, tabs and runs of spaces, `;` and `(` that the writer changes.
    static let pieces: [[UInt8]] = [
        Array("PINGO DOCE".utf8), Array("lidl".utf8), Array("CAFE CENTRAL".utf8), Array("cafe central".utf8),
        Array("UBER TRIP".utf8), Array("SKIPME".utf8), Array("TRF".utf8), Array("FARM".utf8) + [0xC1] + Array("CIA".utf8),
        Array("GALP 123".utf8), Array("EDP".utf8), Array("GAS".utf8), Array("RENDA".utf8), [0x80] + Array(" 5".utf8),
        Array("A".utf8) + [0x01] + Array("B".utf8), Array("\t".utf8), Array("   ".utf8), Array("(X)".utf8),
        Array("FOO;BAR".utf8), Array("S".utf8) + [0xE3] + Array("O JO".utf8) + [0xC3] + Array("O".utf8), [0xA0] + Array("NBSP".utf8),
        Array("LISBOA".utf8), Array("ZZ".utf8),
    ]

    /// Detail values in Windows-1252 bytes: none, blanks, a payee equal to a description,
    /// accents, a comma (written as a space in a tag), a control character, a no-break
    /// space at an end, spaces around, a line end inside quotes, an IBAN.
    static let detailPieces: [[UInt8]] = [
        [], Array("   ".utf8), Array("PINGO DOCE".utf8), Array("CAFE CENTRAL".utf8), Array("Pingo Doce".utf8), Array("Jo".utf8) + [0xE3] + Array("o".utf8),
        Array("A, B".utf8), Array("X".utf8) + [0x01], [0xA0] + Array("NBSP".utf8), Array("  RENT MAY ".utf8), Array("DD".utf8), Array("TRF".utf8),
        Array("two\nlines".utf8), Array("PT50 0002 0123".utf8), Array("(X)".utf8), [0x80],
    ]

    /// How a statement writes its amounts (the profiles `a` to `f`).
    enum AmountColumns { case signed, debitCredit, indicator, afterAmount }

    /// Indicator marks: debit and credit ones in any case and with spaces, one in accented
    /// Windows-1252 (read by the `String` path), and the sign marks.
    static let marks: [[UInt8]] = [
        Array("D".utf8), Array("c".utf8), Array(" Af ".utf8), Array("BIJ".utf8), Array("Soll".utf8), Array("h".utf8), Array("-".utf8), Array("+".utf8),
        Array("D".utf8) + [0xE9] + Array("bito".utf8), Array("cr".utf8),
    ]

    @Test(arguments: 1...12) func theLaneWritesWhatTheTransactionPathWrites(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let folder = try ScratchFolder()
        try folder.write("rules/main.rules", Self.rules)
        let rules = try RulesLoader.load(path: folder.path("rules"))
        let statements = [
            try writeStatement(folder, "a-1.csv", rows: 300, &random),
            try writeStatement(folder, "b-1.csv", rows: 200, &random),
            try writeStatement(folder, "a-2.csv", rows: 100, &random),
            try writeStatement(folder, "c-1.csv", rows: 300, details: true, &random),
            try writeStatement(folder, "c-2.csv", rows: 100, details: true, &random),
            try writeStatement(folder, "d-1.csv", rows: 200, amounts: .debitCredit, &random),
            try writeStatement(folder, "e-1.csv", rows: 200, amounts: .indicator, &random),
            try writeStatement(folder, "f-1.csv", rows: 200, amounts: .afterAmount, &random),
        ]
        var ledgers: [String] = []
        var lines: [[String]] = []
        for lane in [true, false] {
            let name = "lane-\(lane).journal"
            let ledger = folder.path(name)
            let output = CapturedOutput()
            for paths in [statements, [statements[0]]] {
                var run = ImportRun(rules: rules, ledgerPath: ledger, console: output.console())
                run.usesRowLane = lane
                _ = try run.perform(paths: paths)
            }
            // Each ledger includes its own declarations file: the name aside, the same bytes.
            ledgers.append(try String(contentsOfFile: ledger, encoding: .utf8).replacingOccurrences(of: name, with: "LEDGER"))
            lines.append(output.out + output.err)
        }
        #expect(ledgers[0] == ledgers[1])
        #expect(lines[0] == lines[1])
        #expect(ledgers[0].contains("; rule: groceries"))
        #expect(ledgers[0].contains("; bank-payee: Jo\u{E3}o") && ledgers[0].contains("; memo: RENT MAY"))
        // Every amount shape was imported, not refused.
        for name in ["c-1.csv", "d-1.csv", "e-1.csv", "f-1.csv"] { #expect(ledgers[0].components(separatedBy: "\(name):").count > 150, "\(name)") }
    }

    /// A Windows-1252 statement: dates mostly ascending (sometimes one goes back, which
    /// makes the importer read the file again), repeated rows, blank balances.
    private func writeStatement(
        _ folder: ScratchFolder, _ name: String, rows: Int, details: Bool = false, amounts: AmountColumns = .signed, _ random: inout SeededGenerator
    ) throws -> String {
        let amountHeader = amounts == .debitCredit ? "Debito;Credito" : amounts == .indicator ? "Montante;DC" : "Montante"
        var bytes = Array("Data;Descricao;\(amountHeader);Saldo\(details ? ";Payee;Memo;Type;Counterparty;IBAN;Id" : "")\n".utf8)
        var day = 1
        var previous: [UInt8] = []
        for _ in 0..<rows {
            if Int.random(in: 0..<100, using: &random) < 30 { day = min(day + 1, 28) }
            let shownDay = Int.random(in: 0..<100, using: &random) < 2 ? max(1, day - 3) : day
            var line = Array(String(format: "%02d-02-2024;", shownDay).utf8)
            if Int.random(in: 0..<100, using: &random) < 10 && !previous.isEmpty {
                line = previous
            } else {
                var description: [UInt8] = Int.random(in: 0..<100, using: &random) < 5 ? [] : Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
                for _ in 0..<Int.random(in: 0..<3, using: &random) { description += [0x20] + Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)] }
                let quoted = description.contains(UInt8(ascii: ";")) || description.contains(0x0A)
                line += quoted ? [0x22] + description + [0x22] : description
                let cents = Int.random(in: 0..<200_000, using: &random) - 120_000
                let sign = cents < 0 ? "-" : ""
                line += Array(";".utf8) + Self.amountFields(String(format: "%@%d,%02d", sign, abs(cents) / 100, abs(cents) % 100), amounts, &random) + Array(";".utf8)
                if Int.random(in: 0..<100, using: &random) < 90 { line += Array("1.234,56".utf8) }
                for _ in 0..<(details ? 5 : 0) {
                    let piece = Int.random(in: 0..<100, using: &random) < 40 ? [] : Self.detailPieces[Int.random(in: 0..<Self.detailPieces.count, using: &random)]
                    line += [UInt8(ascii: ";")] + (piece.contains(0x0A) ? [0x22] + piece + [0x22] : piece)
                }
                // Bank ids, some repeated within the file and across files (read again, told apart by content).
                if details { line += Array(";\(Int.random(in: 0..<100, using: &random) < 30 ? "" : "R\(Int.random(in: 0..<250, using: &random))")".utf8) }
                previous = line
            }
            bytes += line + [0x0A]
        }
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The amount's fields as `amounts` writes them: signed; as a debit or a credit (or
    /// both, or a debit written negative, a blank written as spaces); unsigned or signed
    /// with a mark after it in its own field or after the number.
    private static func amountFields(_ amount: String, _ amounts: AmountColumns, _ random: inout SeededGenerator) -> [UInt8] {
        let magnitude = amount.hasPrefix("-") ? String(amount.dropFirst()) : amount
        let roll = Int.random(in: 0..<100, using: &random)
        let mark = marks[Int.random(in: 0..<marks.count, using: &random)]
        switch amounts {
        case .signed:
            return Array(amount.utf8)
        case .debitCredit:
            let blank = roll < 50 ? "" : " "
            if roll % 10 == 0 { return Array("\(magnitude);1,00".utf8) }
            if roll % 10 == 1 { return Array("-\(magnitude);\(blank)".utf8) }
            return Array((amount.hasPrefix("-") ? "\(magnitude);\(blank)" : "\(blank);\(magnitude)").utf8)
        case .indicator:
            return Array((roll < 20 ? amount : magnitude).utf8) + [UInt8(ascii: ";")] + mark
        case .afterAmount:
            let letters = mark.allSatisfy { (0x41...0x7A).contains($0) } ? mark : Array("CR".utf8)
            return Array((roll < 20 ? amount : magnitude).utf8) + (roll % 2 == 0 ? [0x20] : []) + letters
        }
    }
}

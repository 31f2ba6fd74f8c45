import Foundation
import PennyCore
import PennyLedger
import PennyRoundUp

/// `<ledger>.roundups.state`, the round-ups' sidecar: which version of the ledger (and of
/// the rules' round-up inputs) the derived journal was made from, and the totals it was
/// made of, so an import adds only its own purchases instead of reading the ledger again.
///
/// ```
/// penny roundups state 2
/// ledger DEV INO SIZE SEC.NSEC TAILHASH
/// rules FINGERPRINT
/// as-of 2024-03-31
/// manual 2024-03-15 NAME
/// day 2024-03-02 0 213 3 assets:bank:montepio
/// end 1
/// ```
///
/// `day` lines are DATE, the program's number, the spare change in minor units, the number
/// of purchases and the funding account (the rest of the line). Written whole, atomically,
/// under the ledger's lock; anything it does not read exactly as written is ignored (the
/// ledger is then read whole).
struct RoundUpState {
    /// The ledger version the totals are of.
    var stamp: LedgerStamp
    /// The rules' round-up inputs the totals were computed with.
    var fingerprint: String
    /// The totals.
    var totals: RoundUpTotals

    private static let magic = "penny roundups state 2"

    /// The file's text; throws when a day total passes 64 bits (it cannot: the tally checked).
    func text() throws(MoneyError) -> String {
        var lines = [Self.magic, stamp.line, "rules \(fingerprint)", "as-of \(totals.asOf.map { "\($0)" } ?? "-")"]
        for sweep in totals.manualSweeps { lines.append("manual \(sweep.date) \(sweep.program)") }
        let rows = try totals.tally.rows()
        for row in rows { lines.append("day \(row.date) \(row.program) \(row.amount) \(row.purchases) \(row.funding)") }
        lines.append("end \(rows.count)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The state in `text`; nil when it is not one this version wrote whole (an older
    /// version's one-line stamp, a foreign or damaged file).
    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.last == "", lines.count >= 6, lines.removeFirst() == Self.magic else { return nil }
        lines.removeLast()
        let stampLine = lines.removeFirst()
        guard stampLine.hasPrefix("ledger "), let rules = lines.removeFirst().wordsAfter("rules "), rules.count == 1,
            let asOfWords = lines.removeFirst().wordsAfter("as-of "), asOfWords.count == 1, let end = lines.removeLast().wordsAfter("end "),
            end.count == 1, let rowCount = Int(end[0])
        else { return nil }
        var totals = RoundUpTotals()
        if asOfWords[0] != "-" {
            guard let asOf = LocalDate(iso: asOfWords[0]), "\(asOf)" == asOfWords[0] else { return nil }
            totals.asOf = asOf
        }
        var rows: [RoundUpTally.Row] = []
        for line in lines {
            if let words = line.wordsAfter("manual ", maxSplits: 1), words.count == 2, let date = LocalDate(iso: words[0]), "\(date)" == words[0] {
                guard rows.isEmpty else { return nil }
                totals.manualSweeps.append(ManualSweep(program: String(words[1]), date: date))
            } else if let words = line.wordsAfter("day ", maxSplits: 4), words.count == 5, let date = LocalDate(iso: words[0]), "\(date)" == words[0],
                let program = Int(words[1]), program >= 0, let amount = Int64(words[2]), amount > 0, let purchases = Int(words[3]), purchases > 0,
                !words[4].isEmpty
            {
                rows.append(RoundUpTally.Row(date: date, program: program, funding: String(words[4]), amount: amount, purchases: purchases))
            } else {
                return nil
            }
        }
        guard rows.count == rowCount, let tally = try? RoundUpTally(rows: rows) else { return nil }
        totals.tally = tally
        guard let stamp = LedgerStamp(line: String(stampLine)) else { return nil }
        self.stamp = stamp
        self.fingerprint = String(rules[0])
        self.totals = totals
    }

    /// A state of `totals`, made from the ledger version `stamp` under rules `fingerprint`.
    init(stamp: LedgerStamp, fingerprint: String, totals: RoundUpTotals) {
        self.stamp = stamp
        self.fingerprint = fingerprint
        self.totals = totals
    }

    /// The state at `path`; nil when there is none or it cannot be read.
    static func load(_ path: String) -> RoundUpState? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 30 else { return nil }
        return RoundUpState(text: String(decoding: data, as: UTF8.self))
    }

    /// Writes the state to `path` whole (temporary file and rename).
    func write(to path: String) throws(PennyError) {
        let text: String
        do { text = try self.text() } catch { throw .badInput("a round-up total passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: path)) }
        try AtomicFile.write(text, to: path)
    }
}

extension Substring {
    /// The words after `prefix`, split at single spaces (at most `maxSplits` times, the
    /// rest kept whole); nil when the line does not start with it.
    fileprivate func wordsAfter(_ prefix: String, maxSplits: Int = .max) -> [Substring]? {
        guard hasPrefix(prefix) else { return nil }
        return dropFirst(prefix.count).split(separator: " ", maxSplits: maxSplits, omittingEmptySubsequences: false)
    }
}

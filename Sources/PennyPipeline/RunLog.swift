import Foundation
public import PennyCore
import PennyLedger
import PennyReport
import PennyRoundUp
public import PennyRules

/// What `penny status` shows: the runs `import --log` recorded, and what needs a person's
/// attention in the ledger, the quarantine and the round-up pots.
public enum RunLog {
    /// Where a batch run (`import --inbox`) logs when `--log` names no file, and where
    /// `penny status` looks by default: beside the ledger, `ledger.journal.runs.jsonl`.
    public static func defaultPath(ledger: String) -> String { ledger + ".runs.jsonl" }

    /// The log's runs, oldest first (lines that are not a run are skipped).
    public static func records(_ path: String) -> [RunRecord.Line] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(RunRecord.Line.self, from: Data($0.utf8)) }
    }

    /// `2026-11-23 03:30  exit 1  3 files: 25 new, 0 duplicates, 1 rejected`.
    public static func describe(_ line: RunRecord.Line) -> String {
        let when = line.start.replacingOccurrences(of: "T", with: " ").prefix(16)
        let files = line.files.filter { $0.status != "left" }.count
        var text = "\(when)  exit \(line.exit)  \(files) file\(files == 1 ? "" : "s"): \(line.new) new, \(line.duplicates) duplicates, \(line.rejected) rejected"
        if !line.warnings.isEmpty { text += ", \(line.warnings.count) warning\(line.warnings.count == 1 ? "" : "s")" }
        if let error = line.error { text += "; stopped: \(error)" }
        return text
    }

    /// A quarantine note's first line as `status` shows it: ` (from inbox/x.csv:5:4): the
    /// message`, without a closing sentence that introduces text shown only in the note.
    static func quarantineReason(_ line: String) -> String {
        guard let marker = line.range(of: ": error: ") else { return line.isEmpty ? "" : ": \(line)" }
        var message = String(line[marker.upperBound...])
        if message.hasSuffix(":"), let last = message.range(of: ". ", options: .backwards) { message = String(message[..<last.lowerBound]) }
        return " (from \(line[..<marker.lowerBound])): \(message)"
    }

    /// One line per thing to look at.
    public static func attention(rules: RuleSet, ledgerPath: String, lastRun: RunRecord.Line?) throws(PennyError) -> [String] {
        var items: [String] = []
        if let run = lastRun, let error = run.error { items.append("the last run stopped (exit \(run.exit)): \(error)") }
        for warning in lastRun?.warnings ?? [] { items.append("last run: \(warning)") }
        if let quarantine = lastRun?.quarantine, let names = try? FileManager.default.contentsOfDirectory(atPath: quarantine) {
            for name in names.sorted() where !name.hasSuffix(".error.txt") {
                let reason = (try? String(contentsOfFile: quarantine + "/" + name + ".error.txt", encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
                items.append("quarantined: \(quarantine)/\(name)" + Self.quarantineReason(reason))
            }
        }
        guard LedgerPath.exists(ledgerPath) else { return items }
        let reader = JournalReader(defaultCurrency: rules.defaultCurrency)
        let assembly = ReportAssembly(rules: rules, ledgerPath: ledgerPath, currency: rules.defaultCurrency, period: .all, interval: .month, depth: 2)
        for account in try assembly.balances(asOf: nil).accounts where account.statementClosing != nil && !account.reconciled {
            items.append(
                "\(account.account) does not agree with its bank: the ledger's statements give \(account.statementBalance.decimalString), the bank said \(account.statementClosing?.decimalString ?? "") on \(account.statementDate?.description ?? "")"
            )
        }
        var uncategorized = 0
        try reader.forEachTransaction(path: ledgerPath, tagNames: ["rule"], wantsDescription: false, commentPrefix: "; none", comment: { _ in }) { t in
            if t.tags["rule"] == JournalEntry.defaultRule { uncategorized += 1 }
        }
        if uncategorized > 0 { items.append("\(uncategorized) transaction\(uncategorized == 1 ? "" : "s") no rule categorized: run `penny uncategorized`") }
        let later = rules.roundUps.filter { $0.schedule == .later }
        if !later.isEmpty {
            let statuses = try RoundUpRun(rules: rules, ledgerPath: ledgerPath).statuses(of: later)
            for status in statuses where status.pot.minorUnits > 0 {
                items.append("round-up '\(status.program)' has \(status.pot) in its pot: `penny roundup apply \(status.program)` sweeps it")
            }
        }
        return items
    }
}

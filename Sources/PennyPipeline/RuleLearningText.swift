import Foundation
import PennyCore
import PennyLedger

extension RuleLearning {
    /// The proposals as `penny rules learn` prints them, numbered from 1.
    public func render() -> String {
        guard handEdits > 0 else { return "No hand corrections in the ledger: every imported transaction has the category its rule gave.\n" }
        let waiting = handEdits - covered
        var out = "\(count(handEdits, "hand correction")) in the ledger; the rules already make \(covered), \(waiting) they do not.\n"
        if proposals.isEmpty {
            out += "No rule to propose.\n"
        } else {
            let how = proposals.count == 1 ? "--accept 1" : "--accept all, or by number: --accept 1,2"
            out += "\(count(proposals.count, "rule")) proposed; nothing is written until accepted (\(how)).\n"
        }
        for (number, proposal) in proposals.enumerated() {
            out += "\n[\(number + 1)] \(count(proposal.corrections.count, "correction")) (line\(proposal.corrections.count == 1 ? "" : "s") "
            out += "\(list(proposal.corrections))) filed under \(proposal.draft.category)\n"
            out += proposal.draft.block.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
            out += "  goes in \(proposal.placement.file)"
            if let line = proposal.placement.beforeLine, let old = proposal.supersedes {
                out += " before line \(line): rule '\(old.name)' files them under \(old.category) now\n"
            } else {
                out += " at the end (only the default files them now)\n"
            }
            out += effectText(proposal)
        }
        for disagreement in disagreements {
            let filed = disagreement.lines.sorted { $0.key < $1.key }.map { "\($0.key) (line\($0.value.count == 1 ? "" : "s") \(list($0.value)))" }
            out += "\nNo rule for \(RulesString.quoted(disagreement.match)): its corrections disagree, \(filed.joined(separator: " and ")).\n"
            out += "  Write a rule with an amount or account test by hand.\n"
        }
        return out
    }

    /// What a proposal would change besides its corrections, and what overrules it.
    private func effectText(_ proposal: RuleProposal) -> String {
        var out = ""
        if let other = proposal.overruledBy {
            out += "  conflict: rule '\(other)' still decides some of these corrections; move it after this one\n"
        }
        let changes = proposal.effect.changes
        if changes.isEmpty {
            out += "  changes no other past transaction\n"
        } else {
            out += "  would change \(count(changes.count, "other past transaction")) at the next 'penny recategorize':\n"
            for change in changes.prefix(5) {
                out += "    line \(change.line) \(change.date) \(change.description): \(change.oldCategory) -> \(change.newCategory)\n"
            }
            if changes.count > 5 { out += "    … and \(changes.count - 5) more\n" }
        }
        let contradicted = proposal.effect.contradicted
        if !contradicted.isEmpty {
            out +=
                "  conflict: matches \(count(contradicted.count, "other hand correction")) filed elsewhere (line\(contradicted.count == 1 ? "" : "s") \(list(contradicted))); they stay as they are\n"
        }
        return out
    }

    private func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    private func list(_ lines: [Int]) -> String {
        let shown = lines.prefix(8).map(String.init).joined(separator: ", ")
        return lines.count > 8 ? shown + ", …" : shown
    }
}

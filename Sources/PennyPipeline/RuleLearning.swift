import Foundation
public import PennyCore
import PennyLedger
public import PennyRules
import PennyReport

/// One rule `penny rules learn` proposes.
public struct RuleProposal: Sendable {
    /// The rule block.
    public var draft: RuleDraft
    /// Where it goes.
    public var placement: RulePlacement
    /// 1-based ledger lines of the hand corrections it would have made.
    public var corrections: [Int]
    /// The existing rule that files those corrections now, which the new one goes before.
    public var supersedes: (name: String, location: SourceLocation, category: String)?
    /// What it would do to the rest of the past.
    public var effect = RuleImpact.Effect()
    /// The rule that would still decide a correction instead of this one, if any.
    public var overruledBy: String?
}

/// `penny rules learn`: rule blocks that would have made the hand corrections of the
/// ledger, each with where it goes, what it would change in the past and what it conflicts
/// with. Nothing is written until proposals are accepted (`edit(accepting:)`).
///
/// Corrections alike (the same words once numbers are set aside, the same sign) and filed
/// under one category make one proposal: `description contains` their longest run of words
/// and the sign's amount test. Alike corrections filed under different categories make none
/// (a disagreement the user settles by hand). A correction the rules already make is left
/// out. A proposal goes just before the rule that files its corrections now, so it decides
/// first; when only the default files them, at the end of the destination file.
public struct RuleLearning: Sendable {
    /// The proposals, most corrections first.
    public let proposals: [RuleProposal]
    /// Alike corrections filed under more than one category: the match text and, per
    /// category, the ledger lines.
    public let disagreements: [(match: String, lines: [String: [Int]])]
    /// How many hand edits the ledger holds.
    public let handEdits: Int
    /// How many of them the rules already make.
    public let covered: Int
    private let rulesPath: String

    /// Reads the hand corrections of the ledger and proposes rules; `destination` is the
    /// rules file for rules that supersede no existing rule.
    public init(rules: RuleSet, rulesPath: String, ledgerPath: String, destination: String) throws(PennyError) {
        self.rulesPath = rulesPath
        // The ledger is read one transaction at a time: once to count each rule's
        // categories, once for the hand edits, and once to measure the proposals.
        var census = RuleTagAudit.Census(rules: rules.auditFacts)
        try JournalBlockStream.forEachBlock(path: ledgerPath) { block in _ = census.count(block) }
        let written = census.written
        let categorizer = Categorizer(rules)
        let ruleIndex = Dictionary(rules.rules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        var groups: [String: (draft: RuleDraft, lines: [String: [Int]], deciders: Set<String>)] = [:]
        var order: [String] = []
        var taken = Set(rules.rules.map(\.name))
        var covered = 0
        var handEdits = 0
        try JournalBlockStream.forEachBlock(path: ledgerPath) { block in
            guard let candidate = census.candidate(block), census.isHandEdit(candidate, written: written) else { return }
            handEdits += 1
            let entry = candidate.entry(index: -1, isHandEdit: true)
            let decision = categorizer.categorize(entry, of: block, ledgerPath: ledgerPath)
            if decision.category == entry.category {
                covered += 1
                return
            }
            let sign = entry.amount.isNegative
            var draft = RuleDraft.matching(block.bankText, isNegative: sign, category: entry.category, taken: taken)
            let key = "\(draft.match) \(sign)"
            if groups[key] == nil {
                taken.insert(draft.name)
                order.append(key)
                groups[key] = (draft, [:], [])
            } else {
                draft = groups[key]!.draft
            }
            groups[key]!.lines[entry.category, default: []].append(block.firstLine + 1)
            if let rule = decision.ruleName { groups[key]!.deciders.insert(rule) }
        }
        var proposals: [RuleProposal] = []
        var disagreements: [(match: String, lines: [String: [Int]])] = []
        for key in order {
            let group = groups[key]!
            guard group.lines.count == 1, let (category, lines) = group.lines.first else {
                disagreements.append((group.draft.matchText, group.lines))
                continue
            }
            var draft = group.draft
            draft.category = category
            let first = group.deciders.compactMap { name in ruleIndex[name].map { rules.rules[$0] } }.min { ruleIndex[$0.name]! < ruleIndex[$1.name]! }
            let placement = first.map { RulePlacement(file: $0.location.file, beforeLine: $0.location.line) } ?? RulePlacement(file: destination, beforeLine: nil)
            proposals.append(
                RuleProposal(draft: draft, placement: placement, corrections: lines, supersedes: first.map { ($0.name, $0.location, $0.category ?? "(no category)") }))
        }
        self.proposals = try Self.measured(proposals, rulesPath: rulesPath, census: census, ledgerPath: ledgerPath)
            .sorted { ($0.corrections.count, $1.draft.name) > ($1.corrections.count, $0.draft.name) }
        self.disagreements = disagreements
        self.handEdits = handEdits
        self.covered = covered
    }

    /// The proposals with their effect, measured with all of them in the rules.
    private static func measured(
        _ proposals: [RuleProposal], rulesPath: String, census: RuleTagAudit.Census, ledgerPath: String
    ) throws(PennyError) -> [RuleProposal] {
        guard !proposals.isEmpty else { return [] }
        var edit = RulesFileEdit(rulesPath: rulesPath)
        edit.insert(proposals.map { ($0.draft, $0.placement) })
        let newRules: RuleSet
        do { newRules = try edit.check() } catch {
            throw .configuration("the proposed rules do not pass 'penny rules check': \(error.errors.first?.description ?? error.summary)")
        }
        let names = Set(proposals.map(\.draft.name))
        let missing = names.subtracting(newRules.rules.map(\.name))
        if !missing.isEmpty, let file = proposals.first(where: { missing.contains($0.draft.name) })?.placement.file {
            throw .configuration("'\(file)' is not read with the rules at '\(rulesPath)': choose a file in the rules directory or one it includes")
        }
        let impact = try RuleImpact(rules: newRules, newRules: names, census: census, ledgerPath: ledgerPath)
        return proposals.map { proposal in
            var proposal = proposal
            proposal.effect = impact.effects[proposal.draft.name] ?? RuleImpact.Effect()
            proposal.overruledBy = proposal.corrections.compactMap { impact.deciders[$0] }.first { $0 != proposal.draft.name }
            return proposal
        }
    }

    /// The accepted proposals (1-based numbers as `render` shows them) as a rules edit.
    public func edit(accepting numbers: [Int]) -> RulesFileEdit {
        var edit = RulesFileEdit(rulesPath: rulesPath)
        edit.insert(numbers.map { (proposals[$0 - 1].draft, proposals[$0 - 1].placement) })
        return edit
    }
}

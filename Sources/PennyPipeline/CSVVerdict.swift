import Foundation
public import PennyCore
public import PennyImport
public import PennyRules

/// How Penny reads one file that may be a CSV, decided once: `penny csv guess` prints it,
/// `penny import` acts on it (`CSVAutoProfile.choose`), so the two can never disagree
/// (issue 26): the profile, or the refusal and its reason, is the same value.
///
/// The decision is the import's: the user's profiles, then the built-in ones (a built-in one
/// that cannot read the first rows is passed over), then the sniffer; a sign only a card
/// account settles is settled by the declared account; the own account is worked out.
public struct CSVVerdict {
    /// Where the profile comes from.
    public enum Source: Sendable, Equatable {
        /// A `csv` block of the user's rules (a learned one in `rules/csv/` too).
        case user(String)
        /// One of Penny's built-in bank profiles.
        case builtin(String)
        /// Worked out from the file by the sniffer.
        case sniffed
    }

    /// The file as named on the command line.
    public let file: String
    /// Another format's reader claims the file (OFX, QIF...): no CSV profile is involved.
    public var format: StatementFormat?
    /// Where the profile comes from (nil when none was reached).
    public var source: Source?
    /// The profile the file is read with, its own account filled in when known.
    public var profile: CSVProfile?
    /// The sniff, when the sniffer was asked (for a sniffed file, and a refused one).
    public var sniff: CSVSniff?
    /// What the import line says beside the counts: a built-in profile passed over, the card
    /// convention, the account a file names.
    public var notes: [String] = []
    /// Why the file is refused, exactly as `penny import` reports it; nil when it is read.
    public var refusal: PennyError?
    /// Transactions read when the whole file was read (`readWholeFile`).
    public var transactions: Int?

    /// What the import reads the file with (nil when refused).
    var choice: CSVAutoProfile.Choice?
    /// The rules the account is resolved with.
    var rules: RuleSet?

    init(file: String) {
        self.file = file
    }

    /// True when the file is read (and, after `readWholeFile`, every row of it reads).
    public var isRead: Bool { refusal == nil }

    /// The verdict for `file` under `rules`, as `penny import` with the same rules and
    /// `--account` reaches it; `readsWholeFile` then reads every row with the profile, the
    /// way the import does, so a row the import would refuse refuses the verdict too.
    /// `resolvesAccount` false (no rules at all) leaves the own account out of it.
    public static func decide(
        file: String, rules: RuleSet, rulesPath: String, accountOverride: String? = nil, forcedFormat: StatementFormat? = nil, resolvesAccount: Bool = true,
        readsWholeFile: Bool = true
    ) -> CSVVerdict {
        var auto = CSVAutoProfile(rules: rules, rulesPath: rulesPath, accountOverride: accountOverride)
        auto.resolvesAccount = resolvesAccount
        var verdict = CSVVerdict(file: file)
        do throws(PennyError) {
            let probe = try FileProbe(url: URL(fileURLWithPath: file))
            verdict = auto.decide(probe: probe, forcedFormat: forcedFormat, configuration: configuration(for: rules), file: file)
            verdict.rules = resolvesAccount ? rules : nil
            if readsWholeFile { verdict.readWholeFile(probe) }
        } catch {
            verdict.refusal = error
        }
        return verdict
    }

    /// The reader configuration `penny import` starts from (`ImportRun.perform`).
    public static func configuration(for rules: RuleSet) -> ReaderConfiguration {
        ReaderConfiguration(
            csvProfiles: rules.csvProfiles, defaultCurrency: rules.defaultCurrency,
            accountCurrencies: Dictionary(rules.accounts.compactMap { a in a.currency.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a }))
    }

    /// Reads every row with the chosen reader and configuration, as the import does; the
    /// first error (a row the profile cannot read, a statement no account takes) becomes
    /// the refusal.
    mutating func readWholeFile(_ probe: FileProbe) {
        guard refusal == nil, let choice else { return }
        var count = 0
        let rules = self.rules
        do throws(PennyError) {
            try choice.reader.read(probe, displayName: file, configuration: choice.configuration) { (event) throws(PennyError) in
                switch event {
                case .statement(let header):
                    if let rules { _ = try rules.resolveAccount(for: header, override: choice.override, fallback: choice.fallback) }
                case .transaction: count += 1
                case .rows(let rows): count += rows.items.count
                case .closing, .warning, .skippedRows: break
                }
            }
            transactions = count
        } catch {
            refusal = error
        }
    }

    /// The first lines of the refusal as printed: its headline and the excerpt of the row
    /// under it, without the profile an ambiguous sniff appends (printed apart).
    public var refusalText: String? {
        guard let refusal else { return nil }
        let text = refusal.description
        guard let cut = text.range(of: "\n\n") else { return text }
        return String(text[..<cut.lowerBound])
    }
}

extension CSVAutoProfile {
    /// The verdict for one file (never throws: a refusal is part of it).
    func decide(probe: FileProbe, forcedFormat: StatementFormat?, configuration: ReaderConfiguration, file: String) -> CSVVerdict {
        var verdict = CSVVerdict(file: file)
        do throws(PennyError) {
            verdict.choice = try decideChoice(probe: probe, forcedFormat: forcedFormat, configuration: configuration, file: file, into: &verdict)
        } catch {
            verdict.refusal = error
        }
        return verdict
    }
}

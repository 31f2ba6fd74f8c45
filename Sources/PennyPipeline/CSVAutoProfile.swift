import Foundation
import PennyCore
import PennyImport
import PennyRules

/// The reader for one file when it may be a CSV without a profile of its own: a user's
/// profile first, then a built-in one, then what the sniffer proves; and the own account
/// for a CSV whose profile names none.
struct CSVAutoProfile {
    let rules: RuleSet
    let rulesPath: String
    let accountOverride: String?

    /// What `penny import` reads a file with.
    struct Choice {
        var reader: any StatementReader
        var configuration: ReaderConfiguration
        /// The `--account` to apply to this file (nil when the account was resolved here).
        var override: String?
        /// The account of the inbox folder the file is in, for a statement that names none.
        var fallback: String? = nil
        /// A profile the sniffer worked out, to write into the rules after the import.
        var learned: CSVSniff?
        /// A convention the reading rests on, said on the import line (a card's signs).
        var note: String?
        /// The built-in profile the file is read with, named on the import line.
        var builtin: String?
    }

    /// Whether the own account is worked out (false for `csv guess` with no rules: the
    /// profile is still shown).
    var resolvesAccount = true

    /// What `penny import` reads a file with: the verdict `penny csv guess` prints
    /// (`CSVVerdict`), acted on.
    func choose(probe: FileProbe, forcedFormat: StatementFormat?, configuration: ReaderConfiguration, file: String) throws(PennyError) -> Choice {
        let verdict = decide(probe: probe, forcedFormat: forcedFormat, configuration: configuration, file: file)
        if let refusal = verdict.refusal { throw refusal }
        guard let choice = verdict.choice else { throw .badInput("no reader chosen", at: SourceLocation(file: file)) }
        return choice
    }

    /// For a file of another name (`.tab`, `.xls`, `.dat`) whose bytes are text the sniffer
    /// finds a table of transactions in, under a header naming a date and money: its sniff,
    /// to be read by content, as a CSV; nil otherwise (a log of dated numbers, a headerless
    /// file, stays unrecognized).
    static func tableSniff(_ probe: FileProbe, file: String) -> CSVSniff? {
        guard ReaderRegistry.looks(probe) == nil, !probe.head.contains(0), let sniff = try? CSVSniffer.sniff(url: probe.url, displayName: file) else { return nil }
        return sniff.rowCount > 0 && sniff.headerNamesDateAndMoney ? sniff : nil
    }

    /// The decision itself; `verdict` gathers the sniff and the profile's source as they are known.
    func decideChoice(probe: FileProbe, forcedFormat: StatementFormat?, configuration: ReaderConfiguration, file: String, into verdict: inout CSVVerdict) throws(PennyError)
        -> Choice
    {
        var withBuiltins = configuration
        withBuiltins.csvProfiles += BuiltinProfiles.all
        let claimed: (any StatementReader)?
        // A file of another name read by content: sniffed once, here.
        var byContent: CSVSniff?
        do throws(PennyError) {
            claimed = try ReaderRegistry.standard.reader(for: probe, forcedFormat: forcedFormat, configuration: withBuiltins, displayName: file)
        } catch {
            guard forcedFormat == nil || forcedFormat == .csv else { throw error }
            if !CSVReader.isCSVName(probe.fileName) && forcedFormat != .csv {
                byContent = Self.tableSniff(probe, file: file)
                guard byContent != nil else { throw error }
            }
            claimed = nil
        }
        if let claimed, claimed.format != .csv {
            verdict.format = claimed.format
            // A statement without a currency (QIF) is in its account's, when the account is known.
            let folder = folderAccount(file)
            var c = configuration
            if let name = accountOverride ?? folder, let currency = rules.accounts.first(where: { $0.name == name })?.currency { c.defaultCurrency = currency }
            return Choice(reader: claimed, configuration: c, override: accountOverride, fallback: folder)
        }
        var skippedBuiltin: String?
        if let claimed, let profile = CSVReader().profile(for: probe, configuration: withBuiltins) ?? (forcedFormat == .csv ? withBuiltins.csvProfiles.first : nil),
            !isBuiltin(profile) || readsFirstRows(profile, probe: probe, file: file, failure: &skippedBuiltin)
        {
            var chosen = profile
            var override = accountOverride
            if profile.account == nil {
                chosen.account = try account(for: probe, file: file, sniffed: nil)
                if chosen.account != nil { override = nil }
            }
            var c = configuration
            c.csvProfiles = [chosen]
            verdict.source = isBuiltin(profile) ? .builtin(profile.name) : .user(profile.name)
            verdict.profile = chosen
            return Choice(reader: claimed, configuration: c, override: override, builtin: isBuiltin(profile) ? profile.name : nil)
        }
        var sniff: CSVSniff
        if let byContent { sniff = byContent } else { sniff = try CSVSniffer.sniff(url: probe.url, displayName: file) }
        verdict.source = .sniffed
        verdict.sniff = sniff
        if let skippedBuiltin { verdict.notes = [skippedBuiltin] }
        // A sign only the account's kind settles: the account decides before the file is refused.
        var cardNote: String?
        if !sniff.isConclusive, sniff.ambiguities.allSatisfy({ $0.topic == "sign" }),
            let name = try? account(for: probe, file: file, sniffed: sniff), let declared = rules.account(named: name)
        {
            cardNote = declared.kind == .card || name.hasPrefix("liabilities") ? sniff.readAsCard() : sniff.readAsBankAccount()
            verdict.sniff = sniff
        }
        guard sniff.isConclusive else {
            throw PennyError.badInput(
                "cannot tell how to read this CSV: \(sniff.refusal); nothing was imported. Pick the candidates in this profile and add it to the rules:\n\n"
                    + CSVGuess.profileBlock(sniff),
                at: SourceLocation(file: file)
            ).coded(.csvAmbiguous)
        }
        var profile = sniff.profile
        profile.account = try account(for: probe, file: file, sniffed: sniff)
        verdict.profile = profile
        var c = configuration
        c.csvProfiles = [profile]
        var choice = Choice(reader: CSVReader(), configuration: c, override: profile.account == nil ? accountOverride : nil, learned: sniff)
        verdict.notes = [skippedBuiltin, namedAccountNote(sniff, account: profile.account), cardNote.map { "read as \($0)" }].compactMap { $0 }
        choice.note = verdict.notes.isEmpty ? nil : verdict.notes.joined(separator: "\n  ")
        return choice
    }

    /// True for a profile Penny ships (not one of the user's, which always stands).
    private func isBuiltin(_ profile: CSVProfile) -> Bool {
        !rules.csvProfiles.contains { $0.name == profile.name } && BuiltinProfiles.all.contains { $0.name == profile.name }
    }

    /// True when a built-in profile that claims the file by its header reads the file's first
    /// rows; otherwise `failure` says why, and the file is left to the sniffer (a bank's
    /// later layout under the same first columns must not be refused by Penny's old idea of it).
    private func readsFirstRows(_ profile: CSVProfile, probe: FileProbe, file: String, failure: inout String?) -> Bool {
        var seen = 0
        let configuration = ReaderConfiguration(csvProfiles: [profile], defaultCurrency: rules.defaultCurrency)
        do throws(PennyError) {
            try CSVReader().read(probe.url, profile: profile, displayName: file, configuration: configuration) { (event) throws(PennyError) in
                guard case .transaction = event else { return }
                seen += 1
                if seen >= CSVSniffer.maxRows { throw .badInput("enough rows read") }
            }
        } catch {
            guard error.message != "enough rows read" else { return true }
            failure = "the built-in profile \(profile.name) matches the header but does not read the file (\(error.message)); worked out from the file instead"
            return false
        }
        return true
    }

    /// The own account: an identifier the file names, else the folder it is in (an account's
    /// last name part or alias), else `--account`; refused with the declared accounts otherwise.
    private func account(for probe: FileProbe, file: String, sniffed: CSVSniff?) throws(PennyError) -> String? {
        guard resolvesAccount else { return accountOverride }
        var sniff: CSVSniff
        if let sniffed { sniff = sniffed } else { sniff = try CSVSniffer.sniff(url: probe.url, displayName: file) }
        if let id = sniff.accountIdentifier {
            switch rules.match(identifier: id) {
            case .account(let declared): return declared.name
            case .ambiguous, .none:
                // Let the resolver name the claimants or give the block to paste.
                if accountOverride == nil && folderAccount(file) == nil && onlyAccountWithoutID == nil {
                    throw PennyError.badInput(
                        "the file names the account '\(id)', which no 'account' block declares as its 'id' (or two do); add it to an account block, or put the file in a folder named after the account",
                        at: SourceLocation(file: file)
                    ).coded(.account)
                }
            }
        }
        if let folder = folderAccount(file) { return folder }
        if let accountOverride { return accountOverride }
        // One declared account: a file that names none, or names one that account does not
        // contradict (it has no `id`), is that account's.
        if rules.accounts.count == 1 { return rules.accounts[0].name }
        let declared = rules.accounts.map { a in "  \(a.name)" + (a.aliases.isEmpty ? "" : " (alias \(a.aliases.joined(separator: ", ")))") }
        throw .badInput(
            "which account is this CSV? it names none; put it in a folder named after the account (like inbox/\(rules.accounts.first.map { String($0.name.split(separator: ":").last ?? "") } ?? "NAME")/) or pass --account NAME. Declared accounts:\n"
                + (declared.isEmpty ? "  (none: declare one with an 'account' block)" : declared.joined(separator: "\n")),
            at: SourceLocation(file: file)
        ).coded(.account)
    }

    /// The one declared account, when it is the only one and has no identifier a file's
    /// own could contradict.
    var onlyAccountWithoutID: String? {
        rules.accounts.count == 1 && rules.accounts[0].identifiers.isEmpty ? rules.accounts[0].name : nil
    }

    /// The import line for a file that names an account only the single declaration took.
    func namedAccountNote(_ sniff: CSVSniff, account: String?) -> String? {
        guard let id = sniff.accountIdentifier, let account, account == onlyAccountWithoutID else { return nil }
        if case .account = rules.match(identifier: id) { return nil }
        return "the file names the account \(id); filed under \(account), the only account declared (add 'id \(id)' to its block so a second account's file is never taken for it)"
    }

    /// The declared account whose last name part or alias is the file's folder name.
    func folderAccount(_ file: String) -> String? {
        let folder = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent.lowercased()
        guard !folder.isEmpty, folder != "." else { return nil }
        return rules.accounts.first { $0.shortNames.contains(folder) }?.name
    }

    /// Writes a learned profile to `rules/csv/NAME.rules` (next to a single rules file);
    /// returns the path, or nil when the same block is already there.
    func write(_ sniff: CSVSniff) throws(PennyError) -> String? {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: rulesPath, isDirectory: &isDirectory)
        let base = isDirectory.boolValue ? rulesPath : (rulesPath as NSString).deletingLastPathComponent
        let directory = ((base.isEmpty ? "." : base) as NSString).appendingPathComponent("csv")
        var profile = sniff.profile
        profile.account = nil
        var learned = sniff
        learned.profile = profile
        let text = CSVGuess.profileBlock(learned)
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in existing where name.hasSuffix(".rules") {
            if FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name)) == Data(text.utf8) { return nil }
        }
        var name = profile.name
        var n = 2
        while existing.contains(name + ".rules") || rules.csvProfiles.contains(where: { $0.name == name }) {
            name = "\(profile.name)-\(n)"
            n += 1
        }
        profile.name = name
        learned.profile = profile
        let path = (directory as NSString).appendingPathComponent(name + ".rules")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(CSVGuess.profileBlock(learned).utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw PennyError(.ledgerUnavailable, "cannot write the learned csv profile: \(error.localizedDescription)", at: SourceLocation(file: path))
        }
        return path
    }
}

/// The CSV profiles Penny ships for common banks (`Sources/PennyPipeline/BuiltinProfiles/`).
public enum BuiltinProfiles {
    /// Every built-in profile, parsed once; after the user's own, so theirs always win.
    public static let all: [CSVProfile] = {
        guard let rules = try? RulesLoader.load(text: BuiltinProfileTexts.all, file: "built-in profiles") else { return [] }
        return rules.csvProfiles
    }()
}

extension CSVAutoProfile {
    /// After a sniffed file imported: writes the profile it used and says so in one line.
    func keep(_ choice: Choice, dryRun: Bool, console: Console) throws(PennyError) {
        if let builtin = choice.builtin { console.say("  read with the built-in profile \(builtin) (see 'penny csv guess')") }
        if let note = choice.note { console.say("  \(note)") }
        guard let learned = choice.learned else { return }
        if dryRun {
            console.say("  read with a profile penny worked out (dry run: not written to the rules; see 'penny csv guess')")
        } else if let path = try write(learned) {
            console.say("  read with a profile penny worked out; wrote it to \(path) (matched by its \(learned.header.isEmpty ? "file name" : "header") next time)")
        }
    }
}

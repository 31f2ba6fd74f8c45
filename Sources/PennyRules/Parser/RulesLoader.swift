import Foundation
public import PennyCore

/// Every error of a rules load, in file and line order.
public struct RulesDiagnostics: Error, Sendable {
    /// The errors, each coded `config.rules`.
    public let errors: [PennyError]

    /// Diagnostics of the rules.
    public init(errors: [PennyError]) { self.errors = errors.map { $0.coded(.rules) } }

    /// `3 errors in the rules`: the line after them, and what a run log keeps.
    public var summary: String { "\(errors.count) error\(errors.count == 1 ? "" : "s") in the rules" }
}

/// Reads a rules file or a directory of `*.rules` files (in path order) into a `RuleSet`.
public enum RulesLoader {
    /// Loads and validates; throws every error found, not just the first.
    public static func load(path: String) throws(RulesDiagnostics) -> RuleSet {
        try load(path: path, overriding: [:])
    }

    /// Loads the rules as they would be with some files' text replaced (or added, for a
    /// new `*.rules` file in the rules directory): a change is checked before it is written.
    /// Keys are file paths as `standardizingPath` gives them.
    public static func load(path: String, overriding texts: [String: String]) throws(RulesDiagnostics) -> RuleSet {
        var parser = RulesParser()
        let read: (String) -> String? = { file in texts[(file as NSString).standardizingPath] ?? readText(file) }
        parser.readFile = read
        var (own, learned) = try files(at: path)
        let directory = (path as NSString).standardizingPath
        let known = Set((own + learned).map { ($0 as NSString).standardizingPath })
        for added in texts.keys where !known.contains(added) && (added as NSString).deletingLastPathComponent == directory && added.hasSuffix(".rules") {
            own.append(added)
        }
        own.sort { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }
        let list = own + learned
        for file in list where !parser.parsedFiles.contains((file as NSString).standardizingPath) {
            guard let text = read(file) else {
                throw RulesDiagnostics(errors: [.configuration("cannot read rules file (rules files are UTF-8 text)", at: SourceLocation(file: file))])
            }
            parser.parse(text, file: file)
        }
        return try finish(&parser)
    }

    /// Whole-set checks, every error at once.
    private static func finish(_ parser: inout RulesParser) throws(RulesDiagnostics) -> RuleSet {
        parser.validate()
        if !parser.errors.isEmpty { throw RulesDiagnostics(errors: parser.errors) }
        return parser.ruleSet
    }

    private static func readText(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Loads rules from text (tests, `rules explain`).
    public static func load(text: String, file: String = "rules") throws(RulesDiagnostics) -> RuleSet {
        var parser = RulesParser()
        parser.parse(text, file: file)
        return try finish(&parser)
    }

    /// The user's rules files in name order, then the profiles Penny learned from files.
    private static func files(at path: String) throws(RulesDiagnostics) -> (own: [String], learned: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RulesDiagnostics(errors: [.configuration("no rules at '\(path)': pass --rules PATH, set PENNY_RULES, or run 'penny init'")])
        }
        guard isDirectory.boolValue else { return ([path], []) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let rules = names.filter { $0.hasSuffix(".rules") }.sorted()
        if rules.isEmpty {
            throw RulesDiagnostics(errors: [.configuration("no *.rules files in '\(path)'")])
        }
        // Profiles penny learned from files (`rules/csv/NAME.rules`) come after the user's own.
        let learnedDirectory = (path as NSString).appendingPathComponent("csv")
        let learned = ((try? FileManager.default.contentsOfDirectory(atPath: learnedDirectory)) ?? []).filter { $0.hasSuffix(".rules") }.sorted()
        return (rules.map { (path as NSString).appendingPathComponent($0) }, learned.map { (learnedDirectory as NSString).appendingPathComponent($0) })
    }
}

extension RulesParser {
    /// Checks that need the whole rule set: references to declared accounts.
    mutating func validate() {
        let declared = ruleSet.accounts.map(\.name)
        validateIdentifiers()
        for profile in ruleSet.csvProfiles {
            if let account = profile.account, ruleSet.account(named: account) == nil {
                errors.append(
                    .configuration(
                        "csv profile '\(profile.name)' names account '\(account)', which no 'account' block declares\(Suggestion.hint(for: account, in: declared))",
                        at: profile.location))
            }
        }
        for program in ruleSet.roundUps {
            let at = program.location
            for origin in program.origins where ruleSet.account(named: origin) == nil {
                errors.append(.configuration("roundup '\(program.name)': 'from \(origin)' is not a declared account\(Suggestion.hint(for: origin, in: declared))", at: at))
            }
            if let funding = program.funding, ruleSet.account(named: funding) == nil {
                errors.append(.configuration("roundup '\(program.name)': 'funding \(funding)' is not a declared account\(Suggestion.hint(for: funding, in: declared))", at: at))
            }
            if let pot = program.pot, !AccountName(pot).isUnder(.assets) {
                errors.append(.configuration("roundup '\(program.name)': the pot '\(pot)' must be an assets: account", at: at))
            }
            for destination in program.destinations
            where ![.assets, .liabilities, .expenses].contains(AccountName(destination.account).root) || !destination.account.contains(":") {
                errors.append(
                    .configuration(
                        "roundup '\(program.name)': destination '\(destination.account)' must be under assets:, liabilities: or expenses:", at: destination.location))
            }
        }
        errors.sort { ($0.location?.file ?? "", $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.file ?? "", $1.location?.line ?? 0, $1.location?.column ?? 0) }
    }
}

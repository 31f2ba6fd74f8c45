import ArgumentParser
import PennyLedger

/// `penny ledger`: keeping the ledger tidy for other tools (docs/ledger.md).
struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger", abstract: "Keep the ledger tidy for other tools: date order, declared names.",
        subcommands: [LedgerSortCommand.self, LedgerDeclareCommand.self])
}

/// `penny ledger sort`: rewrites the ledger in date order, atomically.
struct LedgerSortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "Rewrite the ledger with its entries in date order (for `hledger check ordereddates`), atomically.",
        discussion: "Entries of one date keep their order; Penny's includes move to the ledger's head.\nExample:\n  penny ledger sort --ledger ~/money/ledger.journal")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var lock: LockOptions

    func run() throws {
        let changed = try LedgerMaintenance.sort(ledgerPath: options.ledgerPath, waitSeconds: lock.wait)
        if !options.quiet { print(changed ? "\(options.ledgerPath): sorted by date" : "\(options.ledgerPath): already in date order") }
    }
}

/// `penny ledger declare`: declares every account, commodity and tag the ledger uses.
struct LedgerDeclareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "declare",
        abstract: "Declare every account, commodity and tag the ledger uses (after hand edits), in LEDGER.declarations.journal.",
        discussion: "Example:\n  penny ledger declare --ledger ~/money/ledger.journal")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var lock: LockOptions

    func run() throws {
        let added = try LedgerMaintenance.declare(ledgerPath: options.ledgerPath, waitSeconds: lock.wait)
        if !options.quiet { print("\(options.ledgerPath): \(added) new name\(added == 1 ? "" : "s") declared") }
    }
}

import ArgumentParser
import Foundation
import PennyLedger

/// Options every command takes (SPEC §3).
struct GlobalOptions: ParsableArguments {
    @Option(help: "The ledger file (default: $PENNY_LEDGER or ./ledger.journal).")
    var ledger: String?

    @Option(help: "A rules file or a directory of *.rules (default: $PENNY_RULES or ./rules).")
    var rules: String?

    @Flag(help: "Print only errors.")
    var quiet = false

    @Flag(help: "Print more detail.")
    var verbose = false

    /// The ledger path after defaults, with a symbolic link resolved to the real file.
    var ledgerPath: String {
        LedgerPath.resolve(ledger ?? ProcessInfo.processInfo.environment["PENNY_LEDGER"] ?? "ledger.journal")
    }

    /// A ledger that is a directory, a pipe or a device is refused before anything reads it
    /// (a pipe or a device would never end): a usage error, exit 2.
    func validate() throws {
        if let kind = LedgerPath.notAFile(ledgerPath) {
            throw ValidationError("--ledger \(ledgerPath): it is \(kind), not a ledger file")
        }
    }

    /// The rules path after defaults.
    var rulesPath: String {
        rules ?? ProcessInfo.processInfo.environment["PENNY_RULES"] ?? "rules"
    }
}

/// `--wait`, for the commands that write the ledger under its lock.
struct LockOptions: ParsableArguments {
    @Option(help: "Seconds to wait for another run's lock on the ledger.")
    var wait = 10
}

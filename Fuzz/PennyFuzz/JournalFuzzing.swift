import PennyCore
import PennyLedger

/// A hand-edited ledger through what every command reads it with: the check before a
/// write, the transaction reader, and the copy pass of an update (dry run).
struct JournalFuzzing {
    let path: String
    let defaultCurrency: Currency

    func run() {
        do throws(PennyError) {
            try LedgerCheck.requireReadable(path, defaultCurrency: defaultCurrency)
        } catch {
            Harness.requireLocation(error, "ledger check")
            return
        }
        do throws(PennyError) {
            try JournalReader(defaultCurrency: defaultCurrency).forEachTransaction(
                path: path, tagNames: ["rule", "source"], wantsDescription: true, commentPrefix: PennyComment.transferLegPrefix,
                comment: { line in _ = PennyComment.parse(line) }, { _ in })
            let update = try LedgerUpdate(ledgerPath: path, dryRun: true, balanceAccounts: ["assets:bank:checking"])
            _ = update.count
        } catch { Harness.requireLocation(error, "journal") }
    }
}

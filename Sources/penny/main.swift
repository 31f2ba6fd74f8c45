import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import PennyRules

// Maps failures to SPEC §3's exit codes in one place (ExitStatus): 1 rejected input, 2
// usage or configuration, 3 ledger locked or unwritable. A command line that does not parse
// is answered with the usage text; a failure once the command runs is answered with its
// message alone (with its location and excerpt, rules errors all at once with a count).
// A file size limit (`ulimit -f`) makes a write fail with EFBIG, which Penny reports with
// the file it was writing (the ledger is left as it was), instead of ending the run with
// SIGXFSZ and no word.
signal(SIGXFSZ, SIG_IGN)
// Large blocks go back to the system when freed, so peak memory is what is live.
LargeAllocations.mapFromNowOn()
var command: ParsableCommand
do {
    command = try Penny.parseAsRoot()
} catch {
    Foundation.exit(ExitStatus.answerParsing(error))
}
do {
    try command.run()
} catch {
    Foundation.exit(ExitStatus.answerRunning(error))
}

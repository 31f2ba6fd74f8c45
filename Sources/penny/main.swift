import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyRules

// Maps failures to SPEC §3's exit codes in one place: 1 rejected input, 2 usage or
// configuration, 3 ledger locked or unwritable. A domain error is printed with its
// location and excerpt; rules errors all at once with a count; swift-argument-parser's
// own usage errors become 2.
// A file size limit (`ulimit -f`) makes a write fail with EFBIG, which Penny reports with
// the file it was writing (the ledger is left as it was), instead of ending the run with
// SIGXFSZ and no word.
signal(SIGXFSZ, SIG_IGN)
do {
    var command = try Penny.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch let error as PennyError {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    Foundation.exit(ExitStatus(error.kind).rawValue)
} catch let diagnostics as RulesDiagnostics {
    Console(quiet: false).errors(diagnostics)
    Foundation.exit(ExitStatus.configuration.rawValue)
} catch {
    let code = Penny.exitCode(for: error)
    if code == .success {
        print(Penny.fullMessage(for: error))
        Foundation.exit(0)
    }
    FileHandle.standardError.write(Data((Penny.fullMessage(for: error) + "\n").utf8))
    Foundation.exit(code == .validationFailure ? ExitStatus.configuration.rawValue : code.rawValue)
}

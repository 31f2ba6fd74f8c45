import ArgumentParser
import Foundation

// Maps failures to SPEC §3's exit codes: 1 rejected input, 2 usage or configuration,
// 3 ledger locked or unwritable. swift-argument-parser's own usage errors become 2.
do {
    var command = try Penny.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch {
    let code = Penny.exitCode(for: error)
    if code == .success {
        print(Penny.fullMessage(for: error))
        Foundation.exit(0)
    }
    FileHandle.standardError.write(Data((Penny.fullMessage(for: error) + "\n").utf8))
    Foundation.exit(code == .validationFailure ? ExitStatus.configuration.rawValue : code.rawValue)
}

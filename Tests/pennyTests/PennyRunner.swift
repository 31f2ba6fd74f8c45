import Foundation
import PennyTestSupport
import Testing

/// Runs the built `penny` (or hledger/ledger) in a scratch directory and captures its output.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// A command started by `Workspace.launchPenny`, still running or finished.
struct RunningCommand {
    let process: Process
    let out: Pipe
    let err: Pipe

    /// Waits for the command and returns what it printed.
    func finish() -> CommandResult {
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Waits until the command has `path` open (as /proc shows), or has exited; true when open.
    func waitUntilOpen(_ path: String) -> Bool {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let folder = "/proc/\(process.processIdentifier)/fd"
        while process.isRunning {
            for fd in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + fd), link == target { return true }
            }
            usleep(500)
        }
        return false
    }
}

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `penny` binary `swift build` made (or $PENNY_BIN).
let pennyBinary: URL = {
    if let path = ProcessInfo.processInfo.environment["PENNY_BIN"] { return URL(fileURLWithPath: path) }
    return packageRoot.appendingPathComponent(".build/debug/penny")
}()

/// A fixture of this test target.
func fixture(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
}

/// A scratch directory holding copies of `samples/` and `rules/` unless told otherwise.
struct Workspace {
    let url: URL

    init(copySamples: Bool = true) throws {
        url = TestScratch.root.appendingPathComponent("penny-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if copySamples {
            for folder in ["samples", "rules"] {
                try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(folder), to: url.appendingPathComponent(folder))
            }
        }
    }

    /// A workspace over a folder that already exists (one `penny init` made).
    init(existing url: URL) {
        self.url = url
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func copy(fixture name: String, as target: String? = nil) throws {
        let destination = url.appendingPathComponent(target ?? name)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture(name), to: destination)
    }

    func bytes(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }

    func text(_ name: String) throws -> String { try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) }

    @discardableResult
    func penny(_ arguments: String...) throws -> CommandResult {
        try run(pennyBinary.path, arguments)
    }

    func run(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        try launch(executable, arguments).finish()
    }

    /// Starts the built `penny` with `arguments` without waiting for it.
    func penny(launching arguments: [String]) throws -> RunningCommand {
        try launch(pennyBinary.path, arguments)
    }

    /// Runs the built `penny` with more environment variables (a locale, `PENNY_FAULT`, ...).
    func penny(environment: [String: String], _ arguments: [String]) throws -> CommandResult {
        try launch(pennyBinary.path, arguments, environment: environment).finish()
    }

    /// The same, the arguments written out.
    func penny(environment: [String: String], _ arguments: String...) throws -> CommandResult {
        try launch(pennyBinary.path, arguments, environment: environment).finish()
    }

    /// Starts the built `penny` without waiting for it; `finish()` collects its result.
    func launchPenny(_ arguments: String...) throws -> RunningCommand {
        try launch(pennyBinary.path, arguments)
    }

    private func launch(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = url
        var environment = ProcessInfo.processInfo.environment
        environment["PENNY_LEDGER"] = nil
        environment["PENNY_RULES"] = nil
        // Reports follow the locale: every run gets the plain C one unless a test names another.
        environment["LC_ALL"] = nil
        environment["LC_MONETARY"] = nil
        environment["LANG"] = "C.UTF-8"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return RunningCommand(process: process, out: out, err: err)
    }

    /// `which NAME`, for hledger and ledger.
    static func tool(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

import CPennyTestPTY
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `penny` run on a pseudo-terminal, as a person at a keyboard runs it: the test
/// waits for what it prints and types keys.
final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    /// Everything the program printed so far, carriage returns removed.
    private(set) var output = ""

    /// Starts `penny arguments` in `workspace` with its standard streams on a new terminal.
    init(_ workspace: Workspace, _ arguments: [String]) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = penny_test_open_pty(&name, Int32(name.count))
        guard master >= 0 else { throw CocoaError(.fileReadUnknown) }
        let slave = open(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = pennyBinary
        process.arguments = arguments
        process.currentDirectoryURL = workspace.url
        var environment = ProcessInfo.processInfo.environment
        environment["PENNY_LEDGER"] = nil
        environment["PENNY_RULES"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm"
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close(master)
    }

    /// Reads until the output (since the start) contains `text`, or 10 s pass; true when seen.
    @discardableResult
    func expect(_ text: String) -> Bool {
        let end = Date().addingTimeInterval(10)
        while !output.contains(text) && Date() < end {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else {
                if !process.isRunning { break }
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            output += String(decoding: buffer[..<n], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        }
        return output.contains(text)
    }

    /// Types `keys`.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for the program to end (killing it after 20 s) and returns its exit status.
    func finish() -> Int32 {
        let end = Date().addingTimeInterval(20)
        while process.isRunning && Date() < end { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

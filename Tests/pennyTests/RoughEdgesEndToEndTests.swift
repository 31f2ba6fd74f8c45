import Foundation
import Testing

/// Issue 32's rough edges: a failure once the command line parsed is said without the usage
/// text; results and diagnostics sent to one place come out in the order they were said; a
/// quarantine's note holds its message once; `report --help` names every report kind.
@Suite(.serialized) struct RoughEdgesEndToEndTests {
    /// Every kind `penny report` takes (PennyPipeline's ReportKind).
    static let reportKinds = ["summary", "categories", "balances", "budget", "roundups", "cards", "recurring", "forecast", "html", "site"]

    @Test func aDomainErrorIsNotFollowedByTheUsageText() throws {
        let w = try Workspace()
        let account = try w.penny("import", "--account", "nope", "samples")
        #expect(account.status == 2)
        #expect(account.stderr.hasPrefix("error: --account nope: no account of that name"), "\(account.stderr)")
        #expect(account.stderr.split(separator: "\n").count == 1, "\(account.stderr)")
        let period = try w.penny("report", "summary", "--period", "someday")
        #expect(period.status == 2)
        #expect(period.stderr == "error: cannot read --period 'someday': expected 2024, 2024-03, 2024-Q1, 2024-W09, 2024-03-05, A..B, last-month or this-year\n")
        // A command line that does not parse still gets the usage text.
        let usage = try w.penny("report")
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("Usage: penny report"), "\(usage.stderr)")
    }

    @Test func reportHelpNamesEveryKind() throws {
        let help = try Workspace(copySamples: false).penny("report", "--help")
        #expect(help.status == 0)
        for kind in Self.reportKinds {
            #expect(help.stdout.contains("\n  \(kind) "), "\(kind) is not described in:\n\(help.stdout)")
        }
    }

    @Test func errorsAndFileLinesComeOutInTheOrderSaid() throws {
        let w = try Workspace()
        try w.copy(fixture: "montepio-2024-04.csv", as: "inbox/montepio-2024-04.csv")
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        let run = try w.pennyMerged("import", "--inbox", "inbox", "--settle", "0")
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("inbox/montepio-2024-04.csv: ") }, "\(run.output)")
        let error = try #require(lines.firstIndex { $0.hasPrefix("inbox/montepio-broken.csv:5:4: error: cannot read amount") }, "\(run.output)")
        let rejected = try #require(lines.firstIndex(of: "inbox/montepio-broken.csv: rejected, nothing imported"), "\(run.output)")
        // The first file's line, the error with its excerpt, then the file's own line.
        #expect(first < error && error < rejected, "\(run.output)")
        #expect(lines[(error + 1)..<rejected].allSatisfy { $0.hasPrefix("    ") }, "\(run.output)")
        #expect(lines.last?.hasPrefix("total: 2 files") == true, "\(run.output)")
    }

    @Test func aQuarantineNoteHoldsItsMessageOnce() throws {
        let w = try Workspace()
        try w.copy(fixture: "montepio-broken.csv", as: "inbox/montepio-broken.csv")
        try w.copy(fixture: "newcomer/fr-meta-data.csv", as: "inbox/fr-meta-data.csv")
        try FileManager.default.createSymbolicLink(atPath: w.path("inbox/link.csv"), withDestinationPath: w.path("samples/aib-2024-03.csv"))
        #expect(try w.penny("import", "--inbox", "inbox", "--settle", "0").status == 1)
        for name in ["montepio-broken.csv", "fr-meta-data.csv", "link.csv"] {
            let note = try w.text("quarantine/\(name).error.txt")
            let headline = try #require(note.split(separator: "\n").first.map(String.init))
            #expect(headline.hasPrefix("inbox/\(name)"), "\(note)")
            #expect(note.components(separatedBy: headline).count == 2, "the message more than once:\n\(note)")
            #expect(note.components(separatedBy: ": error: ").count == 2, "two errors:\n\(note)")
        }
    }
}

extension Workspace {
    /// Runs the built `penny` with its standard output and error on one pipe, as `2>&1` or a
    /// service's journal has them: the order a person reads.
    func pennyMerged(_ arguments: String...) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = pennyBinary
        process.arguments = arguments
        process.currentDirectoryURL = url
        var environment = ProcessInfo.processInfo.environment
        (environment["PENNY_LEDGER"], environment["PENNY_RULES"], environment["LC_ALL"], environment["LANG"]) = (nil, nil, nil, "C.UTF-8")
        process.environment = environment
        let both = Pipe()
        process.standardOutput = both
        process.standardError = both
        try process.run()
        let output = both.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

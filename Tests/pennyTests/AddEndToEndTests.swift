import Foundation
import Testing

/// `penny add`: a cash coffee in a few words, categorized by the rules, read by hledger.
@Suite(.serialized) struct AddEndToEndTests {
    func workspace() throws -> Workspace {
        let w = try Workspace()
        try "account assets:cash\n  type cash\n  alias carteira\n".write(toFile: w.path("rules/cash.rules"), atomically: true, encoding: .utf8)
        return w
    }

    static func yesterday() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = calendar.date(byAdding: .day, value: -1, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func aCashCoffeeDatedYesterdayCategorizedAndReadByHledger() throws {
        let w = try workspace()
        let result = try w.penny("add", "café", "2,30", "ontem", "--yes")
        #expect(result.status == 0, "\(result.stderr)")
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("\(Self.yesterday()) * café\n"))
        #expect(journal.contains("    ; rule: coffee\n"))
        #expect(journal.contains("    ; source: penny add\n"))
        let hledger = try #require(Workspace.tool("hledger"))
        let balance = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "--flat", "assets:cash", "expenses:food"])
        #expect(balance.stdout.contains("-2.30 EUR  assets:cash"))
        #expect(balance.stdout.contains("2.30 EUR  expenses:food:eating-out"))
        // rules explain decides the same.
        #expect(try w.penny("rules", "explain", "--amount", "-2.30", "café").stdout.contains("coffee"))
    }

    @Test func withoutATerminalItAsksForYesAndWritesNothing() throws {
        let w = try workspace()
        let result = try w.penny("add", "café", "2,30")
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: not a terminal: add --yes to write without asking"))
        #expect(!FileManager.default.fileExists(atPath: w.path("ledger.journal")))
    }

    /// The same words twice within a minute: in a terminal, it asks before writing a twin.
    @Test func theSameLineTwiceWithinAMinuteAsksAboutATwin() throws {
        let w = try workspace()
        #expect(try w.penny("add", "uber", "12.90", "carteira", "--yes").status == 0)
        let script = try #require(Workspace.tool("script"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "\(pennyBinary.path) add uber 12.90 carteira", "/dev/null"]
        process.currentDirectoryURL = w.url
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("n\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("The same entry was added less than a minute ago. Write a second one? [y/N]"), "\(text)")
        #expect(try w.text("ledger.journal").components(separatedBy: "* uber").count == 2)
    }
}

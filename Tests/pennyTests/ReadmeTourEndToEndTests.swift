import Foundation
import Testing

/// The README's five-minute tour, run as written: its commands are read from README.md (so
/// the README cannot drift from what works), in a fresh folder, with the tour's
/// `~/Downloads/extrato.csv` a fixture and no step between them but the ones it names.
@Suite(.serialized) struct ReadmeTourEndToEndTests {
    /// The lines of the sh block under "## A five-minute tour", comments removed.
    static func tourCommands() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## A five-minute tour"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```sh\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map { line in
            let code = line.range(of: " #").map { line[..<$0.lowerBound] } ?? line[...]
            return code.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// The words of one tour line, `~` as the test's home and quotes kept together.
    static func words(_ line: String, home: String) -> [String] {
        var words: [String] = [], word = "", quoted = false
        for ch in line {
            if ch == "\"" {
                quoted.toggle()
            } else if ch == " " && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(ch)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.map { $0.hasPrefix("~/") ? home + $0.dropFirst() : $0 }
    }

    @Test func theTourRunsAsWritten() throws {
        let w = try Workspace(copySamples: false)
        let home = w.path("home")
        try FileManager.default.createDirectory(atPath: home + "/Downloads", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("tour/extrato.csv").path, toPath: home + "/Downloads/extrato.csv")
        var folder = w.url
        var results: [(String, CommandResult)] = []
        for line in try Self.tourCommands() {
            // Building, the alias and the editor are the reader's; `cd` moves the test.
            if line.hasPrefix("swift build") || line.hasPrefix("alias ") || line.hasPrefix("$EDITOR") { continue }
            for part in line.components(separatedBy: " && ") {
                let words = Self.words(part, home: home)
                if words.first == "cd" {
                    folder = URL(fileURLWithPath: words[1])
                    continue
                }
                let tool = words[0] == "penny" ? pennyBinary.path : try #require(Workspace.tool(words[0]), "\(words[0]) is not installed")
                let result = try Workspace(existing: folder).run(tool, Array(words.dropFirst()))
                #expect(result.status == 0, "\(part) exited \(result.status): \(result.stderr)")
                results.append((part, result))
            }
        }
        let imports = results.filter { $0.0.hasPrefix("penny import") }.map(\.1.stdout)
        #expect(imports.count == 2)
        #expect(imports.first?.contains("extrato.csv: 8 new, 0 duplicates") == true, "\(imports)")
        #expect(imports.last?.contains("extrato.csv: 0 new, 8 duplicates") == true, "\(imports)")
        let summary = try #require(results.first { $0.0 == "penny report summary --month 2024-03" }?.1.stdout)
        #expect(summary.contains("1,870.00") || summary.contains("1870.00"), "\(summary)")
        let explain = try #require(results.first { $0.0.hasPrefix("penny rules explain") }?.1.stdout)
        #expect(explain.contains("groceries"), "\(explain)")
        let hledger = try #require(results.first { $0.0.hasPrefix("hledger") }?.1.stdout)
        #expect(hledger.contains("928.58 EUR"), "\(hledger)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("recap.html").path))
    }

    @Test func aRefusedFirstImportLeavesTheNewLedgerEmpty() throws {
        let w = try Workspace(copySamples: false)
        #expect(try w.penny("init", "money").status == 0)
        let money = Workspace(existing: w.url.appendingPathComponent("money"))
        let before = try money.text("ledger.journal")
        try Data("Date,Description,Amount\n2024-03-01,A,5.00\n".utf8).write(to: money.url.appendingPathComponent("one.csv"))
        let refused = try money.penny("import", "one.csv")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("sign: 1 of 1 amounts are positive"), "\(refused.stderr)")
        #expect(try money.text("ledger.journal") == before)
    }
}

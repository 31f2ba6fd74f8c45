import Foundation
import Testing

/// Issue 32: the samples' ledger passes hledger's and ledger-cli's strict checks, sorts into
/// date order, and exports to a beancount file bean-check accepts with hledger's balances.
@Suite(.serialized) struct StrictChecksEndToEndTests {
    /// The ledger `make demo` makes: the samples, then their history.
    static func demoLedger() throws -> Workspace {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        #expect(try w.penny("import", "samples/history").status == 0)
        return w
    }

    /// `hledger check --strict` and `ledger --strict` without a warning.
    static func expectStrictClean(_ w: Workspace) throws {
        let hledger = try #require(Workspace.tool("hledger"), "make test installs hledger")
        let strict = try w.run(hledger, ["-f", "ledger.journal", "check", "--strict"])
        #expect(strict.status == 0, "\(strict.stderr)")
        let ledger = try #require(Workspace.tool("ledger"), "make test installs ledger-cli")
        let balance = try w.run(ledger, ["-f", "ledger.journal", "--strict", "bal"])
        #expect(balance.status == 0)
        #expect(balance.stderr == "")
    }

    @Test func theSamplesLedgerPassesBothToolsStrictChecks() throws {
        let w = try Self.demoLedger()
        try Self.expectStrictClean(w)
        let declared = try w.text("ledger.journal.declarations.journal")
        #expect(declared.contains("account assets:savings:roundups\n"))
        #expect(declared.contains("commodity EUR\n"))
        #expect(declared.contains("tag id\n"))
    }

    /// The other writers declare what they write: a cash entry, a sweep, exchange rates.
    @Test func addApplyAndPricesKeepTheChecksClean() throws {
        let w = try Self.demoLedger()
        #expect(try w.penny("add", "uber", "12.90", "--account", "assets:bank:n26", "--yes").status == 0)
        #expect(try w.penny("roundup", "apply", "spare-change", "--date", "2024-06-30").status == 0)
        try w.copy(fixture: "currency/eurofxref-daily.xml", as: "eurofxref-daily.xml")
        #expect(try w.penny("prices", "import", "eurofxref-daily.xml").status == 0)
        #expect(try w.text("ledger.journal.declarations.journal").contains("commodity USD\n"))
        #expect(try w.penny("ledger", "sort").status == 0)
        try Self.expectStrictClean(w)
        #expect(try w.penny("export", "beancount", "--output", "ledger.beancount").status == 0)
        let beanCheck = try #require(Self.beancountTool("bean-check"), "make test-deps installs beancount from PyPI")
        let check = try w.run(beanCheck, ["ledger.beancount"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func sortingGivesDateOrderAndKeepsEverything() throws {
        let w = try Self.demoLedger()
        let hledger = try #require(Workspace.tool("hledger"), "make test installs hledger")
        let before = try w.run(hledger, ["-f", "ledger.journal", "bal", "--flat", "-O", "csv"])
        #expect(try w.run(hledger, ["-f", "ledger.journal", "check", "ordereddates"]).status != 0)
        let sort = try w.penny("ledger", "sort")
        #expect(sort.stdout == "ledger.journal: sorted by date\n")
        #expect(try w.run(hledger, ["-f", "ledger.journal", "check", "ordereddates"]).status == 0)
        try Self.expectStrictClean(w)
        #expect(try w.run(hledger, ["-f", "ledger.journal", "bal", "--flat", "-O", "csv"]).stdout == before.stdout)
        #expect(try w.penny("ledger", "sort").stdout == "ledger.journal: already in date order\n")
        let again = try w.penny("import", "samples", "samples/history")
        #expect(again.stdout.contains("total: 8 files, 0 new, 79 duplicates"))
    }

    @Test func aLedgerFromBeforeDeclarationsIsDeclaredAtItsNextImport() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        try FileManager.default.removeItem(atPath: w.path("ledger.journal.declarations.journal"))
        let old = try w.text("ledger.journal").replacingOccurrences(of: "include ledger.journal.declarations.journal\n\n", with: "")
        try old.write(toFile: w.path("ledger.journal"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "samples/history").status == 0)
        // hledger reads declarations anywhere; ledger-cli wants them first, which sorting does.
        #expect(try w.text("ledger.journal").contains("\ninclude ledger.journal.declarations.journal\n"))
        let hledger = try #require(Workspace.tool("hledger"), "make test installs hledger")
        #expect(try w.run(hledger, ["-f", "ledger.journal", "check", "--strict"]).status == 0)
        #expect(try w.penny("ledger", "sort").status == 0)
        try Self.expectStrictClean(w)
    }

    @Test func theBeancountExportPassesBeanCheckWithHledgersBalances() throws {
        let w = try Self.demoLedger()
        #expect(try w.penny("export", "beancount", "--output", "ledger.beancount").status == 0)
        let beanCheck = try #require(Self.beancountTool("bean-check"), "make test-deps installs beancount from PyPI")
        let check = try w.run(beanCheck, ["ledger.beancount"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout + check.stderr == "")
        try Self.balanceScript.write(toFile: w.path("balances.py"), atomically: true, encoding: .utf8)
        let python = try #require(Self.beancountTool("python3"))
        let bean = try w.run(python, ["balances.py", "ledger.beancount"])
        #expect(bean.status == 0, "\(bean.stderr)")
        let hledger = try #require(Workspace.tool("hledger"), "make test installs hledger")
        let csv = try w.run(hledger, ["-f", "ledger.journal", "bal", "--flat", "-N", "-O", "csv"])
        let hledgerLines = csv.stdout.split(separator: "\n").dropFirst().map { line in
            line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.joined(separator: " ")
        }
        #expect(hledgerLines.count > 20)
        #expect(bean.stdout.split(separator: "\n").map(String.init) == hledgerLines.sorted())
    }

    /// Each account's balance in the beancount file, by its ledger name (the `name` of its
    /// `open`), one `ACCOUNT AMOUNT CODE` line each, sorted, zero balances left out.
    static let balanceScript = """
        import sys
        from collections import defaultdict
        from beancount import loader
        from beancount.core import data
        entries, errors, _ = loader.load_file(sys.argv[1])
        if errors:
            sys.exit("%d errors" % len(errors))
        names = {e.account: e.meta["name"] for e in entries if isinstance(e, data.Open)}
        totals = defaultdict(lambda: defaultdict(int))
        for e in entries:
            if isinstance(e, data.Transaction):
                for p in e.postings:
                    totals[names[p.account]][p.units.currency] += p.units.number
        for account in sorted(totals):
            for currency, number in sorted(totals[account].items()):
                if number != 0:
                    print(account, number, currency)

        """

    /// A beancount tool on the PATH, or in the virtual environment `make test-deps` makes
    /// when the system's Python may not take packages (`.build/beancount`).
    static func beancountTool(_ name: String) -> String? {
        let venv = packageRoot.appendingPathComponent(".build/beancount/bin/\(name)").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

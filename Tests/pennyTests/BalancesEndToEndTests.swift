import Foundation
import Testing

/// `report balances` for the household's five accounts in four formats: every account
/// reconciles with its bank's closing figure, and hledger agrees with every balance.
@Suite(.serialized) struct BalancesEndToEndTests {
    @Test func everyAccountReconcilesAndHledgerAgrees() throws {
        let w = try Workspace()
        #expect(try w.penny("import", "samples").status == 0)
        let json = try w.penny("report", "balances", "--format", "json")
        #expect(json.status == 0)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["as_of"] as? String == "2024-03-31")
        let accounts = try #require(report["accounts"] as? [[String: Any]])
        #expect(
            accounts.map { $0["account"] as? String } == [
                "assets:bank:montepio", "assets:bank:aib", "liabilities:card:visa", "assets:bank:savings", "assets:bank:n26",
            ])
        let closings = ["2863.84", "3007.48", "-103.18", "5453.25", "681.10"]
        let hledger = try #require(Workspace.tool("hledger"))
        for (account, closing) in zip(accounts, closings) {
            let name = account["account"] as! String
            #expect(account["statement_closing"] as? String == closing, "\(name)")
            #expect(account["statement_balance"] as? String == closing, "\(name)")
            #expect(account["reconciled"] as? Bool == true, "\(name)")
            let balance = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "--flat", "-O", "csv", "^\(name)$"]).stdout
            #expect(balance.contains("\"\(account["balance"] as! String) EUR\""), "\(name): \(balance)")
        }
        // The consolidated total is every asset and liability, round-up pots included.
        let total = try w.run(hledger, ["-f", "ledger.journal", "bal", "-O", "csv", "--depth", "1", "assets", "liabilities"]).stdout
        #expect(total.hasSuffix("\"total\",\"\(report["total"] as! String) EUR\"\n"), "\(total)")
    }

    @Test func aStatementThatDoesNotAddUpIsAWarningNotARejection() throws {
        let w = try Workspace()
        let csv = try Data(contentsOf: w.url.appendingPathComponent("samples/aib-2024-03.csv"))
        let edited = String(decoding: csv, as: UTF8.self).replacingOccurrences(of: "\"3,007.48\"", with: "\"3,100.00\"")
        try edited.write(toFile: w.path("samples/aib-2024-03.csv"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "samples")
        #expect(result.status == 0)
        #expect(result.stderr == "warning: assets:bank:aib on 2024-03-27: the ledger has 3007.48 EUR, the statement says 3100.00 EUR\n")
        let json = try w.penny("report", "balances", "--format", "json").stdout
        #expect(
            json.contains(
                #"{"account": "assets:bank:aib", "balance": "3007.48", "statement_balance": "3007.48", "statement_closing": "3100.00", "statement_date": "2024-03-27", "reconciled": false}"#
            ))
    }
}

import Foundation
import Testing

/// Issue 26, second round, end to end: the account's declared kind settles a signed column
/// of both signs, and a file of another name that holds a table is read by its content.
@Suite(.serialized) struct IntakeEvidenceEndToEndTests {
    /// More money in than out, one column, both signs (Raiffeisen's shape).
    static let mixedSigns = """
        Date;Description;Amount
        27.09.2024;SHOP;-123.45
        25.09.2024;SALARY;678.90
        23.09.2024;REFUND;567.89

        """

    func workspace(kind: String?, files: [String: String]) throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        let rules = "default currency EUR\n\naccount assets:bank:main\n" + (kind.map { "  type \($0)\n" } ?? "")
        try rules.write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(toFile: w.path(name), atomically: true, encoding: .utf8) }
        return w
    }

    func ownAmounts(_ w: Workspace) throws -> [String] {
        try w.text("ledger.journal").split(separator: "\n").filter { $0.hasPrefix("    assets:bank:main") }
            .map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
    }

    @Test func aBankAccountReadsBothSignsAsWrittenAndSaysSo() throws {
        let w = try workspace(kind: nil, files: ["export.csv": Self.mixedSigns])
        let result = try w.penny("import", "export.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try ownAmounts(w)).sorted() == ["-123.45", "567.89", "678.90"])
        #expect(result.stdout.contains("read as a bank account's statement: its 1 negative amounts are money out and its 2 positive ones money in, as written"), "\(result.stdout)")
    }

    @Test func aCardReadsTheSameColumnAsCharges() throws {
        let w = try workspace(kind: "card", files: ["export.csv": Self.mixedSigns])
        let result = try w.penny("import", "export.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try ownAmounts(w)).sorted() == ["-567.89", "-678.90", "123.45"])
    }

    @Test func aTabFileIsReadByItsContent() throws {
        let tab = "Datum\tOmschrijving\tBedrag\n2024-03-01\tSHOP\t-12,00\n2024-03-02\tSHOP\t-8,00\n"
        let w = try workspace(kind: nil, files: ["TXT240301.TAB": tab, "export.xls": tab])
        let result = try w.penny("import", "TXT240301.TAB")
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try ownAmounts(w)).sorted() == ["-12.00", "-8.00"])
        // The same text named .xls is read too (a duplicate of the first: nothing new).
        let again = try w.penny("import", "export.xls")
        #expect(again.status == 0, "\(again.stderr)")
        #expect((try ownAmounts(w)).count == 2)
    }

    @Test func aTextFileWithNoTableIsStillUnrecognized() throws {
        // Notes, and a log of dated numbers with no header naming a date and money.
        let log = "2024-03-01,INFO,12.50\n2024-03-02,WARN,3.10\n2024-03-03,INFO,7.00\n"
        let w = try workspace(kind: nil, files: ["notes.md": "# shopping\n\nmilk, bread\n", "app.log": log])
        for file in ["notes.md", "app.log"] {
            let result = try w.penny("import", file)
            #expect(result.status != 0)
            #expect(result.stderr.contains("unrecognized statement format"), "\(result.stderr)")
        }
    }
}

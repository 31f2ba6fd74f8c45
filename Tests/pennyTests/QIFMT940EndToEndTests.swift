import Foundation
import Testing

/// A QIF export (no account in the file: `--account` maps it) and an MT940 statement whose
/// `:25:` is a declared account, imported by the built `penny` and totalled by hledger.
@Suite(.serialized) struct QIFMT940EndToEndTests {
    static let accounts = """
        default currency EUR

        account assets:bank:checking
          type checking
          opening 2024-02-29 0.00

        account assets:bank:giro
          id DE89370400440532013000
          type checking

        """

    static let categories = """
        rule rent
          if description contains "Landlord"
          category expenses:housing:rent

        rule salary
          if description contains "ACME"
          category income:salary

        rule coffee
          if description contains "Kaffee"
          category expenses:food:coffee

        """

    static let qif = """
        !Account
        NChecking
        TBank
        ^
        !Type:Bank
        D03/01/2024
        T-1,250.00
        PLandlord
        LRent
        ^
        D03/15/2024
        T3,000.00
        PACME Payroll
        ^

        """

    static let mt940 = """
        {1:F01COBADEFFXXXX0000000000}{2:I940COBADEFFXXXXN}{4:
        :20:STMT2024-03
        :25:DE89370400440532013000
        :28C:3/1
        :60F:C240229EUR500,00
        :61:2403010301D12,50NMSCNONREF//B1
        :86:166?00SEPA-UEBERWEISUNG?20Kaffee und Kuchen?32CAFE CENTRAL
        :61:2403050305C100,00NTRFNONREF//B2
        :86:Gift from Anna
        :62F:C240305EUR587,50
        -}

        """

    func workspace() throws -> Workspace {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try Self.accounts.write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        try Self.categories.write(toFile: w.path("rules/categories.rules"), atomically: true, encoding: .utf8)
        try Self.qif.write(toFile: w.path("export.qif"), atomically: true, encoding: .utf8)
        try Self.mt940.write(toFile: w.path("giro.sta"), atomically: true, encoding: .utf8)
        return w
    }

    @Test func qifWithAccountAndMT940ByItsAccountIdReachTheLedger() throws {
        let w = try workspace()
        let refused = try w.penny("import", "export.qif")
        #expect(refused.stderr.contains("export.qif:5: error: the statement names no account; pass --account NAME"))
        #expect(try w.penny("import", "--account", "assets:bank:checking", "export.qif").stdout.hasPrefix("export.qif: 2 new, 0 duplicates, 0 skipped, 0 uncategorized\n"))
        #expect(try w.penny("import", "giro.sta").stdout.hasPrefix("giro.sta: 2 new, 0 duplicates, 0 skipped, 1 uncategorized\n"))
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("2024-03-01 * Landlord\n"))
        #expect(journal.contains("; memo: category: Rent\n"))
        #expect(journal.contains("2024-03-01 * CAFE CENTRAL | Kaffee und Kuchen\n"))
        #expect(journal.contains("; source: giro.sta:6\n"))
        let hledger = try #require(Workspace.tool("hledger"))
        let balances = try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "--flat"]).stdout
        #expect(balances.contains("\"assets:bank:checking\",\"1750.00 EUR\""))
        #expect(balances.contains("\"assets:bank:giro\",\"587.50 EUR\""))
        #expect(balances.contains("\"expenses:housing:rent\",\"1250.00 EUR\""))
        #expect(balances.contains("\"expenses:food:coffee\",\"12.50 EUR\""))
        let before = try w.bytes("ledger.journal")
        #expect(try w.penny("import", "--account", "assets:bank:checking", "export.qif").stdout.hasPrefix("export.qif: 0 new, 2 duplicates"))
        #expect(try w.penny("import", "giro.sta").stdout.hasPrefix("giro.sta: 0 new, 2 duplicates"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    /// Issue 31: with `--account`, an MT940 of two accounts had both booked into the one
    /// named, their balances mixed, with a warning at most.
    @Test func forcingOneAccountOnAFileOfTwoIsRefused() throws {
        let w = try workspace()
        let second = Self.mt940.replacingOccurrences(of: "{1:F01COBADEFFXXXX0000000000}{2:I940COBADEFFXXXXN}{4:\n", with: "")
            .replacingOccurrences(of: "-}\n", with: "")
            .replacingOccurrences(of: "DE89370400440532013000", with: "DE02120300000000202051")
            .replacingOccurrences(of: "STMT2024-03", with: "STMT2024-03B")
        let two = Self.mt940.replacingOccurrences(of: "-}\n", with: second + "-}\n")
        try two.write(toFile: w.path("two.sta"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "--account", "giro", "two.sta")
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "error: the file holds statements of two accounts ('DE89370400440532013000', line 2, and 'DE02120300000000202051'): --account would book both into assets:bank:giro"
            ), "\(result.stderr)")
        let ledger = FileManager.default.contents(atPath: w.path("ledger.journal")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!ledger.contains("Kaffee"))
    }

    @Test func aCutOffMT940LeavesTheLedgerAsItWas() throws {
        let w = try workspace()
        try w.penny("import", "--account", "assets:bank:checking", "export.qif")
        let before = try w.bytes("ledger.journal")
        let cut = Self.mt940.components(separatedBy: ":62F:")[0]
        try cut.write(toFile: w.path("giro.sta"), atomically: true, encoding: .utf8)
        let result = try w.penny("import", "giro.sta")
        #expect(result.status != 0)
        #expect(result.stderr.contains("giro.sta:2: error: the statement that starts here has no closing balance (:62F: or :62M:): the file may be cut off"))
        #expect(try w.bytes("ledger.journal") == before)
    }

    /// Issue 31: the booking (entry) date is the ledger date; a value date that differs is
    /// kept as a tag.
    @Test func theValueDateIsKeptAsATagBesideTheBookingDate() throws {
        let w = try workspace()
        let valued = Self.mt940.replacingOccurrences(of: ":61:2403010301D12,50", with: ":61:2402290301D12,50")
        try valued.write(toFile: w.path("giro.sta"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "giro.sta").status == 0)
        let journal = try w.text("ledger.journal")
        #expect(journal.contains("2024-03-01 * CAFE CENTRAL | Kaffee und Kuchen\n"))
        #expect(journal.components(separatedBy: "; value-date: 2024-02-29\n").count == 2)
        #expect(!journal.contains("; value-date: 2024-03-05"))
    }
}

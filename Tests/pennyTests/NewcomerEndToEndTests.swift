import Foundation
import Testing

/// Issue 9's "done when": a newcomer whose rules hold only account declarations drops real
/// exports from unknown banks (DE, UK, BR, NL, US, CH), a QIF and an MT940 into the inbox;
/// `penny import --inbox` books each to the cent in its own account, writes readable
/// profiles, quarantines the ambiguous file with the ambiguity named, and files neither
/// IBAN under the card that shares its last four digits.
@Suite(.serialized) struct NewcomerEndToEndTests {
    /// Only accounts: no csv profile, no category rule. The cards are declared first, each
    /// with the last four digits of a bank IBAN below, so a suffix match taken before an
    /// exact one would file the bank statements under the cards.
    static let accounts = """
        default currency EUR

        account liabilities:card:visa
          id *7890
          type card

        account liabilities:card:amex
          id *0189
          type card

        account assets:bank:ing-de
          id "DE12 3456 7890 1234 5678 90"

        account assets:bank:nationwide
          currency GBP

        account assets:bank:bb
          alias banco-do-brasil
          currency BRL

        account assets:bank:ing-nl

        account assets:bank:dcu
          currency USD

        account assets:bank:zkb
          currency CHF

        account assets:bank:checking
          currency USD

        account assets:bank:fr-courant
          id FR7630006000011234567890189

        """

    /// Fixture (`Fixtures/newcomer/`, sources in `Fixtures/SOURCES.md`) → where it is dropped.
    static let drops: [(String, String)] = [
        ("ing-de-umsatzanzeige.csv", "inbox/ing-de-umsatzanzeige.csv"),  // DE: its IBAN is in its preamble
        ("nationwide.csv", "inbox/nationwide/nationwide.csv"),  // UK: no header, no account
        ("extratofake.csv", "inbox/banco-do-brasil/extratofake.csv"),  // BR: the folder is an alias
        ("ing-nl.csv", "inbox/ing-nl/ing-nl.csv"),  // NL: no header, Af/Bij
        ("dcu-checking.csv", "inbox/dcu/dcu-checking.csv"),  // US: -$7,971.39
        ("zkb.csv", "inbox/zkb/zkb.csv"),  // CH: BOM, debit/credit columns
        ("test_qif.qif", "inbox/checking/test_qif.qif"),  // QIF: names no account, the folder does
        ("data.sta", "inbox/data.sta"),  // MT940 (FR): its :25: IBAN names the account
        ("fr-meta-data.csv", "inbox/ing-nl/fr-meta-data.csv"),  // FR: day/month order unprovable
    ]

    /// Per own account: postings and their sum in minor units. Derived without Penny:
    /// the CSV figures with Python's csv and decimal modules (the readings of
    /// scripts/sniff_corpus.py's SPEC: ING DE column 8 after 15 lines, Nationwide paid in
    /// minus paid out, Banco do Brasil "Valor" without the "Saldo Anterior" row, ING NL
    /// amount negated on "Af", DCU "AMOUNT", ZKB credit minus debit); the QIF and MT940
    /// figures are shared/corpus/EXPECTED.json's n_T_amounts/sum_T and n_61/sum_61_signed.
    /// The MT940 account also gets the opening its :60F: states (1500.00, EXPECTED.json's
    /// balances): 6 + 1 postings, 996.71 + 1500.00 = its :62F: closing 2496.71.
    static let expected: [String: (count: Int, sum: Int64, currency: String)] = [
        "assets:bank:ing-de": (9, -17_860, "EUR"),
        "assets:bank:nationwide": (4, 36_023, "GBP"),
        "assets:bank:bb": (22, 80_500, "BRL"),
        "assets:bank:ing-nl": (3, -1_863, "EUR"),
        "assets:bank:dcu": (10, 50_000, "USD"),
        "assets:bank:zkb": (7, 454_950, "CHF"),
        "assets:bank:checking": (5, -189_609, "USD"),
        "assets:bank:fr-courant": (7, 249_671, "EUR"),
    ]

    /// Each own-account posting of the journal as (account, minor units, currency).
    func ownPostings(_ journal: String) throws -> [(String, Int64, String)] {
        try journal.split(separator: "\n").filter { $0.hasPrefix("    ") && !$0.hasPrefix("    ;") }.compactMap { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard parts.count == 3, parts[0].hasPrefix("assets:") || parts[0].hasPrefix("liabilities:") else { return nil }
            let digits = parts[1].replacingOccurrences(of: "-", with: "").split(separator: ".")
            #expect(digits.count == 2 && digits[1].count == 2, "\(line)")
            let units = try #require(Int64(digits.joined()))
            return (parts[0], parts[1].hasPrefix("-") ? -units : units, parts[2])
        }
    }

    @Test func unknownBanksAQIFAndAnMT940ImportToTheCentWithOnlyAccountsDeclared() throws {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try Self.accounts.write(toFile: w.path("rules/accounts.rules"), atomically: true, encoding: .utf8)
        for (name, target) in Self.drops { try w.copy(fixture: "newcomer/\(name)", as: target) }

        let run = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        // The ambiguous file makes the run exit 1; everything else imported.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("total: 9 files, 66 new, 0 duplicates, 1 skipped, 66 uncategorized, 1 rejected\n"), "\(run.stdout)")
        // The balance line the sniffer passes over is counted and named.
        #expect(run.stdout.contains("  note: 1 row skipped as not a transaction: skip-row 'Saldo Anterior', the first on line"), "\(run.stdout)")

        // To the cent, in the right account; nothing under either card.
        let postings = try ownPostings(try w.text("ledger.journal"))
        for (account, fact) in Self.expected {
            let mine = postings.filter { $0.0 == account }
            #expect(mine.count == fact.count, "\(account)")
            #expect(mine.reduce(Int64(0)) { $0 + $1.1 } == fact.sum, "\(account)")
            #expect(mine.allSatisfy { $0.2 == fact.currency }, "\(account)")
        }
        #expect(Set(postings.map(\.0)) == Set(Self.expected.keys))
        #expect(!postings.contains { $0.0.hasPrefix("liabilities:card:") })

        // The ambiguous file: quarantined, with the ambiguity and the candidates named.
        let reason = try w.text("quarantine/fr-meta-data.csv.error.txt")
        #expect(reason.contains("cannot tell how to read this CSV: date format: all 4 dates read as %d/%m/%y and as %m/%d/%y, e.g. '01/04/20' (line 6)"))
        #expect(reason.contains("  # date format: pick one:\n  #   date \"Date\" %d/%m/%y\n  #   date \"Date\" %m/%d/%y\n"))
        #expect(!(try w.text("ledger.journal")).contains("fr-meta-data"))

        // The written profiles are readable rules: `rules check` parses them back.
        let written = try FileManager.default.contentsOfDirectory(atPath: w.path("rules/csv")).sorted()
        #expect(written == ["dcu-checking.rules", "extratofake.rules", "ing-de-umsatzanzeige.rules", "ing-nl.rules", "nationwide.rules", "zkb.rules"])
        let check = try w.penny("rules", "check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("10 accounts, 6 csv profiles, 0 rules; no errors"), "\(check.stdout)")
        let german = try w.text("rules/csv/ing-de-umsatzanzeige.rules")
        #expect(german.contains("  encoding windows-1252\n  header-lines 15\n  date \"Buchung\" %d.%m.%Y\n"))
        #expect(german.contains("  amount \"Betrag\"\n  decimal-mark ,\n  balance \"Saldo\"\n"))

        // Next month's file from the same bank is read by the profile written for it.
        try w.copy(fixture: "newcomer/ing-de-umsatzanzeige.csv", as: "inbox/ing-de-2.csv")
        let again = try w.penny("import", "--inbox", "inbox", "--settle", "0")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("inbox/ing-de-2.csv: 0 new, 9 duplicates"), "\(again.stdout)")
        #expect(!again.stdout.contains("wrote it"))
    }
}

import Foundation
import PennyCore
import PennyImport
import PennyPipeline
import PennyRules
import Testing

/// Penny's built-in bank profiles: each claims a sample written in its bank's published
/// layout (`Fixtures/SOURCES.md`) and reads it to the sample's count and sum; the user's own
/// profile still comes first.
@Suite struct BuiltinProfileTests {
    /// A sample, the built-in profile that must claim it, its row count and its sum in minor units.
    struct Sample: CustomTestStringConvertible, Sendable {
        let file: String
        let profile: String
        let count: Int
        let sum: Int64
        var testDescription: String { file }
    }

    static let samples: [Sample] = [
        Sample(file: "aib.csv", profile: "builtin-aib", count: 3, sum: 236_945),
        Sample(file: "bankofireland.csv", profile: "builtin-bank-of-ireland", count: 3, sum: 6_880),
        Sample(file: "barclays.csv", profile: "builtin-barclays", count: 3, sum: 146_656),
        Sample(file: "boursorama.csv", profile: "builtin-boursorama", count: 3, sum: 128_410),
        Sample(file: "capitalone.csv", profile: "builtin-capitalone", count: 3, sum: 3_026),
        Sample(file: "chase.csv", profile: "builtin-chase", count: 3, sum: 184_425),
        Sample(file: "commerzbank.csv", profile: "builtin-commerzbank", count: 3, sum: 151_783),
        Sample(file: "dkb.csv", profile: "builtin-dkb", count: 3, sum: 203_020),
        Sample(file: "hungarian.csv", profile: "builtin-hu-netbank", count: 3, sum: 33_251_000),
        Sample(file: "ing-nl.csv", profile: "builtin-ing-nl", count: 3, sum: 171_398),
        Sample(file: "lloyds.csv", profile: "builtin-lloyds-halifax", count: 3, sum: 114_505),
        Sample(file: "monzo.csv", profile: "builtin-monzo", count: 3, sum: 148_175),
        Sample(file: "nubank.csv", profile: "builtin-nubank-card", count: 3, sum: 43_570),
        Sample(file: "paypal.csv", profile: "builtin-paypal", count: 2, sum: 4_126),
        Sample(file: "schwab.csv", profile: "builtin-schwab-checking", count: 3, sum: 138_050),
        Sample(file: "starling.csv", profile: "builtin-starling", count: 3, sum: 47_450),
        // The fee row shares its card payment's TransferWise ID and must still be booked.
        Sample(file: "wise.csv", profile: "builtin-wise", count: 3, sum: 97_625),
        // Real exports from shared/corpus/csv (figures from scripts/sniff_corpus.py's independent reading).
        Sample(file: "corpus/schwab_XXX234_Checking_Transactions_20220203.csv", profile: "builtin-schwab-checking", count: 2, sum: -100),
        Sample(file: "corpus/paypal-custom.csv", profile: "builtin-paypal", count: 4, sum: -658),
        Sample(file: "corpus/bom_utf8_file.csv", profile: "builtin-paypal", count: 0, sum: 0),
        Sample(file: "corpus/utf-8-bom.csv", profile: "builtin-hu-netbank", count: 2, sum: 20_000),
    ]

    @Test(arguments: samples) func aSampleIsClaimedAndReadByItsBanksProfile(_ sample: Sample) throws {
        let url = packageRoot.appendingPathComponent("Tests/PennyPipelineTests/Fixtures/\(sample.file.hasPrefix("corpus/") ? "" : "builtin/")\(sample.file)")
        let probe = try FileProbe(url: url)
        let configuration = ReaderConfiguration(csvProfiles: BuiltinProfiles.all, defaultCurrency: .euro)
        let profile = try #require(CSVReader().profile(for: probe, configuration: configuration))
        #expect(profile.name == sample.profile)
        var transactions: [Transaction] = []
        try CSVReader().read(url, profile: profile, displayName: sample.file, configuration: configuration) { (event) throws(PennyError) in
            if case .transaction(let t) = event { transactions.append(t) }
        }
        #expect(transactions.count == sample.count)
        #expect(transactions.reduce(Int64(0)) { $0 + $1.amount.minorUnits } == sample.sum)
    }

    @Test func everyBuiltinFileParses() {
        // BuiltinProfiles.all is empty when one file has a rules error.
        #expect(
            BuiltinProfiles.all.map(\.name).sorted() == [
                "builtin-aib", "builtin-bank-of-ireland", "builtin-barclays", "builtin-boursorama", "builtin-capitalone", "builtin-chase",
                "builtin-commerzbank", "builtin-dkb", "builtin-hu-netbank", "builtin-ing-nl", "builtin-lloyds-halifax", "builtin-monzo", "builtin-n26",
                "builtin-nubank-card", "builtin-paypal", "builtin-revolut", "builtin-schwab-checking", "builtin-starling", "builtin-wise",
            ])
    }

    @Test func theUsersOwnProfileWinsOverABuiltinOne() throws {
        let folder = try ScratchFolder()
        let rules = try RulesLoader.load(
            text: """
                default currency GBP

                account assets:bank:starling

                csv mine
                  match-header "Date,Counter Party,Reference"
                  account assets:bank:starling
                  date "Date" %d/%m/%Y
                  description "Reference"
                  amount "Amount (GBP)"
                  negate

                """, file: "mine.rules")
        let sample = packageRoot.appendingPathComponent("Tests/PennyPipelineTests/Fixtures/builtin/starling.csv").path
        let rejected = try ImportRun(rules: rules, ledgerPath: folder.path("ledger.journal"), console: CapturedOutput().console()).perform(paths: [sample])
        #expect(rejected == 0)
        let journal = try folder.text("ledger.journal")
        // Negated by the user's profile: the salary is money out, which the built-in would never say.
        let own = journal.split(separator: "\n").filter { $0.contains("assets:bank:starling") }
        #expect(own.contains { $0.hasSuffix(" -1500.00 GBP") })
        #expect(own.contains { $0.hasSuffix(" 1000.00 GBP") && !$0.hasSuffix("-1000.00 GBP") })
    }
}

import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// wolph/mt940's test files, checked against that library's own expectations (its `.yml`
/// files, turned into `EXPECTED-mt940-wolph.json` by `scripts/mt940_expected.py`): every
/// transaction's booking date, amount and currency, in order, or a refusal with a
/// location listed here and in docs/conformance.md.
struct MT940WolphConformanceTests {
    nonisolated(unsafe) static let facts: [String: [String: Any]] = {
        let data = try! Data(contentsOf: Conformance.root.appendingPathComponent("EXPECTED-mt940-wolph.json"))
        let json = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return json["files"] as! [String: [String: Any]]
    }()

    /// Fragments no reader claims by content (no `:20:` with a `:25:`, `:60F:` or `:61:`):
    /// an import refuses them as `unrecognized statement format` at line 1 before the
    /// MT940 reader sees them (with `--format mt940`, by the messages below).
    static var unclaimed: Set<String> {
        Set(rejections.filter { $0.value == noStatement }.keys.map { "mt940/wolph-mt940/\($0)" })
            .union(["mt940/wolph-mt940/betterplace/empty_line.sta", "mt940/wolph-mt940/cmxl/reference.sta"])
    }

    static let noStatement = "no statement in this MT940 file: expected a :20: field"
    static let noClosing = "the statement that starts here has no closing balance (:62F: or :62M:)"

    /// Files refused, with the start of the message: each names its line.
    static let rejections: [String: String] = [
        // Fragments that test one tag of the library's parser: no statement to import.
        "betterplace/amount_formats.sta": noStatement,
        "betterplace/currency_in_25.sta": noStatement,
        "betterplace/empty_86.sta": noStatement,
        "betterplace/empty_entry_date.sta": noStatement,
        "betterplace/missing_crlf_at_end.sta": noStatement,
        "cmxl/account_balance_credit.sta": noStatement,
        "cmxl/account_balance_debit.sta": noStatement,
        "cmxl/account_identification_iban.sta": noStatement,
        "cmxl/account_identification_legacy.sta": noStatement,
        "cmxl/available_balance.sta": noStatement,
        "cmxl/closing_balance.sta": noStatement,
        "cmxl/statement_details.sta": noStatement,
        "cmxl/statement_line.sta": noStatement,
        "cmxl/statement_number.sta": noStatement,
        "self-provided/empty_non_swift.sta": noStatement,
        "self-provided/invalid_statement.sta": noStatement,
        "self-provided/sparkassen.sta": noStatement,
        // A :20: and a few tags, no closing balance.
        "betterplace/empty_line.sta": noClosing,
        "cmxl/reference.sta": noClosing,
        "self-provided/account_identification.sta": noClosing,
        "self-provided/gv_codes.sta": noClosing,
        "betterplace/sepa_snippet_broken.sta": "the file ends in the middle of a line, without a line end: it was cut off",
        // 30 February: the library reads 29 February.
        "self-provided/february_30.sta": "cannot read :61: '1602300301DR6,00N024NONREF': expected the value date as YYMMDD",
        "self-provided/transaction_details_wrapped.sta": "cannot read :61: '1602300301DR6,00N024NONREF': expected the value date as YYMMDD",
        "self-provided/wrapped_timestamp.sta": "cannot read :61: '1602300301DR6,00N024NONREF': expected the value date as YYMMDD",
        // `MCI0`: SWIFT's type code starts with N, F or S.
        "self-provided/mt942.sta": "cannot read :61: '1610301031D0,42MCI0NONREF//055001022000001': expected a transaction type like NTRF after the amount",
        // After the statement's :62F:, :64: and `-`, a :61: that no closing balance follows.
        "self-provided/multiline.sta": noClosing,
        // `:62M:C020315105000,00`: no currency.
        "self-provided/raphaelm.sta": "unknown currency '105' in :62M:",
    ]

    @Test(arguments: facts.keys.sorted())
    func matchesTheLibrarysExpectations(key: String) throws {
        let file = "mt940/wolph-mt940/\(key)"
        let facts = try #require(Self.facts[key])
        let rejections = Dictionary(uniqueKeysWithValues: Self.rejections.map { ("mt940/wolph-mt940/\($0.key)", $0.value) })
        guard let outcome = Conformance.readOrExpectRejection(file, with: MT940Reader(), rejections: rejections) else { return }
        let expected = facts["transactions"] as? [[String: Any]] ?? []
        #expect(outcome.transactions.count == expected.count, "\(file): count")
        for (t, e) in zip(outcome.transactions, expected) {
            let booked = (e["entry_date"] as? String) ?? (e["value_date"] as? String)
            #expect(t.date.description == booked, "\(file):\(t.location.line): booking date")
            // wolph/mt940 signs only `D` negative; SWIFT's `RC` (a credit reversed) is a debit.
            let amount = Conformance.tenThousandths(e["amount"] as? String ?? "x").map { e["status"] as? String == "RC" ? -$0 : $0 }
            #expect(Conformance.tenThousandths(t.amount) == amount, "\(file):\(t.location.line): amount")
            if let currency = e["currency"] as? String { #expect(t.amount.currency.code == currency, "\(file):\(t.location.line): currency") }
        }
    }
}

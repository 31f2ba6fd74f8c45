import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Every OFX/QFX file of the corpus: matches the independently derived facts to the cent,
/// or is rejected with a location for the reason written in docs/conformance.md.
struct OFXConformanceTests {
    /// Files Penny rejects on purpose, with the start of the message (docs/conformance.md).
    static let rejections: [String: String] = [
        "ofx/oca-bank-statement-import/test_ofx_wrong.ofx": "transaction without DTPOSTED",
        "ofx/ofxparse/fail_nice/date_missing.ofx": "transaction without DTPOSTED",
        "ofx/ofxparse/fail_nice/decimal_error.ofx": "cannot read DTPOSTED '201120000000'",
        "ofx/ofxparse/bank_small.ofx": "no bank (STMTRS), card (CCSTMTRS) or investment (INVSTMTRS) statement",
        "ofx/ofxparse/account_listing_aggregation.ofx": "no bank (STMTRS), card (CCSTMTRS) or investment (INVSTMTRS) statement",
        "ofx/ofxparse/error_message.ofx": "no bank (STMTRS), card (CCSTMTRS) or investment (INVSTMTRS) statement",
        "ofx/ofxparse/signon_fail.ofx": "no bank (STMTRS), card (CCSTMTRS) or investment (INVSTMTRS) statement",
        "ofx/ofxgo/moneymrkt1_v203.ofx": "cannot read TRNAMT '1303.7355652284177': amount has more than 2 decimals (USD)",
        "ofx/ofxparse/fidelity-savings.ofx": "cannot read TRNAMT '+00000000000115.8331': amount has more than 2 decimals (USD)",
    ]

    @Test(arguments: Conformance.files("ofx"))
    func matchesTheCorpusFacts(file: String) throws {
        let facts = try #require(Conformance.expected[file], "no facts for \(file)")
        guard let outcome = Conformance.readOrExpectRejection(file, with: OFXReader(), rejections: Self.rejections) else { return }
        let raw = try #require(facts["raw_scan"] as? [String: Any])
        #expect(outcome.transactions.count == raw["n_STMTTRN"] as? Int, "\(file): count")
        let sum = outcome.transactions.reduce(Int64(0)) { $0 + Conformance.tenThousandths($1.amount) }
        #expect(sum == Conformance.tenThousandths(raw["sum_TRNAMT"] as? String ?? "0"), "\(file): sum")
        if let dates = raw["DTPOSTED_yyyymmdd"] as? [String: Any], let first = dates["first_in_file"] as? String, let last = dates["last_in_file"] as? String {
            #expect(outcome.transactions.first.map { $0.date.description.replacingOccurrences(of: "-", with: "") } == first, "\(file): first date")
            #expect(outcome.transactions.last.map { $0.date.description.replacingOccurrences(of: "-", with: "") } == last, "\(file): last date")
        }
        // Where ofxtools read the file, the statements, accounts and balances agree too.
        if let tools = facts["ofxtools"] as? [String: Any], tools["ok"] as? Bool == true, let statements = tools["statements"] as? [[String: Any]] {
            #expect(outcome.headers.count == statements.count, "\(file): statements")
            for (header, expected) in zip(outcome.headers, statements) {
                #expect(header.accountIdentifier == expected["account_id"] as? String, "\(file): account")
                if let balance = expected["ledger_balance"] as? String {
                    #expect(header.closing.map { Conformance.tenThousandths($0.amount) } == Conformance.tenThousandths(balance), "\(file): ledger balance")
                }
            }
            // Names and memos, decoded from the file's charset, as ofxtools read them.
            let texts = statements.flatMap { $0["txn_text"] as? [[String: Any]] ?? [] }
            for (t, expected) in zip(outcome.transactions, texts) {
                #expect(t.bankID == expected["fitid"] as? String, "\(file): FITID")
                if let name = expected["name"] as? String {
                    // Penny trims white space around values (suncorp's CDATA keeps two trailing spaces).
                    #expect(t.description == name.trimmingCharacters(in: .whitespaces), "\(file): NAME")
                    #expect(t.memo == expected["memo"] as? String, "\(file): MEMO")
                }
            }
        }
    }
}

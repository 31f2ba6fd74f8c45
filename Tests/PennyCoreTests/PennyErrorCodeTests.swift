import Foundation
import PennyCore
import Testing

/// Every error has a stable code: its kind's own, or a finer one under it, each listed in
/// docs/nightly.md for whoever matches them.
struct PennyErrorCodeTests {
    @Test func theKindGivesTheDefaultCode() {
        #expect(PennyError.badInput("x").code == .input)
        #expect(PennyError.configuration("x").code == .configuration)
        #expect(PennyError(.ledgerUnavailable, "x").code == .ledger)
    }

    @Test func aFinerCodeKeepsEverythingElse() {
        let error = PennyError.badInput("no reader", at: SourceLocation(file: "a.pdf", line: 1)).coded(.unrecognized)
        #expect(error.code.rawValue == "input.unrecognized")
        #expect(error.headline == "a.pdf:1: error: no reader")
        #expect(error.kind == .badInput)
    }

    @Test func codesAreDistinctWordsUnderTheirKind() {
        let names = PennyError.Code.all.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.wholeMatch(of: /(input|config|ledger)(\.[a-z]+(-[a-z]+)*)?/) != nil, "\(name)")
        }
    }

    @Test func everyCodeIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/nightly.md"), encoding: .utf8)
        for code in PennyError.Code.all { #expect(doc.contains("`\(code.rawValue)`"), "\(code) is not in docs/nightly.md") }
    }
}

import Foundation
import PennyTestSupport
import PennyCore
import Testing

@testable import PennyImport

/// A download that stopped early is the most common bad file there is. Every cut of the
/// samples and of conformance files, at every 7th byte, is refused: none reads in part.
/// (A CSV cut between two rows cannot be told from a shorter export; one cut inside a
/// quoted field is refused: docs/conformance.md.)
struct TruncationTests {
    static let files: [(path: String, reader: any StatementReader)] = [
        ("samples/visa-2024-03.ofx", OFXReader()),
        ("samples/montepio-savings-2024-03.camt.xml", CAMTReader()),
        ("samples/n26-2024-03.json", JSONReader()),
        ("Tests/PennyImportTests/Fixtures/conformance/ofx/ofxtools/stmtrs.ofx", OFXReader()),
        ("Tests/PennyImportTests/Fixtures/conformance/ofx/beangulp/2013-12-03.bofa.ofx", OFXReader()),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// True when reading `bytes` ends in an error.
    static func refuses(_ bytes: [UInt8], name: String, reader: some StatementReader) -> Bool {
        let url = TestScratch.root.appendingPathComponent("penny-cut-\(UUID().uuidString)-\(name)")
        defer { try? FileManager.default.removeItem(at: url) }
        guard (try? Data(bytes).write(to: url)) != nil else { return false }
        do throws(PennyError) {
            let probe = try FileProbe(url: url)
            try reader.read(probe, displayName: name, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { _ in }
            return false
        } catch {
            return true
        }
    }

    @Test(arguments: files.map(\.path))
    func everyCutIsRefused(path: String) throws {
        let reader = try #require(Self.files.first { $0.path == path }?.reader)
        let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent(path)))
        let whole = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var accepted: [Int] = []
        var cuts = 0
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            let part = Array(bytes[..<cut])
            // A cut that only drops trailing white space is the whole file.
            if String(decoding: part, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == whole { continue }
            cuts += 1
            if !Self.refuses(part, name: URL(fileURLWithPath: path).lastPathComponent, reader: reader) { accepted.append(cut) }
        }
        #expect(cuts > 50)
        #expect(accepted.isEmpty, "\(path): cuts at \(accepted.prefix(10)) were read")
    }

    /// Issue 33, item 14: an MT940 cut inside its closing balance line recorded 876.00 for
    /// 876.84, and a cut MT942 imported its transactions with the last reference cut
    /// short. Every cut that is not at a line end is refused now; a cut at a line end
    /// leaves a statement without its closing balance, refused as before, or whole
    /// statements only.
    @Test(arguments: [
        "Tests/PennyImportTests/Fixtures/conformance/mt940/wolph-mt940/jejik/abnamro.sta",
        "Tests/PennyImportTests/Fixtures/conformance/mt940/wolph-mt940/jejik/rabobank.sta",
        "Tests/PennyImportTests/Fixtures/conformance/mt940/actual/data.sta",
    ])
    func everyMidLineCutOfAnMT940IsRefused(path: String) throws {
        let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent(path)))
        var accepted: [Int] = []
        var cuts = 0
        for cut in stride(from: 1, to: bytes.count - 1, by: 3) where bytes[cut - 1] != 0x0A && bytes[cut - 1] != 0x0D {
            cuts += 1
            if !Self.refuses(Array(bytes[..<cut]), name: "cut.sta", reader: MT940Reader()) { accepted.append(cut) }
        }
        #expect(cuts > 50)
        #expect(accepted.isEmpty, "\(path): cuts at \(accepted.prefix(10)) were read")
    }
}

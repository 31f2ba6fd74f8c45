import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Formats are told apart by content, not by file name.
struct DetectionTests {
    static let configuration = ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)

    @Test(arguments: Conformance.files("ofx") + Conformance.files("camt") + Conformance.files("json"))
    func everyCorpusFileIsClaimedByItsOwnReaderOnly(file: String) throws {
        let probe = try FileProbe(url: Conformance.root.appendingPathComponent(file))
        let reader = try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: file)
        #expect(reader.format.rawValue == String(file.prefix { $0 != "/" }), "\(file)")
    }

    @Test func aFileNoReaderClaimsNamesWhatWasTried() {
        let probe = FileProbe(url: URL(fileURLWithPath: "/tmp/notes.bin"), head: Array("hello".utf8))
        #expect(throws: PennyError.self) { try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: "notes.bin") }
        do {
            _ = try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: "notes.bin")
        } catch {
            #expect(error.headline == "notes.bin: error: unrecognized statement format (tried csv, ofx, camt, json)")
        }
    }

    @Test func aFileTwoReadersClaimIsRejected() {
        var profile = CSVProfile(name: "everything", location: SourceLocation(file: "r.rules", line: 1))
        profile.fileGlobs = ["*"]
        let configuration = ReaderConfiguration(csvProfiles: [profile], defaultCurrency: .euro)
        let probe = FileProbe(url: URL(fileURLWithPath: "/tmp/x.ofx"), head: Array("OFXHEADER:100\n<OFX>".utf8))
        do {
            _ = try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: configuration, displayName: "x.ofx")
            Issue.record("expected a conflict")
        } catch {
            #expect(error.headline == "x.ofx: error: several formats claim this file (csv, ofx); choose one with --format")
        }
        #expect((try? ReaderRegistry.standard.reader(for: probe, forcedFormat: .ofx, configuration: configuration, displayName: "x.ofx"))?.format == .ofx)
    }
}

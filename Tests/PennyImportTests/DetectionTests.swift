import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// Formats are told apart by content, not by file name.
struct DetectionTests {
    static let configuration = ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)

    @Test(arguments: ["ofx", "camt", "json", "qif", "mt940"].flatMap(Conformance.files).filter { !MT940WolphConformanceTests.unclaimed.contains($0) })
    func everyCorpusFileIsClaimedByItsOwnReaderOnly(file: String) throws {
        let probe = try FileProbe(url: Conformance.root.appendingPathComponent(file))
        let reader = try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: file)
        #expect(reader.format.rawValue == String(file.prefix { $0 != "/" }), "\(file)")
    }

    @Test(arguments: MT940WolphConformanceTests.unclaimed.sorted())
    func aFragmentOfTagsIsClaimedByNoReader(file: String) throws {
        let probe = try FileProbe(url: Conformance.root.appendingPathComponent(file))
        #expect(throws: PennyError.self) {
            try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: file)
        }
    }

    @Test func aFileNoReaderClaimsNamesWhatWasTried() {
        let probe = FileProbe(url: URL(fileURLWithPath: "/tmp/notes.bin"), head: Array("hello".utf8))
        #expect(throws: PennyError.self) { try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: "notes.bin") }
        do {
            _ = try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: "notes.bin")
        } catch {
            #expect(error.headline == "notes.bin:1: error: unrecognized statement format (tried csv, ofx, camt, json, qif, mt940)")
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
    @Test func aSwiftEnvelopeIsMT940NotJSON() throws {
        let swift = FileProbe(url: URL(fileURLWithPath: "/tmp/statement.txt"), head: Array("{1:F01BANKFRPPAXXX0000000000}\n{2:I940BANKFRPPXXXXN}\n{4:\n:20:X\n".utf8))
        #expect(try ReaderRegistry.standard.reader(for: swift, forcedFormat: nil, configuration: Self.configuration, displayName: "statement.txt").format == .mt940)
        let json = FileProbe(url: URL(fileURLWithPath: "/tmp/statement.txt"), head: Array("{\n  \"transactions\": []}".utf8))
        #expect(try ReaderRegistry.standard.reader(for: json, forcedFormat: nil, configuration: Self.configuration, displayName: "statement.txt").format == .json)
    }

    @Test func qifAfterAByteOrderMarkAndBlankLinesIsQIF() throws {
        let probe = FileProbe(url: URL(fileURLWithPath: "/tmp/export.dat"), head: [0xEF, 0xBB, 0xBF] + Array("\r\n!Account\r\nNChecking\r\n^\r\n".utf8))
        #expect(try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: "export.dat").format == .qif)
    }

    @Test func mt940WithABankPreambleIsMT940() throws {
        let probe = FileProbe(url: URL(fileURLWithPath: "/tmp/export.dat"), head: Array("ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:517852257\n".utf8))
        #expect(try ReaderRegistry.standard.reader(for: probe, forcedFormat: nil, configuration: Self.configuration, displayName: "export.dat").format == .mt940)
    }
}
